// 继续练习: the running training the student touched last, with its progress and time left; 继续 opens it.
import { Button, Empty } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { StudentHome } from '@edu/contract';
import { PlainCard, PlainSpace, PlainTag, Text } from '../../../components/plain-antd';
import { formatCountdown } from '../train/countdown';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.training;

export function TrainingCard({ training, now }: { training: StudentHome['training']; now: number }) {
  const navigate = useNavigate();
  const c = training.current;
  return (
    <PlainCard title={T.title}>
      {!c ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty}>
          <Link to="/student/train">{T.browse}</Link>
        </Empty>
      ) : (
        <PlainSpace orientation="vertical" size={8} style={{ width: '100%' }}>
          <PlainSpace size={4} wrap>
            <Text strong>{c.title}</Text>
            {c.type === 'paper' && <PlainTag color="geekblue">{T.paper}</PlainTag>}
            {c.taskId && <PlainTag color="purple">{T.task}</PlainTag>}
          </PlainSpace>
          <Text type="secondary">
            {[
              T.answered(c.answered),
              c.phaseCount > 1 ? T.phase(c.phaseIndex, c.phaseCount) : null,
              c.deadline === null ? T.noLimit : T.timeLeft(formatCountdown((c.deadline - now) / 1000)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <PlainSpace wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Button type="primary" onClick={() => void navigate(`/student/train/${c.trainId}/do`)}>
              {T.continue}
            </Button>
            {training.running > 1 && (
              <Link to="/student/train">
                <Text type="secondary">{T.others(training.running - 1)}</Text>
              </Link>
            )}
          </PlainSpace>
        </PlainSpace>
      )}
    </PlainCard>
  );
}
