// A general scheme's training, one question at a time: 提交 sends the answer (a new clientAnswerId, retried
// with that id while the network fails), the judged result is shown; under judgeWay 'retry' a wrong answer is
// answered again, otherwise 下一题 shows the question the answer's response brought. 结束训练 ends it.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Space, Tag } from 'antd';
import { type JudgeResult, type StudentQuestion } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText, isEnvelopeError } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { AnswerForm, EMPTY_SUBMISSION, isEmptySubmission } from '../../../components/question/AnswerForm';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import { ReadingSteps } from './reading/ReadingSteps';
import type { Submission } from '../../../components/question/QuestionView';
import { TYPE_LABELS } from '../../../components/texts';
import { answerRequest, useFinishTraining, type TrainingPartProps } from '../../../components/training/training-part';
import { AbortedError, newAnswerId } from '../../../components/training/answer-retry';
import { TrainingSummaryView } from './TrainingSummaryView';
import { TRAIN_TEXTS } from '../../../components/training/texts';
import { useLeaveWarning, useRetryingSend } from '../../../components/training/use-retrying-send';

const T = TRAIN_TEXTS.doing;

interface Judged {
  question: StudentQuestion;
  result: JudgeResult | null;
  /** judgeWay 'retry' and wrong: the same question is still current. */
  canRetry: boolean;
}

export function GeneralTraining({ training, onTraining, onStale }: TrainingPartProps) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const { send, state } = useRetryingSend();
  const [judged, setJudged] = useState<Judged | null>(null);
  const [draft, setDraft] = useState<{ questionId: string; value: Submission } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLeaveWarning(state !== 'idle');
  const finishing = useFinishTraining(training, (t) => {
    onTraining(t);
    setJudged(null);
  });

  if (!judged && training.status !== 'running') return <TrainingSummaryView training={training} />;
  // A reading question is answered step by step (docs/reading.md "Answering steps") — once the result of the
  // question before it has been read (下一题).
  if (!judged && training.question?.type === 'enReading')
    return (
      <ReadingSteps
        key={`${training.trainId}-${training.question.id}`}
        training={training}
        onTraining={onTraining}
        onStale={onStale}
        question={training.question}
      />
    );
  const shown = judged?.question ?? training.question;
  const value = shown && draft?.questionId === shown.id ? draft.value : EMPTY_SUBMISSION;

  async function submit(question: StudentQuestion) {
    // One id per submission; every retry of this submission repeats it, so the server stores it once.
    const request = answerRequest(question, value, newAnswerId());
    setError(null);
    try {
      const res = await send(() => call(API.trainingAnswer, { params: { id: training.trainId }, body: { request } }));
      onTraining(res.training);
      const after = res.training;
      setJudged({
        question,
        result: res.result,
        canRetry: res.result?.isCorrect === false && after.status === 'running' && after.question?.id === question.id,
      });
    } catch (e) {
      if (e instanceof AbortedError) return;
      setError(errorText(e));
      // 409: the question is no longer current (the phase's time ran out) or the training ended.
      if (isEnvelopeError(e, 409) || isEnvelopeError(e, 404)) onStale();
    }
  }

  const finish = () =>
    void modal.confirm({
      title: T.finishTitle,
      content: T.finishBody,
      okText: T.finishOk,
      cancelText: T.cancel,
      onOk: () => finishing.run(),
    });

  const busy = state !== 'idle';
  let actions: React.ReactNode;
  if (!judged) {
    // Each action is its own element (key): a button reused from the loading 提交 would keep its spinner while
    // it collapses, in its accessible name too.
    actions = (
      <Button
        key="submit"
        type="primary"
        loading={busy}
        disabled={!shown || isEmptySubmission(value)}
        onClick={() => shown && void submit(shown)}
      >
        {T.submit}
      </Button>
    );
  } else if (judged.canRetry) {
    actions = (
      <Button key="retry" onClick={() => setJudged(null)}>
        {T.retry}
      </Button>
    );
  } else {
    actions = (
      <Button
        key="next"
        type="primary"
        onClick={() => {
          setJudged(null);
          setDraft(null);
        }}
      >
        {training.status === 'running' ? T.next : T.showSummary}
      </Button>
    );
  }

  return (
    <Card
      className="training-question"
      title={shown && <Tag color="blue">{TYPE_LABELS[shown.type]}</Tag>}
      extra={
        training.status === 'running' && (
          <Button danger onClick={finish}>
            {T.finish}
          </Button>
        )
      }
    >
      {state === 'retrying' && <Alert type="warning" showIcon title={T.netRetry} style={{ marginBottom: 16 }} />}
      {state === 'slow' && <Alert type="info" showIcon title={T.netSlow} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {shown ? (
        <AnswerForm
          key={shown.id}
          question={shown}
          value={value}
          disabled={busy || judged !== null}
          onChange={(v) => setDraft({ questionId: shown.id, value: v })}
        />
      ) : (
        <Space>
          {T.noQuestion}
          <Button onClick={onStale}>{T.refresh}</Button>
        </Space>
      )}
      {judged?.result && <JudgeResultView result={judged.result} type={judged.question.type} />}
      <Space style={{ marginTop: 16 }}>{actions}</Space>
    </Card>
  );
}
