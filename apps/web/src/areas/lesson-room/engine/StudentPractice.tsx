// The student's side of the engine in the lesson (docs/lessons.md "The engine in the lesson"): a question the teacher
// pushes appears as a card over the board, answered with the trainings' own form and sent through the training's
// answer call (judged by the engine, retried with the same clientAnswerId while the network fails); the result — with
// the standard answer, as after any training answer — shows on the card. 收起 folds it into a button; the lesson's
// pushes so far are one click away. A push the teacher withdraws goes away (the room's `lesson:withdrawn`).
import { useState } from 'react';
import { Alert, Badge, Button, Card, Drawer, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { JudgeResult, LessonPush, LessonPushes } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText, isEnvelopeError } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { AnswerForm, EMPTY_SUBMISSION, isEmptySubmission } from '../../../components/question/AnswerForm';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import type { Submission } from '../../../components/question/QuestionView';
import { TYPE_LABELS } from '../../../components/texts';
import { AbortedError, newAnswerId } from '../../../components/training/answer-retry';
import { answerRequest } from '../../../components/training/training-part';
import { useRetryingSend } from '../../../components/training/use-retrying-send';
import { PushList } from './PushList';
import { pushesKey, putPush } from './queries';
import { ENGINE_TEXTS as T } from './texts';

function PushCard({
  push,
  lessonId,
  onClose,
  onAnswered,
}: {
  push: LessonPush;
  lessonId: string;
  onClose: () => void;
  /** The answer was stored (its result is on the card). */
  onAnswered: () => void;
}) {
  const call = useCall();
  const client = useQueryClient();
  const { agencyId } = useAppConfig();
  const { send, state } = useRetryingSend();
  const [value, setValue] = useState<Submission>(EMPTY_SUBMISSION);
  const [error, setError] = useState<string | null>(null);
  const answered = push.answer;
  const result: JudgeResult | null = answered?.result ?? null;

  async function submit() {
    const request = answerRequest(push.question, value, newAnswerId());
    setError(null);
    try {
      const res = await send(() => call(API.trainingAnswer, { params: { id: push.trainId }, body: { request } }));
      putPush(client, agencyId, lessonId, {
        ...push,
        answer: {
          recordId: res.recordId,
          answeredAt: Date.now(),
          answer: request.answer,
          ...('subAnswers' in request ? { subAnswers: request.subAnswers } : {}),
          result: res.result,
        },
      });
      onAnswered();
    } catch (e) {
      if (e instanceof AbortedError) return;
      setError(errorText(e));
      // 409: answered already (another window) or the lesson's practice ended; 404: gone. Read the pushes again.
      if (isEnvelopeError(e, 409) || isEnvelopeError(e, 404))
        void client.invalidateQueries({ queryKey: pushesKey(agencyId, lessonId) });
    }
  }

  const busy = state !== 'idle';
  return (
    <Card
      className="lesson-engine-card"
      size="small"
      data-push={push.n}
      title={
        <Space size={4}>
          <span>{answered ? T.nth(push.n) : `${T.newQuestion} · ${T.nth(push.n)}`}</span>
          <Tag color="blue">{TYPE_LABELS[push.question.type]}</Tag>
        </Space>
      }
      extra={
        <Button size="small" type="text" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      {state === 'retrying' && <Alert type="warning" showIcon title={T.netRetry} style={{ marginBottom: 12 }} />}
      {state === 'slow' && <Alert type="info" showIcon title={T.netSlow} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <AnswerForm
        question={push.question}
        value={answered ? { answer: answered.answer, subAnswers: answered.subAnswers } : value}
        disabled={busy || answered !== null}
        onChange={(v) => setValue(v)}
      />
      {answered ? (
        result ? (
          <JudgeResultView result={result} type={push.question.type} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {T.submitted}
          </Typography.Paragraph>
        )
      ) : (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={busy}
          disabled={isEmptySubmission(value)}
          onClick={() => void submit()}
        >
          {T.submit}
        </Button>
      )}
    </Card>
  );
}

/** A push's identity: a withdrawn push's place (`n`) is taken by the next one. */
const keyOf = (p: LessonPush) => `${p.n}:${p.questionId}:${p.pushedAt}`;

export function StudentPractice({ lessonId, pushes }: { lessonId: string; pushes: LessonPushes | undefined }) {
  // The card shows the latest push while it waits for the answer, and its result once answered here, until 收起; a
  // newer push shows again. One answered before the page opened is in the list only. A push the teacher withdraws
  // leaves the list (docs/lessons.md "Withdrawing a push"), and its card with it.
  const [closed, setClosed] = useState<string | null>(null);
  const [answeredHere, setAnsweredHere] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const list = pushes?.pushes ?? [];
  const latest = list[list.length - 1];
  const latestKey = latest ? keyOf(latest) : null;
  const open = latest !== undefined && latestKey !== closed && (latest.answer === null || latestKey === answeredHere);
  const waiting = latest !== undefined && latest.answer === null;
  return (
    <>
      {open ? (
        <PushCard
          key={latestKey}
          push={latest}
          lessonId={lessonId}
          onClose={() => setClosed(latestKey)}
          onAnswered={() => setAnsweredHere(latestKey)}
        />
      ) : (
        list.length > 0 && (
          <div className="lesson-engine-dock lesson-engine-dock-student">
            <Badge dot={waiting}>
              <Button
                onClick={() => {
                  if (waiting) setClosed(null);
                  else setListOpen(true);
                }}
              >
                {T.show(list.length)}
              </Button>
            </Badge>
          </div>
        )
      )}
      <Drawer
        title={T.myPushes}
        placement="right"
        size={Math.min(420, window.innerWidth)}
        open={listOpen}
        onClose={() => setListOpen(false)}
      >
        <PushList pushes={list} empty={T.noPushesStudent} />
      </Drawer>
    </>
  );
}
