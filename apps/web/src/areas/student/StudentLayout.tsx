// Student area layout: top bar with the student menu. On a phone the page gets narrower margins and cards wrap
// their titles instead of clipping them (student.css; docs/web.md "Small screens").
import { Outlet } from 'react-router';
import { AreaHeader, usePhone, type AreaMenuItem } from '../../components/AreaHeader';
import { STUDENT_TEXTS } from './texts';
import './student.css';

const M = STUDENT_TEXTS.menu;

export const STUDENT_MENU: AreaMenuItem[] = [
  { key: 'home', label: M.home, path: '/student/home', match: ['/student', '/student/home'] },
  { key: 'todo', label: M.todo, path: '/student/tasks/todo', match: ['/student/tasks'] },
  { key: 'train', label: M.train, path: '/student/train', match: ['/student/train', '/student/question'] },
  { key: 'wrong', label: M.wrong, path: '/student/wrong/list', match: ['/student/wrong'] },
  { key: 'graph', label: M.graph, path: '/student/knowledgegraph/mine', match: ['/student/knowledgegraph'] },
  { key: 'point', label: M.point, path: '/student/point', match: ['/student/point'] },
  { key: 'recitation', label: M.recitation, path: '/student/recitation', match: ['/student/recitation'] },
  {
    key: 'tutoring',
    label: M.tutoring,
    // The student's lessons (docs/web.md "Lesson lists and replay").
    path: '/student/webrtc',
    match: ['/student/eventutor', '/student/webrtc', '/student/class'],
  },
];

export function StudentLayout() {
  const phone = usePhone();
  return (
    // antd's Layout markup without its code (components/plain-antd.tsx; docs/performance.md "Bundle").
    <section className="ant-layout" style={{ minHeight: '100vh' }}>
      <AreaHeader brand={STUDENT_TEXTS.brand} items={STUDENT_MENU} homePath="/student/home" />
      <main
        className="ant-layout-content student-content"
        style={{ padding: phone ? 12 : 24, maxWidth: 1200, width: '100%', margin: '0 auto', minWidth: 0 }}
      >
        <Outlet />
      </main>
    </section>
  );
}
