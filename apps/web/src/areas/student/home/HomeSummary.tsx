// The student home's summary (docs/student-home.md): its one read, a skeleton while it runs, the server's message
// with 重新加载 when it fails, else the cards. A chunk of its own, loaded by the home: nothing of it weighs on the
// student's first load (docs/performance.md "Bundle").
import { Alert, Button } from 'antd';
import { errorText } from '../../../api/client';
import { HomeCards, HomeSkeleton } from './HomeCards';
import { useStudentHome } from './queries';
import { HOME_TEXTS } from './texts';

export default function HomeSummary() {
  const home = useStudentHome();
  if (home.isPending) return <HomeSkeleton />;
  if (home.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={HOME_TEXTS.loadFailed}
        description={errorText(home.error)}
        action={
          <Button size="small" onClick={() => void home.refetch()}>
            {HOME_TEXTS.retry}
          </Button>
        }
      />
    );
  return <HomeCards home={home.data} receivedAt={home.dataUpdatedAt} />;
}
