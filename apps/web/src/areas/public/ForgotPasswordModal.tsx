// 忘记密码: passwords are never recovered by oneself; who resets them depends on the kind of account (docs/parents.md
// "Forgotten passwords").
import { Button, Modal, Typography } from 'antd';
import { LOGIN_HELP_TEXTS as T } from './login-texts';

export default function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      open
      title={T.forgotTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      <Typography.Paragraph>{T.forgotIntro}</Typography.Paragraph>
      <ul style={{ paddingLeft: 20, margin: 0 }}>
        {T.forgotWho.map(([who, how]) => (
          <li key={who} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{who}：</Typography.Text>
            <Typography.Text>{how}</Typography.Text>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
