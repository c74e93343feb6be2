// 最近成绩: the latest ended trainings with their scores, newest first, each linking to its report; with two or
// more, a small line of the score rates (drawn in SVG, no chart library: docs/performance.md "Bundle").
import { Empty } from 'antd';
import { Link } from 'react-router';
import { type HomeScore, cstMonthDay } from '@edu/contract';
import { formatScore } from '../../../components/training/format';
import { PlainCard, PlainList, PlainListItem, PlainSpace, PlainTag, Text } from '../../../components/plain-antd';
import ScoresChart from './ScoresChart';
import { HOME_TEXTS } from './texts';

const T = HOME_TEXTS.scores;
const day = cstMonthDay;

export function ScoresCard({ scores }: { scores: HomeScore[] }) {
  return (
    <PlainCard title={T.title} extra={<Link to="/student/train/history">{T.history}</Link>}>
      {scores.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />
      ) : (
        <>
          {scores.length > 1 && <ScoresChart scores={scores} />}
          <PlainList small>
            {scores.map((s) => (
              <PlainListItem key={s.trainId} style={{ paddingInline: 0 }}>
                <PlainSpace size={4} style={{ minWidth: 0 }}>
                  <Text type="secondary">{day(s.endTime)}</Text>
                  <Text ellipsis style={{ maxWidth: 180 }}>
                    <Link to={`/student/train/report/${s.trainId}`}>{s.title}</Link>
                  </Text>
                  {s.status === 'expired' && <PlainTag color="orange">{T.expired}</PlainTag>}
                </PlainSpace>
                <Text strong>{T.score(formatScore(s.score), formatScore(s.maxScore))}</Text>
              </PlainListItem>
            ))}
          </PlainList>
        </>
      )}
    </PlainCard>
  );
}
