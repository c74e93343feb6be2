// Student home (/student/ and /student/home, docs/student-home.md): where the day starts — today's tasks, the
// training to continue, the wrong answers due for review, recent scores and mastery, each one click from doing
// it; then the ways into every part of the student area, and pairing with a parent.
import { useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import HomeBody from './home/HomeBody';
import { STUDENT_TEXTS } from './texts';

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
      {/* In the page's chunk: a lazy part here would show a spinner first and its reveal would wait (the route's
          chunks are loaded before the page is drawn, docs/performance.md "First load"). */}
      <HomeBody />
    </div>
  );
}
