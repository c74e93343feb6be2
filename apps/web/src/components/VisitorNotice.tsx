// Shown on open pages whose content needs a login.
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';

export function VisitorNotice({ text, action }: { text: string; action: string }) {
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      title={text}
      action={
        <Button type="primary" onClick={() => navigate('/')}>
          {action}
        </Button>
      }
    />
  );
}
