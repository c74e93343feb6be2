// Student area layout: top bar with the student menu. On a phone the page gets narrower margins and cards wrap
// their titles instead of clipping them (student.css; docs/web.md "Small screens").
import { Outlet } from 'react-router';
import { AreaHeader, usePhone } from '../../components/AreaHeader';
import { STUDENT_MENU } from './menu';
import { STUDENT_TEXTS } from './texts';
import './student.css';

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
