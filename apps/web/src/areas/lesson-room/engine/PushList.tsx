// The lesson's pushed questions with the student's answers and results (docs/lessons.md "The engine in the lesson"):
// newest first, each with its state (the teacher may withdraw one not answered yet); opening one shows the question, the key (teacher and observers), the student's
// answer and the judged result.
import { useState } from 'react';
import { Button, Collapse, Empty, Popconfirm, Space, Typography } from 'antd';
import { cstClock, type LessonPush } from '@edu/contract';
import { RichText } from '../../../components/rich-text/RichText';
import { AnswerTextView } from '../../../components/question/AnswerText';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import { PushLabel, PushQuestion, PushStateTag } from '../../../components/lessons/PushParts';
import { ENGINE_TEXTS as T } from './texts';

function PushDetail({ push }: { push: LessonPush }) {
  const q = push.question;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <PushQuestion push={push} />
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
          <Typography.Text type="secondary">{T.answeredAt(cstClock(push.answer.answeredAt))}</Typography.Text>
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
      className="lesson-pushes"
      size="small"
      activeKey={open}
      onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
      items={newestFirst.map((p) => ({
        key: String(p.n),
        label: <PushLabel push={p} />,
        extra: (
          <Space size={0}>
            {onWithdraw && p.answer === null && (
              <WithdrawButton busy={withdrawing} onConfirm={() => onWithdraw(p.questionId)} />
            )}
            <PushStateTag push={p} live />
          </Space>
        ),
        children: <PushDetail push={p} />,
      }))}
    />
  );
}
