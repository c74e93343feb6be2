// The student home below its greeting (docs/student-home.md): the summary (students of the agency only — the call
// refuses everyone else), the ways into every part of the student area, and pairing with a parent. A chunk of its
// own, loaded by the home, so the student's first load stays within its budget (docs/performance.md "Bundle").
import { lazy, Suspense } from 'react';
import { Card, Col, Row, Space } from 'antd';
import { Link } from 'react-router';
import { useAppConfig, useUser } from '../../../app/session-context';
import { STUDENT_MENU } from '../StudentLayout';
import { STUDENT_TEXTS } from '../texts';
import HomeSummary from './HomeSummary';

const ParentPairingCard = lazy(() => import('../ParentPairingCard').then((m) => ({ default: m.ParentPairingCard })));

const HINTS: Record<string, string> = STUDENT_TEXTS.home.cards;

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

export default function HomeBody() {
  const { agencyId } = useAppConfig();
  const student = useUser()?.roles.includes(`edu:agency:${agencyId}:student`) ?? false;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {student && <HomeSummary />}
      <Menu />
      <Suspense fallback={null}>
        <ParentPairingCard />
      </Suspense>
    </Space>
  );
}
