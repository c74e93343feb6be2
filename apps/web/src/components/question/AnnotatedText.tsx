// A marked answer's text with the teacher's annotations (docs/marking.md "A mark": ranges `[start, end)` of the
// answer's entries joined by spaces): each range highlighted and numbered, its note in a numbered list below, so a
// note is read on a phone too (no hover). Overlapping ranges after the first are listed but not highlighted.
import { Typography } from 'antd';
import type { MarkingAnnotation } from '@edu/contract';
import './question.css';

export interface AnnotatedPart {
  text: string;
  /** The annotation's number (1-based, in the text's order); absent for plain text. */
  n?: number;
}

/** The annotations in the text's order, clipped to the text (a range past its end is dropped). */
export function annotationsInOrder(text: string, annotations: readonly MarkingAnnotation[]): MarkingAnnotation[] {
  return [...annotations]
    .filter((a) => a.start < text.length && a.end > a.start)
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((a) => ({ ...a, end: Math.min(a.end, text.length) }));
}

/** The text cut into plain and highlighted parts; `ordered` as `annotationsInOrder` answers it. */
export function annotatedParts(text: string, ordered: readonly MarkingAnnotation[]): AnnotatedPart[] {
  const parts: AnnotatedPart[] = [];
  let at = 0;
  ordered.forEach((a, i) => {
    if (a.start < at) return;
    if (a.start > at) parts.push({ text: text.slice(at, a.start) });
    parts.push({ text: text.slice(a.start, a.end), n: i + 1 });
    at = a.end;
  });
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export function AnnotatedText({
  text,
  annotations,
  label,
}: {
  text: string;
  annotations: readonly MarkingAnnotation[];
  /** What the block is called (老师批注). */
  label: string;
}) {
  const ordered = annotationsInOrder(text, annotations);
  if (ordered.length === 0) return null;
  return (
    <div className="mark-annotations" role="group" aria-label={label}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="mark-annotated-text">
        {annotatedParts(text, ordered).map((p, i) =>
          p.n === undefined ? (
            <span key={i}>{p.text}</span>
          ) : (
            <mark key={i} className="mark-annotation">
              {p.text}
              <sup>{p.n}</sup>
            </mark>
          ),
        )}
      </div>
      <ol className="mark-annotation-notes">
        {ordered.map((a, i) => (
          <li key={i}>
            <Typography.Text strong>“{text.slice(a.start, a.end)}”</Typography.Text>
            {a.note && <Typography.Text>：{a.note}</Typography.Text>}
          </li>
        ))}
      </ol>
    </div>
  );
}
