// Top bar shared by the student, parent and teacher layouts: brand, horizontal menu, agency switcher, user menu.
import { Layout, Menu, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { AgencySwitcher } from './AgencySwitcher';
import { UserMenu } from './UserMenu';

export interface AreaMenuItem {
  key: string;
  label: string;
  path: string;
  /** Paths equal to or below these select the item. */
  match: string[];
}

export function pickSelected(items: readonly AreaMenuItem[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { key: string; len: number } | undefined;
  for (const item of items) {
    for (const m of item.match) {
      if (path === m || path.startsWith(`${m}/`)) {
        if (!best || m.length > best.len) best = { key: item.key, len: m.length };
      }
    }
  }
  return best?.key;
}

export function AreaHeader({ brand, items, homePath }: { brand: string; items: AreaMenuItem[]; homePath: string }) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const selected = pickSelected(items, pathname);
  const menuItems: MenuProps['items'] = items.map((i) => ({ key: i.key, label: <Link to={i.path}>{i.label}</Link> }));
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: '0 24px',
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Link to={homePath}>
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {brand}
        </Typography.Text>
      </Link>
      <Menu
        mode="horizontal"
        items={menuItems}
        selectedKeys={selected ? [selected] : []}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
      />
      <AgencySwitcher />
      <UserMenu />
    </Layout.Header>
  );
}
