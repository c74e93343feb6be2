// Answers still waiting for a teacher's mark: the score shown is not final until they are marked
// (docs/marking.md "What the student and the parent read"). Used by the result page, the reports and the histories;
// the teacher's comment and annotations under a marked answer.
import { Alert, Space, Tag, Typography } from 'antd';
import type { TrainingRecord } from '@edu/contract';
import { AnnotatedText } from '../question/AnnotatedText';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.summary;

/** The notice under a training's figures; nothing when no answer waits. */
export function PendingNote({ pending }: { pending: number | undefined }) {
  if (!pending) return null;
  return <Alert className="pending-marks" type="info" showIcon title={T.pending(pending)} style={{ marginTop: 16 }} />;
}

/** The short tag of answers waiting for a teacher (the whole sentence on hover); nothing when none waits. */
export function PendingTag({ pending }: { pending: number | undefined }) {
  if (!pending) return null;
  return (
    <Tag color="orange" title={T.pending(pending)} style={{ marginInlineEnd: 0 }}>
      {T.pendingShort(pending)}
    </Tag>
  );
}

/** A history row's score with a short tag when answers wait. */
export function ScoreWithPending({ score, pending }: { score: string; pending: number | undefined }) {
  if (!pending) return <>{score}</>;
  return (
    <Space orientation="vertical" size={2}>
      {score}
      <PendingTag pending={pending} />
    </Space>
  );
}

/**
 * The homework teacher's comment and annotations on a marked answer, under the answer; nothing before it is marked
 * (nor while a paper's corrections wait: the server leaves both out).
 */
export function MarkComment({
  record,
}: {
  record: Pick<TrainingRecord, 'markComment' | 'markAnnotations' | 'answer'>;
}) {
  const annotations = record.markAnnotations ?? [];
  if (!record.markComment && annotations.length === 0) return null;
  return (
    <>
      {record.markComment && (
        <div className="mark-comment" style={{ marginTop: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Typography.Text type="secondary">{TRAIN_TEXTS.recordsPage.markComment}</Typography.Text>
          <Typography.Text>{record.markComment}</Typography.Text>
        </div>
      )}
      <AnnotatedText
        text={record.answer.join(' ')}
        annotations={annotations}
        label={TRAIN_TEXTS.recordsPage.markAnnotations}
      />
    </>
  );
}
