// The root page: login form; when already logged in, continue to the user's area or log out.
import { Alert, App as AntApp, Button, Card, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useLogout, useSetLoginInfo } from '../../app/auth-actions';
import { homePathFor } from '../../app/home-path';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { InitialAvatar } from '../../components/InitialAvatar';
import { LoginHelp } from './LoginHelp';
import { INVITATIONS_PATH, PASSWORD_PATH } from './paths';
import { PUBLIC_TEXTS } from './texts';

const T = PUBLIC_TEXTS.login;

interface LoginForm {
  username: string;
  password: string;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(160deg, #e6f4ff 0%, #f5f5f5 60%)',
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {PUBLIC_TEXTS.brand}
          </Typography.Title>
          <Typography.Text type="secondary">{T.subtitle}</Typography.Text>
        </div>
        {children}
      </Card>
    </div>
  );
}

export default function LoginPage() {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const call = useCall();
  const setLoginInfo = useSetLoginInfo();
  const logout = useLogout();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  // The server's reason is shown above the form: wrong credentials, or how long to wait after too many failures.
  const login = useApiMutation({
    mutationFn: (values: LoginForm) =>
      call(API.login, { body: { request: { username: values.username.trim(), password: values.password } } }),
    error: 'none',
    onSuccess: async (info) => {
      setLoginInfo(info);
      void message.success(T.loggedInAs(info.user?.name || info.user?.username || ''));
      await navigate(info.user?.mustChangePassword ? PASSWORD_PATH : (homePathFor(info.roles) ?? '/'));
    },
  });

  if (user) {
    const name = user.user?.name || user.user?.username || '';
    const home = homePathFor(user.roles);
    return (
      <Frame>
        <Space orientation="vertical" size="middle" style={{ width: '100%', alignItems: 'center' }}>
          <InitialAvatar name={name} size={56} />
          <Typography.Text>{T.loggedInAs(name)}</Typography.Text>
          {!home && <Alert type="warning" showIcon title={T.noArea} />}
          <Space>
            {home && (
              <Button type="primary" onClick={() => navigate(user.user?.mustChangePassword ? PASSWORD_PATH : home)}>
                {T.continue}
              </Button>
            )}
            {/* An account with no area yet may have an agency's invitation waiting (docs/users.md). */}
            {!home && <Button onClick={() => navigate(INVITATIONS_PATH)}>{T.invitations}</Button>}
            <Button onClick={() => void logout()}>{T.logout}</Button>
          </Space>
        </Space>
      </Frame>
    );
  }

  return (
    <Frame>
      {login.isError && <Alert type="error" showIcon title={errorText(login.error)} style={{ marginBottom: 16 }} />}
      <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={(v) => void login.run(v)} autoComplete="on">
        <Form.Item
          label={T.username}
          name="username"
          rules={[{ required: true, whitespace: true, message: T.usernameRequired }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label={T.password} name="password" rules={[{ required: true, message: T.passwordRequired }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {T.submit}
        </Button>
      </Form>
      <LoginHelp />
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '16px 0 0', fontSize: 12 }}>
        {T.agency(agencyId)}
      </Typography.Paragraph>
    </Frame>
  );
}
