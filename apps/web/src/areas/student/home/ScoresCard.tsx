// 最近成绩: the latest ended trainings with their scores, newest first, each linking to its report; with two or
// more, a small line of the score rates (ECharts in its own lazy chunk, docs/performance.md "Bundle").
import { lazy, Suspense } from 'react';
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { HomeScore } from '@edu/contract';
import { formatScore } from '../train/format';
import { HOME_TEXTS } from './texts';

const ScoresChart = lazy(() => import('./ScoresChart'));

const T = HOME_TEXTS.scores;
const CST = 8 * 3600_000;
const day = (ms: number) => new Date(ms + CST).toISOString().slice(5, 10);

export function ScoresCard({ scores }: { scores: HomeScore[] }) {
  return (
    <Card title={T.title} size="small" extra={<Link to="/student/train/history">{T.history}</Link>}>
      {scores.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />
      ) : (
        <>
          {scores.length > 1 && (
            <Suspense fallback={<div style={{ height: 120 }} />}>
              <ScoresChart scores={scores} />
            </Suspense>
          )}
          <List
            size="small"
            dataSource={scores}
            renderItem={(s) => (
              <List.Item key={s.trainId} style={{ paddingInline: 0 }}>
                <Space size={4} style={{ minWidth: 0 }}>
                  <Typography.Text type="secondary">{day(s.endTime)}</Typography.Text>
                  <Typography.Text ellipsis style={{ maxWidth: 180 }}>
                    <Link to={`/student/train/report/${s.trainId}`}>{s.title}</Link>
                  </Typography.Text>
                  {s.status === 'expired' && <Tag color="orange">{T.expired}</Tag>}
                </Space>
                <Typography.Text strong>{T.score(formatScore(s.score), formatScore(s.maxScore))}</Typography.Text>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
