// Shows a new account's or a reset's password once (docs/users.md "Passwords"); it is never shown again.
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { USER_TEXTS as T } from './texts';

export interface ShownPassword {
  name: string;
  username: string;
  password: string;
}

export function PasswordOnceModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  return (
    <Modal
      open={shown !== null}
      title={T.passwordTitle}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      {shown && (
        <>
          <Alert type="warning" showIcon title={T.passwordHint} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={T.columns.name}>{shown.name}</Descriptions.Item>
            <Descriptions.Item label={T.columns.username}>
              <Typography.Text copyable>{shown.username}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={T.fields.password}>
              <Typography.Text code copyable data-testid="shown-password">
                {shown.password}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
