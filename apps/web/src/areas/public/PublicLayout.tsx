// Public pages layout: a plain header with the brand and a login/user corner.
import { Layout, Typography, theme } from 'antd';
import { Link, Outlet } from 'react-router';
import { UserMenu } from '../../components/UserMenu';
import { PUBLIC_TEXTS } from './texts';

export function PublicLayout() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          padding: '0 24px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Link to="/">
          <Typography.Text strong style={{ fontSize: 16 }}>
            {PUBLIC_TEXTS.brand}
          </Typography.Text>
        </Link>
        <UserMenu />
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 960, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
