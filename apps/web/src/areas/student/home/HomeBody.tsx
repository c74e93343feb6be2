// The student home below its greeting (docs/student-home.md): the summary (students of the agency only — the call
// refuses everyone else), the ways into every part of the student area, and pairing with a parent. Part of the
// home's chunk (counted in the student's first load, docs/performance.md "Bundle"); the pairing card, last on the
// page, is a chunk of its own loaded after the summary.
import { agencyRole } from '@edu/contract';
import { lazy, Suspense } from 'react';
import { Col, Row } from 'antd';
import { Link } from 'react-router';
import { useAppConfig, useUser } from '../../../app/session-context';
import { PlainCard, PlainCardMeta, PlainSpace } from '../../../components/plain-antd';
import { STUDENT_MENU } from '../menu';
import { STUDENT_TEXTS } from '../texts';
import HomeSummary from './HomeSummary';
import { useStudentHome } from './queries';

const ParentPairingCard = lazy(() => import('../ParentPairingCard').then((m) => ({ default: m.ParentPairingCard })));

const HINTS: Record<string, string> = STUDENT_TEXTS.home.cards;

function Menu() {
  return (
    <Row gutter={[12, 12]}>
      {STUDENT_MENU.filter((m) => m.key !== 'home').map((m) => (
        <Col key={m.key} xs={12} sm={8} lg={4}>
          <Link to={m.path} style={{ display: 'block', height: '100%' }}>
            <PlainCard hoverable style={{ height: '100%' }}>
              <PlainCardMeta title={m.label} description={HINTS[m.key]} />
            </PlainCard>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/** The summary's read (the one HomeSummary shows): settled once answered or failed. */
function useSummarySettled(student: boolean): boolean {
  const home = useStudentHome(student);
  return !student || !home.isPending;
}

export default function HomeBody() {
  const { agencyId } = useAppConfig();
  const student = useUser()?.roles.includes(agencyRole('student', agencyId)) ?? false;
  // The pairing card, last on the page, loads once the summary has its answer: its chunk does not compete with the
  // summary's read and chunk.
  const settled = useSummarySettled(student);
  return (
    <PlainSpace orientation="vertical" size="large" style={{ width: '100%' }}>
      {student && <HomeSummary />}
      <Menu />
      {/* Below the fold: loaded when scrolled towards (docs/performance.md "Bundle"). */}
      {settled && (
        <Suspense fallback={null}>
          <ParentPairingCard />
        </Suspense>
      )}
    </PlainSpace>
  );
}
