// Student area layout: top bar with the student menu.
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AreaHeader, type AreaMenuItem } from '../../components/AreaHeader';
import { STUDENT_TEXTS } from './texts';

const M = STUDENT_TEXTS.menu;

export const STUDENT_MENU: AreaMenuItem[] = [
  { key: 'home', label: M.home, path: '/student/home', match: ['/student', '/student/home'] },
  { key: 'todo', label: M.todo, path: '/student/tasks/todo', match: ['/student/tasks'] },
  { key: 'train', label: M.train, path: '/student/train', match: ['/student/train', '/student/question'] },
  { key: 'wrong', label: M.wrong, path: '/student/wrong/list', match: ['/student/wrong'] },
  { key: 'graph', label: M.graph, path: '/student/knowledgegraph/mine', match: ['/student/knowledgegraph'] },
  { key: 'point', label: M.point, path: '/student/point', match: ['/student/point'] },
  {
    key: 'tutoring',
    label: M.tutoring,
    path: '/student/eventutor',
    match: ['/student/eventutor', '/student/webrtc', '/student/class'],
  },
];

export function StudentLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AreaHeader brand={STUDENT_TEXTS.brand} items={STUDENT_MENU} homePath="/student/home" />
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
