// An ended paper whose corrections wait (docs/practice-engine.md "Review options"): the report, the records and the
// result page say when they come (批改结果将在试卷关闭后公布 …) instead of ✓/✗; the histories tag the row. The server
// sends the sentence and leaves the verdicts (and, when the paper says so, the score) out.
import { Alert, Tag } from 'antd';
import type { CorrectionsPending } from '@edu/contract';
import { TRAIN_TEXTS } from './texts';

export function CorrectionsNote({ corrections }: { corrections: CorrectionsPending | undefined }) {
  if (!corrections) return null;
  return (
    <Alert className="corrections-pending" type="info" showIcon title={corrections.message} style={{ marginTop: 16 }} />
  );
}

/** A history row's short tag (the whole sentence on hover). */
export function CorrectionsTag({ corrections }: { corrections: CorrectionsPending | undefined }) {
  if (!corrections) return null;
  return (
    <Tag color="blue" title={corrections.message} style={{ marginInlineEnd: 0 }}>
      {TRAIN_TEXTS.correctionsShort}
    </Tag>
  );
}
