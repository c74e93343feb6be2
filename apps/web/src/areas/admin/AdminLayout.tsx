// Admin area layout: side menu with the sections the roles allow, header with agency switcher and user menu.
import { useMemo, useState } from 'react';
import { Layout, Menu, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useAppConfig, useUser } from '../../app/session-context';
import { useKnowledgePoints } from '../../app/dictionaries';
import { AgencySwitcher } from '../../components/AgencySwitcher';
import { UserMenu } from '../../components/UserMenu';
import { NoticeBellSlot } from '../../components/notices/NoticeBellSlot';
import { adminSections, firstSubjectCode, profileSection, selectedKey, visibleSections } from './sections';
import { ADMIN_TEXTS } from './texts';

export function AdminLayout() {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const { points: knowledgePoints } = useKnowledgePoints();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  // Below antd's md breakpoint (a phone) the menu starts closed and folds away entirely (a tab opens it), so
  // the page keeps the screen's width.
  const [narrow, setNarrow] = useState(false);
  const { token } = theme.useToken();

  const sections = useMemo(() => {
    const visible = visibleSections(adminSections(firstSubjectCode(knowledgePoints)), user, agencyId);
    const profile = profileSection(user, agencyId);
    return profile ? [...visible, profile] : visible;
  }, [knowledgePoints, user, agencyId]);
  const items: MenuProps['items'] = sections.map((s) =>
    s.group
      ? {
          key: s.key,
          icon: s.icon,
          label: s.label,
          children: s.links.map((l) => ({ key: l.key, label: <Link to={l.path}>{l.label}</Link> })),
        }
      : { key: s.key, icon: s.icon, label: <Link to={s.links[0].path}>{s.label}</Link> },
  );
  const selected = selectedKey(sections, pathname);
  const openGroup = sections.find((s) => s.group && s.links.some((l) => l.key === selected))?.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="md"
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setCollapsed(broken);
        }}
        collapsedWidth={narrow ? 0 : 80}
        width={208}
        theme="dark"
      >
        <div style={{ height: 56, display: 'flex', alignItems: 'center', padding: '0 20px', overflow: 'hidden' }}>
          <Typography.Text strong style={{ color: '#fff', whiteSpace: 'nowrap', fontSize: 16 }}>
            {collapsed ? ADMIN_TEXTS.brand.slice(0, 2) : ADMIN_TEXTS.brand}
          </Typography.Text>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          key={openGroup ?? 'none'}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: narrow ? '0 12px' : '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 16,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <AgencySwitcher />
          <NoticeBellSlot />
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ margin: narrow ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
