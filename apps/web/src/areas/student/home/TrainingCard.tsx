// 继续练习: the running training the student touched last, with its progress and time left; 继续 opens it.
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { StudentHome } from '@edu/contract';
import { formatCountdown } from '../train/countdown';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.training;

export function TrainingCard({ training, now }: { training: StudentHome['training']; now: number }) {
  const navigate = useNavigate();
  const c = training.current;
  return (
    <Card title={T.title} size="small">
      {!c ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty}>
          <Link to="/student/train">{T.browse}</Link>
        </Empty>
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Space size={4} wrap>
            <Typography.Text strong>{c.title}</Typography.Text>
            {c.type === 'paper' && <Tag color="geekblue">{T.paper}</Tag>}
            {c.taskId && <Tag color="purple">{T.task}</Tag>}
          </Space>
          <Typography.Text type="secondary">
            {[
              T.answered(c.answered),
              c.phaseCount > 1 ? T.phase(c.phaseIndex, c.phaseCount) : null,
              c.deadline === null ? T.noLimit : T.timeLeft(formatCountdown((c.deadline - now) / 1000)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Button type="primary" onClick={() => void navigate(`/student/train/${c.trainId}/do`)}>
              {T.continue}
            </Button>
            {training.running > 1 && (
              <Link to="/student/train">
                <Typography.Text type="secondary">{T.others(training.running - 1)}</Typography.Text>
              </Link>
            )}
          </Space>
        </Space>
      )}
    </Card>
  );
}
