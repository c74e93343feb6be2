// Student home (/student/ and /student/home, docs/student-home.md): where the day starts — today's tasks, the
// training to continue, the wrong answers due for review, recent scores and mastery, each one click from doing
// it; then the ways into every part of the student area, and pairing with a parent.
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import { STUDENT_TEXTS } from './texts';

// Everything below the greeting is loaded after the home itself: the student's first load stays within its budget
// (docs/performance.md "Bundle"); the parent pairing card is a further chunk of its own.
const HomeBody = lazy(() => import('./home/HomeBody'));

const T = STUDENT_TEXTS.home;

export default function StudentHome() {
  const user = useUser();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  return (
    <div>
      {/* antd's Typography.Title and Paragraph as their markup (components/plain-antd.tsx). */}
      <h3 className="ant-typography" style={{ marginTop: 0, marginBottom: 4 }}>
        {T.welcome(user.user?.name || user.user?.username || '')}
      </h3>
      <div className="ant-typography ant-typography-secondary" style={{ marginBottom: '1em' }}>
        {T.intro}
      </div>
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        <HomeBody />
      </Suspense>
    </div>
  );
}
