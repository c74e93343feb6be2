// A training page whose read failed: 训练不存在 for a 404 (someone else's or a wrong id), else the server's
// message with 重新加载; both with a way back.
import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { errorText, isEnvelopeError } from '../../api/client';
import { ResultPage } from '../ResultPage';
import { TRAIN_TEXTS } from './texts';

export interface LoadFailedProps {
  error: unknown;
  onRetry: () => void;
  /** What a 404 means here. */
  missing?: string;
  back?: { to: string; label: string };
}

export function LoadFailed({
  error,
  onRetry,
  missing = TRAIN_TEXTS.doing.notFound,
  back = { to: '/student/train', label: TRAIN_TEXTS.backToList },
}: LoadFailedProps) {
  const notFound = isEnvelopeError(error, 404);
  return (
    <ResultPage
      status={notFound ? 404 : 'error'}
      title={notFound ? missing : TRAIN_TEXTS.loadFailed}
      subTitle={notFound ? undefined : errorText(error)}
      extra={
        <Space>
          {!notFound && <Button onClick={onRetry}>{TRAIN_TEXTS.reload}</Button>}
          <Link to={back.to}>{back.label}</Link>
        </Space>
      }
    />
  );
}

/** 重新加载 as an Alert's action (lists that keep their frame when a page of them fails). */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button size="small" onClick={onRetry}>
      {TRAIN_TEXTS.reload}
    </Button>
  );
}
