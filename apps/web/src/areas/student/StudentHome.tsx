// Student home (/student/ and /student/home, docs/student-home.md): where the day starts — today's tasks, the
// training to continue, the wrong answers due for review, recent scores and mastery, each one click from doing
// it; then the ways into every part of the student area, and pairing with a parent.
import { lazy, Suspense } from 'react';
import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { useAppConfig, useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import { HomeCards, HomeSkeleton } from './home/HomeCards';
import { useStudentHome } from './home/queries';
import { HOME_TEXTS } from './home/texts';
import { STUDENT_MENU } from './StudentLayout';
import { STUDENT_TEXTS } from './texts';

// Loaded after the home itself: the student's first load stays within its budget (docs/performance.md "Bundle").
const ParentPairingCard = lazy(() => import('./ParentPairingCard').then((m) => ({ default: m.ParentPairingCard })));

const T = STUDENT_TEXTS.home;
const HINTS: Record<string, string> = T.cards;

function Summary() {
  const home = useStudentHome();
  if (home.isPending) return <HomeSkeleton />;
  if (home.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={HOME_TEXTS.loadFailed}
        description={errorText(home.error)}
        action={
          <Button size="small" onClick={() => void home.refetch()}>
            {HOME_TEXTS.retry}
          </Button>
        }
      />
    );
  return <HomeCards home={home.data} receivedAt={home.dataUpdatedAt} />;
}

function Menu() {
  return (
    <Row gutter={[12, 12]}>
      {STUDENT_MENU.filter((m) => m.key !== 'home').map((m) => (
        <Col key={m.key} xs={12} sm={8} lg={4}>
          <Link to={m.path} style={{ display: 'block', height: '100%' }}>
            <Card hoverable size="small" style={{ height: '100%' }}>
              <Card.Meta title={m.label} description={HINTS[m.key]} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

export default function StudentHome() {
  const user = useUser();
  const { agencyId } = useAppConfig();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  // Staff looking at the student area see its ways in; the summary is a student's own (the call refuses others).
  const student = user.roles.includes(`edu:agency:${agencyId}:student`);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {T.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">{T.intro}</Typography.Text>
      </div>
      {student && <Summary />}
      <div>
        <Typography.Title level={5}>{HOME_TEXTS.menuTitle}</Typography.Title>
        <Menu />
      </div>
      <Suspense fallback={null}>
        <ParentPairingCard />
      </Suspense>
    </Space>
  );
}
