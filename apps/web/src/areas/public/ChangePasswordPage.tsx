// Change password (/password). A user with mustChangePassword is held here until the change succeeds.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { API, PASSWORD_MIN } from '@edu/contract';
import { errorText } from '../../api/client';
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
  const { message } = AntApp.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user) return <NotFoundPage loggedIn={false} />;
  const forced = !!user.user?.mustChangePassword;

  async function onFinish(values: PasswordForm) {
    setSubmitting(true);
    setError(null);
    try {
      await call(API.changePassword, {
        body: { request: { oldPassword: values.oldPassword, newPassword: values.newPassword } },
      });
      void message.success(T.done);
      const current = userStore.get();
      if (current) {
        let next = await refresh().catch(() => null);
        if (!next || next.user.mustChangePassword) {
          // The change succeeded: do not hold the user on this page because a refresh failed.
          next = { ...current, user: { ...current.user, mustChangePassword: false } };
          userStore.set(next);
        }
        await navigate(homePathFor(next.roles) ?? '/', { replace: true });
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSubmitting(false);
    }
  }

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
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<PasswordForm> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
          <Form.Item label={T.oldPassword} name="oldPassword" rules={[{ required: true, message: T.oldRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={T.newPassword}
            name="newPassword"
            dependencies={['oldPassword']}
            rules={[
              { required: true, message: T.newRequired },
              { min: PASSWORD_MIN, message: T.newTooShort(PASSWORD_MIN) },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  v && v === getFieldValue('oldPassword') ? Promise.reject(new Error(T.newSame)) : Promise.resolve(),
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
            <Button type="primary" htmlType="submit" loading={submitting}>
              {T.submit}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
