// Answers still waiting for a teacher's mark: the score shown is not final until they are marked
// (docs/marking.md "What the student and the parent read"). Used by the result page, the reports and the histories.
import { Alert, Space, Tag, Typography } from 'antd';
import type { TrainingRecord } from '@edu/contract';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.summary;

/** The notice under a training's figures; nothing when no answer waits. */
export function PendingNote({ pending }: { pending: number | undefined }) {
  if (!pending) return null;
  return <Alert className="pending-marks" type="info" showIcon title={T.pending(pending)} style={{ marginTop: 16 }} />;
}

/** A history row's score with a short tag when answers wait (the whole sentence on hover). */
export function ScoreWithPending({ score, pending }: { score: string; pending: number | undefined }) {
  if (!pending) return <>{score}</>;
  return (
    <Space orientation="vertical" size={2}>
      {score}
      <Tag color="orange" title={T.pending(pending)} style={{ marginInlineEnd: 0 }}>
        {T.pendingShort(pending)}
      </Tag>
    </Space>
  );
}

/** The homework teacher's comment on a marked answer, under the answer; nothing before it is marked. */
export function MarkComment({ record }: { record: Pick<TrainingRecord, 'markComment'> }) {
  if (!record.markComment) return null;
  return (
    <div className="mark-comment" style={{ marginTop: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <Typography.Text type="secondary">{TRAIN_TEXTS.recordsPage.markComment}</Typography.Text>
      <Typography.Text>{record.markComment}</Typography.Text>
    </div>
  );
}
