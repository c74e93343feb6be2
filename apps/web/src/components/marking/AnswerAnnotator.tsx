// The student's answer on the workbench with its annotations (docs/marking.md "Pages"): the marker selects a range of
// the text and adds an annotation on it, writes a note per annotation, or removes one.
import { useRef, useState } from 'react';
import { Button, Input, List, Space, Typography } from 'antd';
import type { MarkingAnnotation } from '@edu/contract';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

/** Characters from the start of `root` to (node, offset): the offset of a selection end in the root's text. */
function offsetWithin(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The answer's text with its annotations highlighted (overlapping ones after the first are left plain). */
function AnnotatedText({ text, annotations }: { text: string; annotations: MarkingAnnotation[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  [...annotations]
    .sort((a, b) => a.start - b.start)
    .forEach((a, i) => {
      if (a.start < at || a.start >= text.length) return;
      if (a.start > at) parts.push(text.slice(at, a.start));
      parts.push(
        <mark key={i} title={a.note} className="marking-annotation">
          {text.slice(a.start, a.end)}
        </mark>,
      );
      at = Math.min(a.end, text.length);
    });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

export interface AnswerAnnotatorProps {
  /** The answer's text ('' when the student left it empty). */
  text: string;
  annotations: MarkingAnnotation[];
  onChange: (annotations: MarkingAnnotation[]) => void;
}

export function AnswerAnnotator({ text, annotations, onChange }: AnswerAnnotatorProps) {
  const [selectionHint, setSelectionHint] = useState(false);
  const answerRef = useRef<HTMLDivElement>(null);

  const addAnnotation = () => {
    const root = answerRef.current;
    const sel = window.getSelection();
    if (!root || !sel || sel.rangeCount === 0 || sel.isCollapsed) return setSelectionHint(true);
    const range = sel.getRangeAt(0);
    if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return setSelectionHint(true);
    const start = offsetWithin(root, range.startContainer, range.startOffset);
    const end = offsetWithin(root, range.endContainer, range.endOffset);
    if (end <= start) return setSelectionHint(true);
    setSelectionHint(false);
    onChange([...annotations, { start, end, note: '' }]);
  };

  return (
    <>
      <Typography.Title level={5}>{T.answer}</Typography.Title>
      <div
        ref={answerRef}
        data-testid="marking-answer"
        className="marking-answer"
        style={{ whiteSpace: 'pre-wrap', padding: 12, background: 'rgba(0,0,0,0.03)', borderRadius: 6 }}
      >
        {text ? <AnnotatedText text={text} annotations={annotations} /> : T.emptyAnswer}
      </div>
      <Space wrap style={{ marginTop: 8 }}>
        <Button size="small" onClick={addAnnotation} disabled={!text}>
          {T.addAnnotation}
        </Button>
        <Typography.Text type={selectionHint ? 'danger' : 'secondary'}>
          {selectionHint ? T.noSelection : T.annotate}
        </Typography.Text>
      </Space>
      {annotations.length > 0 && (
        <List
          size="small"
          header={T.annotations}
          dataSource={annotations}
          renderItem={(a, i) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  size="small"
                  type="link"
                  danger
                  onClick={() => onChange(annotations.filter((_, j) => j !== i))}
                >
                  {T.removeAnnotation}
                </Button>,
              ]}
            >
              <Space wrap style={{ width: '100%' }}>
                <mark>{text.slice(a.start, a.end)}</mark>
                <Input
                  size="small"
                  aria-label={`${T.annotations} ${i + 1}`}
                  placeholder={T.notePlaceholder}
                  value={a.note}
                  maxLength={500}
                  style={{ minWidth: 180 }}
                  onChange={(e) => onChange(annotations.map((x, j) => (j === i ? { ...x, note: e.target.value } : x)))}
                />
              </Space>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
