// Marking one training's answers (docs/marking.md "Pages"): one answer at a time with the question, the
// reference answer and the student's answer; a score out of the question's mark (12 / 15), a comment and annotations on
// ranges of the answer's text. The answer shown is claimed for 30 minutes (another marker's claim is shown and
// saving is off). Keyboard: J or ↓ next, K or ↑ previous, Enter saves (Ctrl+Enter inside the comment).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, InputNumber, List, Radio, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { type MarkingAnnotation, type MarkingItem, type MarkRequest, cstMinutes } from '@edu/contract';
import { errorText } from '../../../api/client';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { RichText } from '../../../components/rich-text/RichText';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { useMarkingTraining, useMarkingWrites } from './queries';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS.bench;

interface Draft {
  score: number | null;
  comment: string;
  annotations: MarkingAnnotation[];
  subMarks: Record<string, boolean>;
}

/** Half of the question's mark, to a quarter point: 0.5 of 1, 7.5 of 15. */
const half = (max: number) => Math.round(max * 2) / 4;

const draftOf = (item: MarkingItem): Draft => ({
  score: item.mark?.score ?? null,
  comment: item.mark?.comment ?? '',
  annotations: item.mark?.annotations ?? [],
  subMarks: Object.fromEntries(
    item.subQuestions.filter((s) => s.isCorrect !== null).map((s) => [s.questionSubId, s.isCorrect === true]),
  ),
});

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

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT' || el.isContentEditable);

export interface MarkingWorkbenchProps {
  taskId: string;
  trainId: string;
  backPath: string;
}

export function MarkingWorkbench({ taskId, trainId, backPath }: MarkingWorkbenchProps) {
  const training = useMarkingTraining(taskId, trainId);
  const { claim, mark } = useMarkingWrites(taskId, trainId);
  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  // Errors belong to the answer they were raised on: moving to another answer leaves them behind.
  const [claimFailure, setClaimFailure] = useState<{ recordId: string; message: string } | null>(null);
  const [formFailure, setFormFailure] = useState<{ recordId: string; message: string } | null>(null);
  const [selectionHint, setSelectionHint] = useState(false);
  const answerRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => training.data?.items ?? [], [training.data]);
  const item = items[Math.min(index, Math.max(items.length - 1, 0))] as MarkingItem | undefined;
  const recordId = item?.recordId;
  const draft = item ? (drafts[item.recordId] ?? draftOf(item)) : undefined;
  const claimError = claimFailure && claimFailure.recordId === recordId ? claimFailure.message : null;
  const formError = formFailure && formFailure.recordId === recordId ? formFailure.message : null;
  const locked = claimError !== null;
  // A mark typed and not saved (on any answer of the training) makes leaving ask first (docs/web.md "Unsaved changes").
  const unsaved = useMemo(
    () =>
      items.some((it) => it.recordId in drafts && JSON.stringify(drafts[it.recordId]) !== JSON.stringify(draftOf(it))),
    [items, drafts],
  );
  useUnsavedGuard(unsaved);

  // Claim the answer shown (or renew the claim), once per answer shown; another marker's claim locks saving.
  useEffect(() => {
    if (!recordId) return;
    let live = true;
    claim.mutateAsync(recordId).catch((e: unknown) => {
      if (live) setClaimFailure({ recordId, message: errorText(e) });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- claim once per answer shown
  }, [recordId]);

  const setDraft = (change: Partial<Draft>) => {
    if (!item || !draft) return;
    setDrafts((d) => ({ ...d, [item.recordId]: { ...draft, ...change } }));
  };

  const go = useCallback(
    (delta: number) => setIndex((i) => Math.min(Math.max(i + delta, 0), Math.max(items.length - 1, 0))),
    [items.length],
  );

  const save = useCallback(async () => {
    if (!item || !draft || mark.isPending || locked) return;
    const reading = item.type === 'enReading';
    const fail = (message: string) => setFormFailure({ recordId: item.recordId, message });
    if (!reading && (draft.score === null || draft.score > item.maxScore)) return fail(T.scoreRequired(item.maxScore));
    if (reading && item.subQuestions.some((s) => typeof draft.subMarks[s.questionSubId] !== 'boolean'))
      return fail(T.subRequired);
    setFormFailure(null);
    const request: MarkRequest = {
      comment: draft.comment,
      annotations: draft.annotations,
      ...(reading ? { subMarks: draft.subMarks } : { score: draft.score ?? 0 }),
    };
    const ok = await mark.run({ recordId: item.recordId, request });
    if (ok) {
      setDrafts((d) => {
        const next = { ...d };
        delete next[item.recordId];
        return next;
      });
      go(1);
    }
  }, [item, draft, mark, go, locked]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.metaKey) return;
      const inField = typing(e.target);
      const textarea = e.target instanceof HTMLElement && e.target.tagName === 'TEXTAREA';
      if (e.key === 'Enter') {
        if (textarea && !e.ctrlKey) return;
        e.preventDefault();
        void save();
        return;
      }
      if (inField || e.ctrlKey) return;
      if (e.key === 'j' || e.key === 'J' || e.key === 'ArrowDown') {
        e.preventDefault();
        go(1);
      } else if (e.key === 'k' || e.key === 'K' || e.key === 'ArrowUp') {
        e.preventDefault();
        go(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, save]);

  if (training.isPending) return <PageSpinner />;
  if (training.isError)
    return (
      <ResultPage
        status="error"
        title={T.notFound}
        subTitle={errorText(training.error)}
        extra={<Link to={backPath}>{T.back}</Link>}
      />
    );
  const data = training.data;
  if (!item || !draft)
    return <ResultPage status="info" title={T.notFound} extra={<Link to={backPath}>{T.back}</Link>} />;

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
    setDraft({ annotations: [...draft.annotations, { start, end, note: '' }] });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="marking-bench">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {T.title}
          </Typography.Title>
        }
        extra={<Link to={backPath}>{T.back}</Link>}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={T.scheme}>{data.schemeTitle}</Descriptions.Item>
          <Descriptions.Item label={T.student}>{data.student}</Descriptions.Item>
          <Descriptions.Item label={T.trainScore}>
            {data.score} / {data.maxScore}
          </Descriptions.Item>
          <Descriptions.Item label={T.progress(index + 1, items.length)}>
            <Space wrap>
              <Button size="small" onClick={() => go(-1)} disabled={index === 0}>
                {T.prev}
              </Button>
              <Button size="small" onClick={() => go(1)} disabled={index >= items.length - 1}>
                {T.next}
              </Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{T.keys}</Typography.Text>
      </Card>

      <Card
        title={
          <Space wrap>
            <span data-testid="marking-position">{T.progress(index + 1, items.length)}</span>
            {item.mark ? (
              <Tag color="green">{T.marked(item.mark.marker, item.mark.score, item.maxScore)}</Tag>
            ) : (
              <Tag color="gold">{T.pending}</Tag>
            )}
          </Space>
        }
        extra={cstMinutes(item.createTime)}
      >
        {claimError && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={T.claimFailed} description={claimError} />
        )}
        <Typography.Title level={5}>{T.stem}</Typography.Title>
        {item.title && <Typography.Paragraph strong>{item.title}</Typography.Paragraph>}
        <RichText html={item.stem} />
        {item.standardAnswer.length > 0 && (
          <>
            <Typography.Title level={5}>{T.reference}</Typography.Title>
            <Typography.Paragraph>{item.standardAnswer.join('；')}</Typography.Paragraph>
          </>
        )}
        {item.explanation && (
          <>
            <Typography.Title level={5}>{T.explanation}</Typography.Title>
            <RichText html={item.explanation} />
          </>
        )}

        {item.type === 'enReading' ? (
          <>
            <Typography.Title level={5}>{T.subQuestions}</Typography.Title>
            <List
              dataSource={item.subQuestions}
              renderItem={(s) => (
                <List.Item>
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Typography.Text strong>{s.title}</Typography.Text>
                    <Typography.Text>
                      {T.answer}：{s.answer.join(' ') || T.emptyAnswer}
                    </Typography.Text>
                    {s.standardAnswer.length > 0 && (
                      <Typography.Text type="secondary">
                        {T.reference}：{s.standardAnswer.join('；')}
                      </Typography.Text>
                    )}
                    <Radio.Group
                      aria-label={s.title}
                      value={draft.subMarks[s.questionSubId]}
                      onChange={(e) =>
                        setDraft({ subMarks: { ...draft.subMarks, [s.questionSubId]: e.target.value as boolean } })
                      }
                      options={[
                        { value: true, label: T.right },
                        { value: false, label: T.wrong },
                      ]}
                    />
                  </Space>
                </List.Item>
              )}
            />
          </>
        ) : (
          <>
            <Typography.Title level={5}>{T.answer}</Typography.Title>
            <div
              ref={answerRef}
              data-testid="marking-answer"
              className="marking-answer"
              style={{ whiteSpace: 'pre-wrap', padding: 12, background: 'rgba(0,0,0,0.03)', borderRadius: 6 }}
            >
              {item.text ? <AnnotatedText text={item.text} annotations={draft.annotations} /> : T.emptyAnswer}
            </div>
            <Space wrap style={{ marginTop: 8 }}>
              <Button size="small" onClick={addAnnotation} disabled={!item.text}>
                {T.addAnnotation}
              </Button>
              <Typography.Text type={selectionHint ? 'danger' : 'secondary'}>
                {selectionHint ? T.noSelection : T.annotate}
              </Typography.Text>
            </Space>
            {draft.annotations.length > 0 && (
              <List
                size="small"
                header={T.annotations}
                dataSource={draft.annotations}
                renderItem={(a, i) => (
                  <List.Item
                    actions={[
                      <Button
                        key="remove"
                        size="small"
                        type="link"
                        danger
                        onClick={() => setDraft({ annotations: draft.annotations.filter((_, j) => j !== i) })}
                      >
                        {T.removeAnnotation}
                      </Button>,
                    ]}
                  >
                    <Space wrap style={{ width: '100%' }}>
                      <mark>{item.text.slice(a.start, a.end)}</mark>
                      <Input
                        size="small"
                        aria-label={`${T.annotations} ${i + 1}`}
                        placeholder={T.notePlaceholder}
                        value={a.note}
                        maxLength={500}
                        style={{ minWidth: 180 }}
                        onChange={(e) =>
                          setDraft({
                            annotations: draft.annotations.map((x, j) =>
                              j === i ? { ...x, note: e.target.value } : x,
                            ),
                          })
                        }
                      />
                    </Space>
                  </List.Item>
                )}
              />
            )}
            <Typography.Title level={5}>{T.score(item.maxScore)}</Typography.Title>
            <Space wrap>
              <Space.Compact>
                <InputNumber
                  aria-label={T.score(item.maxScore)}
                  min={0}
                  max={item.maxScore}
                  step={item.maxScore > 1 ? 0.5 : 0.1}
                  precision={2}
                  value={draft.score}
                  onChange={(v) => setDraft({ score: v })}
                />
                <Space.Addon>{T.outOf(item.maxScore)}</Space.Addon>
              </Space.Compact>
              <Button onClick={() => setDraft({ score: 0 })}>{T.quick.zero}</Button>
              <Button onClick={() => setDraft({ score: half(item.maxScore) })}>
                {T.quick.half(half(item.maxScore))}
              </Button>
              <Button onClick={() => setDraft({ score: item.maxScore })}>{T.quick.full}</Button>
            </Space>
          </>
        )}

        <Typography.Title level={5}>{T.comment}</Typography.Title>
        <Input.TextArea
          aria-label={T.comment}
          placeholder={T.commentPlaceholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          value={draft.comment}
          onChange={(e) => setDraft({ comment: e.target.value })}
        />
        {formError && <Alert type="error" showIcon title={formError} style={{ marginTop: 12 }} />}
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" onClick={() => void save()} loading={mark.isPending} disabled={locked}>
            {T.save}
          </Button>
        </Space>
        {item.history.length > 0 && (
          <List
            size="small"
            style={{ marginTop: 16 }}
            header={T.history}
            dataSource={item.history}
            renderItem={(h) => (
              <List.Item>
                {T.historyRow(h.marker, h.oldScore, h.newScore)} · {cstMinutes(h.markedAt)}
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
