// A review session of the wrong-answer book: the due questions one by one, each judged by the server the
// moment it is submitted, with the verdict, the standard answer and the entry's new FSRS schedule. It never
// blocks: a question an unfinished paper or task holds is left out by the server (the session says how many), and
// one refused on submit (held since the list was read) is skipped with the server's reason.
import { useState } from 'react';
import { Alert, Button, Modal, Progress, Result, Space, Typography } from 'antd';
import type { WrongReviewResult } from '@edu/contract';
import { errorText } from '../../../api/client';
import { AnswerForm, EMPTY_SUBMISSION, isEmptySubmission } from '../../../components/question/AnswerForm';
import { JudgeResultView } from '../../../components/question/JudgeResultView';
import type { Submission } from '../../../components/question/QuestionView';
import { PageSpinner } from '../../../components/PageSpinner';
import { newAnswerId } from '../../../components/training/answer-retry';
import { dueText } from './due-text';
import { useReview, useWrongDue } from './queries';
import { WRONG_TEXTS } from './texts';

const T = WRONG_TEXTS.session;

export interface ReviewSessionProps {
  open: boolean;
  filters: { subject?: string; knowledgeId?: string };
  onClose: () => void;
}

export function ReviewSession({ open, filters, onClose }: ReviewSessionProps) {
  return (
    <Modal open={open} title={T.title} width={820} footer={null} onCancel={onClose} destroyOnHidden>
      {open && <SessionBody filters={filters} onClose={onClose} />}
    </Modal>
  );
}

function SessionBody({ filters, onClose }: Omit<ReviewSessionProps, 'open'>) {
  const due = useWrongDue(filters, true);
  const review = useReview();
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState<Submission>(EMPTY_SUBMISSION);
  const [clientAnswerId, setClientAnswerId] = useState(newAnswerId);
  const [judged, setJudged] = useState<(WrongReviewResult & { at: number }) | null>(null);
  const [right, setRight] = useState(0);
  const [warn, setWarn] = useState<string | null>(null);
  /** The server refused this question's review (e.g. a paper started meanwhile holds it): it may be skipped. */
  const [refused, setRefused] = useState(false);

  if (due.isPending) return <PageSpinner />;
  if (due.isError) return <Alert type="error" title={errorText(due.error)} />;
  const list = due.data.list;
  const postponed = due.data.postponed ?? 0;
  const unavailable = due.data.unavailable ?? 0;
  const waiting = (postponed > 0 || unavailable > 0) && (
    <>
      {postponed > 0 && <Alert type="info" showIcon title={T.postponed(postponed)} />}
      {unavailable > 0 && <Alert type="info" showIcon title={T.unavailable(unavailable)} />}
    </>
  );
  if (list.length === 0)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {waiting}
        <Result status="success" title={T.empty} extra={<Button onClick={onClose}>{T.close}</Button>} />
      </Space>
    );
  if (index >= list.length)
    return (
      <Result
        status="success"
        title={T.done(right, list.length)}
        extra={
          <Button type="primary" onClick={onClose}>
            {T.finish}
          </Button>
        }
      />
    );

  const item = list[index];
  const submit = () => {
    if (isEmptySubmission(value)) {
      setWarn(T.needAnswer);
      return;
    }
    setWarn(null);
    review.mutate(
      { questionId: item.entry.questionId, request: { clientAnswerId, ...value } },
      {
        onSuccess: (r) => {
          setJudged({ ...r, at: Date.now() });
          if (r.result.isCorrect) setRight((n) => n + 1);
        },
        onError: (e) => {
          setWarn(errorText(e));
          setRefused(true);
        },
      },
    );
  };
  const next = () => {
    setIndex((i) => i + 1);
    setValue(EMPTY_SUBMISSION);
    setClientAnswerId(newAnswerId());
    setJudged(null);
    setWarn(null);
    setRefused(false);
  };
  const card = judged?.entry.card;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {waiting}
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{T.progress(index + 1, list.length)}</Typography.Text>
        <Typography.Text type="secondary">{item.entry.knowledgeName}</Typography.Text>
      </Space>
      <Progress percent={Math.round((index / list.length) * 100)} showInfo={false} size="small" />
      <AnswerForm
        question={item.question}
        value={value}
        onChange={(v) => setValue(v)}
        disabled={judged !== null || review.isPending}
      />
      {warn && <Alert type="warning" title={warn} showIcon />}
      {judged && card && (
        <>
          <JudgeResultView result={judged.result} type={item.question.type} />
          <Alert
            type={card.mastered ? 'success' : judged.rating === 'again' ? 'warning' : 'info'}
            showIcon
            title={
              judged.rating === null
                ? T.pendingReview
                : card.mastered
                  ? T.mastered
                  : judged.rating === 'again'
                    ? T.again
                    : T.streak(card.streak)
            }
            description={card.mastered ? undefined : T.nextDue(dueText(card.due, judged.at))}
          />
        </>
      )}
      <Space>
        {judged ? (
          <Button type="primary" onClick={next}>
            {index + 1 < list.length ? T.next : T.finish}
          </Button>
        ) : (
          <Button type="primary" loading={review.isPending} onClick={submit}>
            {T.submit}
          </Button>
        )}
        {!judged && refused && <Button onClick={next}>{T.skip}</Button>}
      </Space>
    </Space>
  );
}
