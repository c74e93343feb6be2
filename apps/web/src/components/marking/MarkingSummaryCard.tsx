// The workbench's head (docs/marking.md "Pages"): the training's scheme, student and score, which answer is shown of
// how many with 上一题 / 下一题, and the keyboard's keys.
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { MarkingTraining } from '@edu/contract';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

export interface MarkingSummaryCardProps {
  training: MarkingTraining;
  index: number;
  count: number;
  backPath: string;
  go: (delta: number) => void;
}

export function MarkingSummaryCard({ training, index, count, backPath, go }: MarkingSummaryCardProps) {
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {T.title}
        </Typography.Title>
      }
      extra={<Link to={backPath}>{T.back}</Link>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={T.scheme}>{training.schemeTitle}</Descriptions.Item>
        <Descriptions.Item label={T.student}>{training.student}</Descriptions.Item>
        <Descriptions.Item label={T.trainScore}>
          {training.score} / {training.maxScore}
        </Descriptions.Item>
        <Descriptions.Item label={T.progress(index + 1, count)}>
          <Space wrap>
            <Button size="small" onClick={() => go(-1)} disabled={index === 0}>
              {T.prev}
            </Button>
            <Button size="small" onClick={() => go(1)} disabled={index >= count - 1}>
              {T.next}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{T.keys}</Typography.Text>
    </Card>
  );
}
