// The student home's cards from one summary (docs/student-home.md), and their loading skeleton. On a phone the
// columns stack: tasks, then the training to continue and the review, then scores and mastery.
import { Col, Row, Skeleton } from 'antd';
import type { StudentHome } from '@edu/contract';
import { PlainCard } from '../../../components/plain-antd';
import { useNow } from '../train/countdown';
import { MasteryCard } from './MasteryCard';
import { serverNow } from './queries';
import { ReviewCard } from './ReviewCard';
import { ScoresCard } from './ScoresCard';
import { TasksCard } from './TasksCard';
import { TrainingCard } from './TrainingCard';

export function HomeCards({ home, receivedAt }: { home: StudentHome; receivedAt: number }) {
  // Countdowns run on the server's clock (a skewed browser clock does not move deadlines).
  const now = serverNow(home.serverTime, receivedAt, useNow(1000));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <TasksCard tasks={home.tasks} now={now} />
      </Col>
      <Col xs={24} lg={10}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <TrainingCard training={home.training} now={now} />
          </Col>
          <Col span={24}>
            <ReviewCard review={home.review} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} lg={12}>
        <ScoresCard scores={home.scores} />
      </Col>
      <Col xs={24} lg={12}>
        <MasteryCard mastery={home.mastery} />
      </Col>
    </Row>
  );
}

export function HomeSkeleton() {
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {[14, 10, 12, 12].map((lg, i) => (
        <Col key={i} xs={24} lg={lg}>
          <PlainCard>
            <Skeleton active />
          </PlainCard>
        </Col>
      ))}
    </Row>
  );
}
