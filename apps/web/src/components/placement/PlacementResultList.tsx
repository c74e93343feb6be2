// A student's placement results (docs/lessons.md "Placement test"): per grade the latest ended test with its score,
// percentage, level and recommended tutoring class; while the paper's score waits for its corrections, its message
// instead. The student's page and the parent's child page show it.
import { Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { PlacementResult } from '@edu/contract';
import { formatScore, formatTime } from '../training/format';
import { PlainList, PlainListItem, PlainListItemMeta } from '../plain-antd';
import { PLACEMENT_TEXTS as T } from './texts';

/** The level as a tag, or -- while the score is held back. */
export function LevelTag({ band }: { band: string | null }) {
  return band === null ? <Tag>{T.hidden}</Tag> : <Tag color="blue">{band}</Tag>;
}

/** `得分 1 / 2 · 50%`, with -- for a held-back score. */
export function scoreLine(r: Pick<PlacementResult, 'score' | 'maxScore' | 'percent'>): string {
  const score = T.score(r.score === null ? T.hidden : formatScore(r.score), formatScore(r.maxScore));
  return `${score} · ${r.percent === null ? T.hidden : T.percent(r.percent)}`;
}

export interface PlacementResultListProps {
  results: readonly PlacementResult[];
  /** Where a result's report opens; none: no link. */
  reportPath?: (trainId: string) => string;
}

export function PlacementResultList({ results, reportPath }: PlacementResultListProps) {
  if (results.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.emptyResults} />;
  return (
    <PlainList>
      {results.map((r) => (
        <PlainListItem
          key={r.gradeId}
          actions={
            reportPath
              ? [
                  <Link key="report" to={reportPath(r.trainId)}>
                    {T.report}
                  </Link>,
                ]
              : undefined
          }
        >
          <PlainListItemMeta
            title={
              <Space size={6} wrap>
                <span>{`${r.gradeName} · ${r.title}`}</span>
                <LevelTag band={r.band} />
                {r.status === 'expired' && <Tag color="orange">{T.expired}</Tag>}
              </Space>
            }
            description={
              <Space orientation="vertical" size={0}>
                <Typography.Text>{scoreLine(r)}</Typography.Text>
                {r.band !== null && (
                  <Typography.Text type="secondary">
                    {r.recommendedClass ? T.recommendedClass(r.recommendedClass.name) : T.noClass}
                  </Typography.Text>
                )}
                {r.corrections && <Typography.Text type="warning">{r.corrections.message}</Typography.Text>}
                <Typography.Text type="secondary">{T.ended(formatTime(r.endTime))}</Typography.Text>
              </Space>
            }
          />
        </PlainListItem>
      ))}
    </PlainList>
  );
}
