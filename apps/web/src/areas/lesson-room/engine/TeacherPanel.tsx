// The teacher's side panel of the lesson (docs/lessons.md "The engine in the lesson"): the questions pushed so far with
// the student's results as they come, and where to push from — the student's knowledge graph (ready to learn, weak
// points: 推送练习 lets the engine pick a question of the point), recent wrong answers (再推一次) and the bank.
// Observers read the same without the push buttons.
import { useState } from 'react';
import { Alert, Button, Input, List, Select, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import {
  cstClock,
  cstMonthDay,
  QUESTION_TYPES,
  type LessonBankQuery,
  type LessonPanel,
  type LessonPanelPoint,
  type LessonPushes,
  type QuestionType,
} from '@edu/contract';
import { errorText } from '../../../api/client';
import { plain } from '../../../components/lessons/PushParts';
import { TYPE_LABELS } from '../../../components/texts';
import { PushList } from './PushList';
import { useBank, usePanel, usePush, useWithdraw } from './queries';
import { ENGINE_TEXTS as T } from './texts';

const PAGE = 10;

/** `01-05 16:00` in China Standard Time (the text says 北京时间). */
const day = (ms: number) => `${cstMonthDay(ms)} ${cstClock(ms)}`;

interface PushProps {
  /** Null for an observer: no push buttons. */
  onPush: ((request: { questionId: string } | { knowledgeCode: string }) => void) | null;
  /** Why pushing waits now (the last push is unanswered, the practice ended), or null. */
  blocked: string | null;
  busy: boolean;
  /** The questions pushed in this lesson already (a question is pushed once a lesson). */
  pushed: ReadonlySet<string>;
}

function PushButton({
  label,
  onClick,
  blocked,
  busy,
  disabled,
}: PushProps & { label: string } & {
  onClick: () => void;
  disabled?: string;
}) {
  const why = disabled ?? blocked;
  const button = (
    <Button size="small" type="link" disabled={why !== null || busy} onClick={onClick}>
      {label}
    </Button>
  );
  return why ? <Tooltip title={why}>{button}</Tooltip> : button;
}

function Points({
  title,
  hint,
  points,
  ...p
}: PushProps & { title: string; hint: string; points: LessonPanelPoint[] }) {
  return (
    <section className="lesson-engine-section" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Paragraph type="secondary" className="lesson-engine-hint">
        {hint}
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={points}
        locale={{ emptyText: T.none }}
        renderItem={(pt) => (
          <List.Item
            actions={
              p.onPush
                ? [
                    <PushButton
                      key="push"
                      {...p}
                      label={T.pushPoint}
                      onClick={() => p.onPush?.({ knowledgeCode: pt.knowledgeCode })}
                    />,
                  ]
                : []
            }
          >
            <Space size={4} wrap>
              <span>{pt.name}</span>
              <Tag>{T.levels[pt.level]}</Tag>
              {pt.windowAnswers > 0 && (
                <Typography.Text type="secondary">{T.answers(pt.windowCorrect, pt.windowAnswers)}</Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
    </section>
  );
}

function GraphTab({ panel, ...p }: PushProps & { panel: LessonPanel }) {
  return (
    <>
      <Points {...p} title={T.ready} hint={T.readyHint} points={panel.ready} />
      <Points {...p} title={T.weak} hint={T.weakHint} points={panel.weak} />
    </>
  );
}

function WrongTab({ panel, ...p }: PushProps & { panel: LessonPanel }) {
  return (
    <section aria-label={T.tabs.wrong}>
      {panel.wrongTotal > 0 && (
        <Typography.Paragraph type="secondary">{T.wrongTotal(panel.wrongTotal)}</Typography.Paragraph>
      )}
      <List
        size="small"
        dataSource={panel.wrong}
        locale={{ emptyText: T.none }}
        renderItem={(w) => (
          <List.Item
            actions={
              p.onPush
                ? [
                    <PushButton
                      key="push"
                      {...p}
                      label={T.pushAgain}
                      disabled={p.pushed.has(w.questionId) ? T.pushedBefore : w.postponed ? T.postponed : undefined}
                      onClick={() => p.onPush?.({ questionId: w.questionId })}
                    />,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<span className="lesson-question-line">{w.title || w.text}</span>}
              description={
                <Space size={4} wrap>
                  <Tag>{TYPE_LABELS[w.type]}</Tag>
                  <span>{w.knowledgeName}</span>
                  <span>{T.wrongCount(w.wrongCount)}</span>
                  <span>{T.lastWrong(day(w.lastWrongTime))}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}

function BankTab({ lessonId, panel, ...p }: PushProps & { lessonId: string; panel: LessonPanel | undefined }) {
  const [keyword, setKeyword] = useState('');
  const [code, setCode] = useState<string | undefined>();
  const [type, setType] = useState<QuestionType | undefined>();
  const [start, setStart] = useState(0);
  const q: LessonBankQuery = { start, size: PAGE, keyword: keyword || undefined, knowledgeCode: code, type };
  const bank = useBank(lessonId, q, true);
  const points = [...(panel?.weak ?? []), ...(panel?.ready ?? [])].filter(
    (pt, i, all) => all.findIndex((x) => x.knowledgeCode === pt.knowledgeCode) === i,
  );
  // A capped total ("10000+") reads as its number.
  const total = parseInt(String(bank.data?.total ?? 0), 10) || 0;
  return (
    <section aria-label={T.tabs.bank}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          aria-label={T.keyword}
          placeholder={T.keyword}
          allowClear
          maxLength={100}
          onSearch={(v) => {
            setKeyword(v.trim());
            setStart(0);
          }}
        />
        <Space wrap>
          <Select
            aria-label={T.point}
            style={{ minWidth: 160 }}
            allowClear
            placeholder={T.anyPoint}
            value={code}
            onChange={(v: string | undefined) => {
              setCode(v);
              setStart(0);
            }}
            options={points.map((pt) => ({ value: pt.knowledgeCode, label: pt.name }))}
          />
          <Select
            aria-label={T.type}
            style={{ minWidth: 120 }}
            allowClear
            placeholder={T.anyType}
            value={type}
            onChange={(v: QuestionType | undefined) => {
              setType(v);
              setStart(0);
            }}
            options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          />
        </Space>
        {bank.isError ? (
          <Alert type="error" showIcon title={errorText(bank.error)} />
        ) : (
          <List
            size="small"
            loading={bank.isFetching}
            dataSource={bank.data?.list ?? []}
            locale={{ emptyText: bank.isPending ? ' ' : T.noResults }}
            renderItem={(b) => (
              <List.Item
                actions={
                  p.onPush
                    ? [
                        <PushButton
                          key="push"
                          {...p}
                          label={T.push}
                          disabled={p.pushed.has(b.questionId) ? T.pushedBefore : undefined}
                          onClick={() => p.onPush?.({ questionId: b.questionId })}
                        />,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={<span className="lesson-question-line">{b.title || plain(b.question)}</span>}
                  description={
                    <Space size={4} wrap>
                      <Tag>{TYPE_LABELS[b.type]}</Tag>
                      <span>{b.knowledgeName}</span>
                      {b.judgeType === 'manual' && <Tag color="orange">{T.manual}</Tag>}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
        {total > 0 && (
          <Space>
            <Button size="small" disabled={start === 0} onClick={() => setStart(Math.max(0, start - PAGE))}>
              {T.prev}
            </Button>
            <Typography.Text type="secondary">
              {T.page(start + 1, Math.min(total, start + PAGE), total)}
            </Typography.Text>
            <Button size="small" disabled={start + PAGE >= total} onClick={() => setStart(start + PAGE)}>
              {T.next}
            </Button>
          </Space>
        )}
      </Space>
    </section>
  );
}

export function TeacherPanel({
  lessonId,
  pushes,
  canPush,
}: {
  lessonId: string;
  pushes: LessonPushes | undefined;
  /** The lesson's teacher (observers read only). */
  canPush: boolean;
}) {
  const panel = usePanel(lessonId, true);
  const push = usePush(lessonId);
  const withdraw = useWithdraw(lessonId);
  const ended = pushes?.status === 'finished' || pushes?.status === 'expired';
  const blocked = ended ? T.ended : pushes?.waiting ? T.waitingTip : null;
  const p: PushProps = {
    onPush: canPush ? (request) => void push.run(request) : null,
    blocked,
    busy: push.isPending,
    pushed: new Set((pushes?.pushes ?? []).map((x) => x.questionId)),
  };
  const list = pushes?.pushes ?? [];
  return (
    <div className="lesson-engine-panel">
      {!canPush && <Alert type="info" showIcon title={T.observerNote} style={{ marginBottom: 12 }} />}
      <section className="lesson-engine-section" aria-label={T.pushed}>
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text strong>{T.pushed}</Typography.Text>
          {pushes && <Tag>{T.pushedCount(list.length, pushes.limit)}</Tag>}
          {pushes?.waiting && <Tag color="processing">{T.waiting}</Tag>}
          {ended && <Tag>{T.ended}</Tag>}
        </Space>
        <PushList
          pushes={list}
          empty={canPush ? T.noPushes : T.noPushesStudent}
          onWithdraw={canPush && !ended ? (questionId) => void withdraw.run(questionId) : undefined}
          withdrawing={withdraw.isPending}
        />
      </section>
      {panel.isPending ? (
        <div className="lesson-engine-center">
          <Spin />
        </div>
      ) : panel.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(panel.error)}
          action={
            <Button size="small" onClick={() => void panel.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <Tabs
          items={[
            { key: 'graph', label: T.tabs.graph, children: <GraphTab {...p} panel={panel.data} /> },
            { key: 'wrong', label: T.tabs.wrong, children: <WrongTab {...p} panel={panel.data} /> },
            { key: 'bank', label: T.tabs.bank, children: <BankTab {...p} lessonId={lessonId} panel={panel.data} /> },
          ]}
        />
      )}
    </div>
  );
}
