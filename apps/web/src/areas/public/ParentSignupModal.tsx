// 家长注册: a new parent account from a child's pairing code; then the parent is logged in and lands on /parent/.
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../api/mutation';
import { useSetLoginInfo } from '../../app/auth-actions';
import { useCall } from '../../app/session-context';
import { LOGIN_HELP_TEXTS as T } from './login-texts';

interface SignupForm {
  code: string;
  username: string;
  name: string;
  password: string;
  confirm: string;
}
const FIELDS = new Set(['code', 'username', 'name', 'password']);

export default function ParentSignupModal({ onClose }: { onClose: () => void }) {
  const call = useCall();
  const navigate = useNavigate();
  const setLoginInfo = useSetLoginInfo();
  const [form] = Form.useForm<SignupForm>();
  const signup = useApiMutation({
    mutationFn: async (v: SignupForm) => {
      const request = {
        code: v.code.replace(/\s+/g, '').toUpperCase(),
        username: v.username.trim(),
        name: v.name.trim(),
        password: v.password,
      };
      await call(API.parentSignup, { body: { request } });
      return call(API.login, { body: { request: { username: request.username, password: request.password } } });
    },
    success: T.done,
    error: 'none',
    onSuccess: async (info) => {
      setLoginInfo(info);
      onClose();
      await navigate('/parent/');
    },
    onError: (e) => {
      const onFields = fieldErrorsOf(e)
        .map((f) => ({ name: f.path.split('.').pop() ?? '', errors: [f.message] }))
        .filter((f) => FIELDS.has(f.name));
      if (onFields.length) form.setFields(onFields.map((f) => ({ ...f, name: f.name as keyof SignupForm })));
    },
  });
  const fieldError =
    signup.isError && fieldErrorsOf(signup.error).some((f) => FIELDS.has(f.path.split('.').pop() ?? ''));
  return (
    <Modal
      open
      title={T.signupTitle}
      okText={T.submit}
      cancelText={T.cancel}
      confirmLoading={signup.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{T.signupIntro}</Typography.Paragraph>
      {signup.isError && !fieldError && (
        <Alert type="error" showIcon title={errorText(signup.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<SignupForm>
        name="parent-signup"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void signup.run(v)}
      >
        <Form.Item
          name="code"
          label={T.code}
          rules={[
            { required: true, whitespace: true, message: T.codeRequired },
            {
              validator: (_, v: string | undefined) =>
                !v || /^[0-9A-Z]{6}$/.test(v.replace(/\s+/g, '').toUpperCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(T.codeRule)),
            },
          ]}
        >
          <Input maxLength={8} autoComplete="off" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item
          name="username"
          label={T.username}
          rules={[
            { required: true, whitespace: true, message: T.usernameRequired },
            { pattern: /^\s*[A-Za-z0-9_.-]{3,32}\s*$/, message: T.usernameRule },
          ]}
        >
          <Input maxLength={32} autoComplete="username" />
        </Form.Item>
        <Form.Item name="name" label={T.name} rules={[{ required: true, whitespace: true, message: T.nameRequired }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="password"
          label={T.password}
          extra={T.passwordHint}
          rules={[{ required: true, message: T.passwordRequired }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={T.confirm}
          dependencies={['password']}
          rules={[
            { required: true, message: T.passwordRequired },
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(T.confirmMismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
