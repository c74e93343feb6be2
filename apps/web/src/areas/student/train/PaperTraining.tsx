// A paper: every question with its answer, each saved as it changes (paper-saver.ts: own clientAnswerId per
// save, retried while the network fails); 交卷 (confirmed) waits for the saves and ends the training.
import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Space, Tag, Typography } from 'antd';
import { type StudentQuestion, type Training, type TrainingAnswerResult } from '@edu/contract';
import { API } from '../../../api/routes';
import { isEnvelopeError } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { AnswerForm, isEmptySubmission } from '../../../components/question/AnswerForm';
import type { Submission } from '../../../components/question/QuestionView';
import { TYPE_LABELS } from '../../../components/texts';
import { answerRequest, useFinishTraining, type TrainingPartProps } from './training-part';
import { isTransient } from './answer-retry';
import { PaperSaver, type SaveState } from './paper-saver';
import { TRAIN_TEXTS } from './texts';
import { useLeaveWarning } from './use-retrying-send';

const T = TRAIN_TEXTS.paper;
/** Typing pauses this long before an answer is saved; choices are saved at once. */
export const TYPING_PAUSE_MS = 800;

function SaveTag({ state }: { state: SaveState | undefined }) {
  switch (state?.status) {
    case undefined:
      return null;
    case 'saving':
      return <Tag color="processing">{T.saving}</Tag>;
    case 'retrying':
      return <Tag color="warning">{T.retrying}</Tag>;
    case 'saved':
      return <Tag color="success">{T.saved}</Tag>;
    case 'failed':
      return <Tag color="error">{T.failed(state.error ?? '')}</Tag>;
  }
}

/** What the paper shows for a question: the answer saved last (after a reload too). */
export const initialValue = (q: StudentQuestion, paper: Training['paper']): Submission =>
  q.type === 'enReading'
    ? { answer: [], subAnswers: paper?.subAnswers?.[q.id] ?? {} }
    : { answer: paper?.answers[q.id] ?? [] };

export function PaperTraining({ training, onTraining, onStale }: TrainingPartProps) {
  const call = useCall();
  const { modal, message } = AntApp.useApp();
  const finishing = useFinishTraining(training, onTraining);
  const questions = training.paper?.questions ?? [];
  const [values, setValues] = useState<Record<string, Submission>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, initialValue(q, training.paper)])),
  );
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [saver] = useState(
    () =>
      new PaperSaver<TrainingAnswerResult>({
        debounceMs: TYPING_PAUSE_MS,
        send: (questionId, submission, clientAnswerId) => {
          const question = questions.find((q) => q.id === questionId);
          const request = question
            ? answerRequest(question, submission, clientAnswerId)
            : { clientAnswerId, questionId, answer: submission.answer };
          return call(API.trainingAnswer, { params: { id: training.trainId }, body: { request } }).catch(
            (e: unknown) => {
              // 409: the paper's time ran out or it was handed in elsewhere; the page shows where it stands now.
              if (isEnvelopeError(e, 409) && !isTransient(e)) onStale();
              throw e;
            },
          );
        },
        onState: (id, s) => setStates((m) => ({ ...m, [id]: s })),
        onSaved: (res) => onTraining(res.training),
      }),
  );
  useEffect(() => () => saver.dispose(), [saver]);
  const unsaved = Object.values(states).some((s) => s.status === 'saving' || s.status === 'retrying');
  useLeaveWarning(unsaved);

  const answered = questions.filter((q) => !isEmptySubmission(values[q.id] ?? { answer: [] })).length;
  const retrying = Object.values(states).some((s) => s.status === 'retrying');

  const change = (id: string, value: Submission, immediate: boolean) => {
    setValues((m) => ({ ...m, [id]: value }));
    saver.save(id, value, immediate);
  };

  const submitPaper = () =>
    void modal.confirm({
      title: T.submitTitle,
      content: T.submitBody(questions.length - answered),
      okText: T.submit,
      cancelText: TRAIN_TEXTS.doing.cancel,
      onOk: async () => {
        if (saver.busy) void message.info(T.waiting);
        await saver.flush();
        await finishing.run();
      },
    });

  const submitButton = (
    <Button type="primary" onClick={submitPaper}>
      {T.submit}
    </Button>
  );
  return (
    <Card title={T.answeredCount(answered, questions.length)} extra={submitButton}>
      {retrying && <Alert type="warning" showIcon title={TRAIN_TEXTS.doing.netRetry} style={{ marginBottom: 16 }} />}
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {questions.map((q, i) => (
          <Card
            key={q.id}
            size="small"
            className="paper-question"
            data-question-id={q.id}
            title={
              <Space size={8}>
                {T.questionNo(i + 1)}
                <Tag color="blue">{TYPE_LABELS[q.type]}</Tag>
              </Space>
            }
            extra={
              <Space size={4}>
                {isEmptySubmission(values[q.id] ?? { answer: [] }) && (
                  <Typography.Text type="secondary">{T.unanswered}</Typography.Text>
                )}
                <SaveTag state={states[q.id]} />
              </Space>
            }
          >
            <AnswerForm
              question={q}
              value={values[q.id] ?? { answer: [] }}
              onChange={(v, immediate) => change(q.id, v, immediate)}
            />
          </Card>
        ))}
      </Space>
      <div style={{ marginTop: 16, textAlign: 'right' }}>{submitButton}</div>
    </Card>
  );
}
