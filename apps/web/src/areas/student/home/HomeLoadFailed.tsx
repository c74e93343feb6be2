// The home's summary when its read failed: the server's message with 重新加载 (docs/student-home.md). A chunk of
// its own, loaded only then (docs/performance.md "Bundle").
import { Alert, Button } from 'antd';
import { errorText } from '../../../api/client';
import { HOME_TEXTS } from './texts';

export default function HomeLoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={HOME_TEXTS.loadFailed}
      description={errorText(error)}
      action={
        <Button size="small" onClick={retry}>
          {HOME_TEXTS.retry}
        </Button>
      }
    />
  );
}
