// Change password (/password). A user with mustChangePassword is held here until the change succeeds. The length
// rule is checked here with the contract's own function; the server's refusals (a wrong old password, a common or
// weak new one, with its reason) are shown on their field.
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { passwordLengthProblem } from '@edu/contract';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../api/mutation';
import { useLogout, useRefreshLoginInfo } from '../../app/auth-actions';
import { homePathFor } from '../../app/home-path';
import { useCall, useSession, useUser } from '../../app/session-context';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PUBLIC_TEXTS } from './texts';

const T = PUBLIC_TEXTS.password;

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export default function ChangePasswordPage() {
  const user = useUser();
  const { userStore } = useSession();
  const call = useCall();
  const logout = useLogout();
  const refresh = useRefreshLoginInfo();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  const change = useApiMutation({
    mutationFn: (values: PasswordForm) =>
      call(API.changePassword, {
        body: { request: { oldPassword: values.oldPassword, newPassword: values.newPassword } },
      }),
    success: T.done,
    error: 'none',
    onSuccess: async () => {
      const current = userStore.get();
      if (!current) return;
      let next = await refresh().catch(() => null);
      if (!next || next.user.mustChangePassword) {
        // The change succeeded: do not hold the user on this page because a refresh failed.
        next = { ...current, user: { ...current.user, mustChangePassword: false } };
        userStore.set(next);
      }
      await navigate(homePathFor(next.roles) ?? '/', { replace: true });
    },
    onError: (e) => form.setFields(fieldErrors(e)),
  });

  if (!user) return <NotFoundPage loggedIn={false} />;
  const forced = !!user.user?.mustChangePassword;
  // Refusals about one field are shown on it; anything else above the form.
  const shownAbove = change.isError && fieldErrors(change.error).length === 0;

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: '#f5f5f5',
      }}
    >
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {T.title}
        </Typography.Title>
        {forced && <Alert type="warning" showIcon title={T.forced} style={{ marginBottom: 16 }} />}
        {shownAbove && <Alert type="error" showIcon title={errorText(change.error)} style={{ marginBottom: 16 }} />}
        <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void change.run(v)}>
          <Form.Item label={T.oldPassword} name="oldPassword" rules={[{ required: true, message: T.oldRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={T.newPassword}
            name="newPassword"
            dependencies={['oldPassword']}
            rules={[
              { required: true, message: T.newRequired },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) => {
                  if (!v) return Promise.resolve();
                  const problem = passwordLengthProblem(v);
                  if (problem) return Promise.reject(new Error(problem));
                  return v === getFieldValue('oldPassword') ? Promise.reject(new Error(T.newSame)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={T.confirm}
            name="confirm"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: T.confirmRequired },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  !v || v === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(T.confirmMismatch)),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            {forced ? (
              <Button onClick={() => void logout()}>{T.logout}</Button>
            ) : (
              <Button onClick={() => navigate(-1)}>{T.cancel}</Button>
            )}
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {T.submit}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}

/** The server's refusals of the form's own fields (`request.oldPassword`, `request.newPassword`), for setFields. */
function fieldErrors(error: unknown): { name: keyof PasswordForm; errors: string[] }[] {
  return fieldErrorsOf(error).flatMap((f) => {
    const name = f.path.replace(/^request\./, '');
    return name === 'oldPassword' || name === 'newPassword' ? [{ name, errors: [f.message] }] : [];
  });
}
