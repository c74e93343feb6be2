// WTP teacher layout: top bar with the teacher menu.
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AreaHeader, type AreaMenuItem } from '../../components/AreaHeader';
import { TEACHER_TEXTS } from './texts';

const MENU: AreaMenuItem[] = [
  {
    key: 'home',
    label: TEACHER_TEXTS.menu.home,
    path: '/WTPteacher/',
    match: ['/WTPteacher', '/WTPteacher/change', '/WTPteacher/webrtc'],
  },
  { key: 'history', label: TEACHER_TEXTS.menu.history, path: '/WTPteacher/history', match: ['/WTPteacher/history'] },
];

export function TeacherLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AreaHeader brand={TEACHER_TEXTS.brand} items={MENU} homePath="/WTPteacher/" />
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
