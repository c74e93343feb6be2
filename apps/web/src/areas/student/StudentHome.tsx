// Student home (/student/ and /student/home): a greeting and the ways into the student's work.
import { lazy, Suspense } from 'react';
import { Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import { STUDENT_MENU } from './StudentLayout';
import { STUDENT_TEXTS } from './texts';

// Loaded after the home itself: the student's first load stays within its budget (docs/performance.md "Bundle").
const ParentPairingCard = lazy(() => import('./ParentPairingCard').then((m) => ({ default: m.ParentPairingCard })));

const T = STUDENT_TEXTS.home;
const HINTS: Record<string, string> = T.cards;

export default function StudentHome() {
  const user = useUser();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {T.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">{T.intro}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {STUDENT_MENU.filter((m) => m.key !== 'home').map((m) => (
          <Col key={m.key} xs={24} sm={12} lg={8}>
            <Link to={m.path} style={{ display: 'block', height: '100%' }}>
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta title={m.label} description={HINTS[m.key]} />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Suspense fallback={null}>
        <ParentPairingCard />
      </Suspense>
    </Space>
  );
}
