// The lesson's pushed questions with the student's answers and results (docs/lessons.md "The engine in the lesson"):
// newest first, each with its state (the teacher may withdraw one not answered yet); opening one shows the question, the key (teacher and observers), the student's
// answer and the judged result.
import { useState } from 'react';
import { Button, Collapse, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import type { LessonPush } from '@edu/contract';
import { RichText } from '../../../components/rich-text/RichText';
import { AnswerTextView } from '../../../components/question/AnswerText';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import { TYPE_LABELS } from '../../../components/texts';
import { ENGINE_TEXTS as T } from './texts';

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Shanghai' });

/** The push's state as a coloured tag. */
export function PushState({ push }: { push: LessonPush }) {
  const a = push.answer;
  if (!a) return <Tag color="blue">{T.state.waiting}</Tag>;
  const r = a.result;
  if (!r) return <Tag>{T.state.hidden}</Tag>;
  if (r.pending || r.isCorrect === null) return <Tag color="orange">{T.state.pending}</Tag>;
  if (r.isCorrect) return <Tag color="green">{T.state.correct}</Tag>;
  return r.score > 0 ? <Tag color="gold">{T.state.partial}</Tag> : <Tag color="red">{T.state.wrong}</Tag>;
}

/** Plain text of a stem, to name a question in one line. */
export const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function PushDetail({ push }: { push: LessonPush }) {
  const q = push.question;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <RichText html={q.question} />
      {q.options.length > 0 && (
        <ul className="lesson-engine-options">
          {q.options.map((o) => (
            <li key={o.key}>
              {o.key}. <RichText html={o.content} inline />
            </li>
          ))}
        </ul>
      )}
      {push.key && push.key.answer.length > 0 && (
        <div>
          <Typography.Text strong>{T.key}：</Typography.Text>
          <AnswerTextView type={q.type} answer={push.key.answer} standard />
          {push.key.explanation && (
            <div>
              <Typography.Text strong>{T.explanation}：</Typography.Text>
              <RichText html={push.key.explanation} />
            </div>
          )}
        </div>
      )}
      {push.answer ? (
        <div>
          <Typography.Text type="secondary">{T.answeredAt(clock(push.answer.answeredAt))}</Typography.Text>
          {push.answer.result ? (
            <JudgeResultView result={push.answer.result} type={q.type} />
          ) : (
            <div>
              <Typography.Text strong>{T.studentAnswer}：</Typography.Text>
              <AnswerTextView type={q.type} answer={push.answer.answer} />
            </div>
          )}
        </div>
      ) : (
        <Typography.Text type="secondary">{T.notAnswered}</Typography.Text>
      )}
    </Space>
  );
}

/** 撤回 on an unanswered push (the teacher's list), asked once more before it goes. */
function WithdrawButton({ onConfirm, busy }: { onConfirm: () => void; busy: boolean }) {
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Popconfirm title={T.withdrawConfirm} okText={T.withdraw} cancelText="取消" onConfirm={onConfirm}>
        <Button size="small" type="link" danger loading={busy} className="lesson-engine-withdraw">
          {T.withdraw}
        </Button>
      </Popconfirm>
    </span>
  );
}

export function PushList({
  pushes,
  empty,
  onWithdraw,
  withdrawing = false,
}: {
  pushes: LessonPush[];
  empty: string;
  /** The teacher's list: takes back an unanswered push (docs/lessons.md "Withdrawing a push"). */
  onWithdraw?: (questionId: string) => void;
  withdrawing?: boolean;
}) {
  const [open, setOpen] = useState<string[]>([]);
  if (pushes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const newestFirst = [...pushes].reverse();
  return (
    <Collapse
      className="lesson-engine-pushes"
      size="small"
      activeKey={open}
      onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
      items={newestFirst.map((p) => ({
        key: String(p.n),
        label: (
          <span className="lesson-engine-push-label" data-push={p.n}>
            <span>
              {T.nth(p.n)} <Tag>{TYPE_LABELS[p.question.type]}</Tag>
            </span>
            <span className="lesson-engine-push-text">{plain(p.question.title || p.question.question)}</span>
          </span>
        ),
        extra: (
          <Space size={0}>
            {onWithdraw && p.answer === null && (
              <WithdrawButton busy={withdrawing} onConfirm={() => onWithdraw(p.questionId)} />
            )}
            <PushState push={p} />
          </Space>
        ),
        children: <PushDetail push={p} />,
      }))}
    />
  );
}
