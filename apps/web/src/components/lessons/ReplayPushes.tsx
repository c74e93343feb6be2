// The questions pushed in a lesson, on its replay (docs/web.md "Lesson lists and replay"; docs/lessons.md "The engine
// in the lesson"): in order, each with the student's result as the reader may see it (a parent and the student never
// a key), the score, when it was pushed and answered (北京时间), and 跳到此时 to seek the timeline to its push.
// Opened, a push shows the question and the judged result.
import { useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Space, Spin, Typography } from 'antd';
import type { LessonPush, LessonPushes } from '@edu/contract';
import { errorText } from '../../api/client';
import { JudgeResultView } from '../question/JudgeResultView';
import { AnswerTextView } from '../question/AnswerText';
import { PushLabel, PushQuestion, PushStateTag } from './PushParts';
import { LESSON_TEXTS, REPLAY_TEXTS as T } from './texts';
import { cstSeconds } from './time';

/** The China Standard Time clock of a moment, `19:05:07`: the list's header says 北京时间 once. */
const clock = (ms: number) => cstSeconds(ms).slice(11);

function PushDetail({ push }: { push: LessonPush }) {
  const q = push.question;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <PushQuestion push={push} />
      {!push.answer ? (
        <Typography.Text type="secondary">{T.notAnswered}</Typography.Text>
      ) : push.answer.result ? (
        <JudgeResultView result={push.answer.result} type={q.type} />
      ) : (
        <AnswerTextView type={q.type} answer={push.answer.answer} />
      )}
    </Space>
  );
}

export interface ReplayPushesProps {
  pushes: LessonPushes | undefined;
  /** The read failed: its error and a way to read again. */
  error?: unknown;
  onRetry?: () => void;
  /** The timeline's start and length; a push inside it gets 跳到此时. */
  t0?: number;
  duration?: number;
  onSeek?: (ms: number) => void;
}

export function ReplayPushes({ pushes, error, onRetry, t0, duration, onSeek }: ReplayPushesProps) {
  const [open, setOpen] = useState<string[]>([]);
  const list = pushes?.pushes ?? [];
  const canSeek = (p: LessonPush) =>
    onSeek !== undefined &&
    t0 !== undefined &&
    duration !== undefined &&
    p.pushedAt >= t0 &&
    p.pushedAt - t0 <= duration;
  let body;
  if (error)
    body = (
      <Alert
        type="error"
        showIcon
        title={T.pushesFailed}
        description={errorText(error)}
        action={onRetry && <Button onClick={onRetry}>{T.retry}</Button>}
      />
    );
  else if (!pushes) body = <Spin size="small" />;
  else if (list.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noPushes} />;
  else
    body = (
      <Collapse
        className="lesson-pushes"
        size="small"
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={list.map((p) => {
          const result = p.answer?.result;
          return {
            key: String(p.n),
            label: (
              <PushLabel push={p}>
                <Typography.Text type="secondary" className="lesson-replay-push-times">
                  {T.pushedAt(clock(p.pushedAt))}
                  {p.answer && ` · ${T.answeredAt(clock(p.answer.answeredAt))}`}
                </Typography.Text>
              </PushLabel>
            ),
            extra: (
              <Space size={4} onClick={(e) => e.stopPropagation()}>
                <PushStateTag push={p} />
                {result && !result.pending && result.isCorrect !== null && (
                  <Typography.Text>{T.score(result.score)}</Typography.Text>
                )}
                {canSeek(p) && (
                  <Button size="small" type="link" onClick={() => onSeek?.(p.pushedAt - (t0 ?? 0))}>
                    {T.seekPush}
                  </Button>
                )}
              </Space>
            ),
            children: <PushDetail push={p} />,
          };
        })}
      />
    );
  return (
    <Card
      size="small"
      title={list.length ? T.pushesCount(list.length) : T.pushes}
      extra={<Typography.Text type="secondary">{LESSON_TEXTS.cst}</Typography.Text>}
      style={{ marginTop: 12 }}
    >
      {body}
    </Card>
  );
}
