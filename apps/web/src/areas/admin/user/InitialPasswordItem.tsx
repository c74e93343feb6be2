// The optional initial password of a new account (docs/users.md "Passwords"): empty → the server makes one.
import { Form, Input } from 'antd';
import { USER_TEXTS as T } from './texts';

export function InitialPasswordItem() {
  return (
    <Form.Item
      label={T.fields.password}
      name="password"
      extra={T.fields.passwordHelp}
      rules={[{ min: 8, message: T.rules.passwordShort }]}
    >
      <Input.Password maxLength={128} autoComplete="new-password" />
    </Form.Item>
  );
}
