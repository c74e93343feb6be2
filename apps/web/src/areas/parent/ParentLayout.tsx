// Parent area layout: top bar with the parent menu; on a phone its buttons and selects are 44 px tall
// (components/tap-targets.css).
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AreaHeader, type AreaMenuItem } from '../../components/AreaHeader';
import { PARENT_TEXTS } from './texts';

const MENU: AreaMenuItem[] = [
  { key: 'history', label: PARENT_TEXTS.menu.history, path: '/parent/', match: ['/parent'] },
];

export function ParentLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AreaHeader brand={PARENT_TEXTS.brand} items={MENU} homePath="/parent/" />
      <Layout.Content
        className="parent-content"
        style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}
      >
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
