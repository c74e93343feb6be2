// What the two kinds of training body share: their props, the body of an answer's request and ending it.
import { type StudentQuestion, type Training } from '@edu/contract';
import { API } from '../../api/routes';
import { useApiMutation } from '../../api/mutation';
import { useCall } from '../../app/session-context';
import type { Submission } from '../question/QuestionView';

export interface TrainingPartProps {
  training: Training;
  /** A newer state of the training from the server (kept in the query cache). */
  onTraining: (training: Training) => void;
  /** Ask the server again (the state here is out of date). */
  onStale: () => void;
}

/** The body of a judged answer's request: enReading answers per sub-question. */
export function answerRequest(question: StudentQuestion, value: Submission, clientAnswerId: string) {
  return question.type === 'enReading'
    ? { clientAnswerId, questionId: question.id, answer: [], subAnswers: value.subAnswers ?? {} }
    : { clientAnswerId, questionId: question.id, answer: value.answer };
}

/**
 * 结束训练 / 交卷: ends the training (POST …/finish) through the shared mutation (a failure is shown as its
 * message); `run()` resolves when done, so a confirmation dialog stays busy until then and never sees a rejection.
 */
export function useFinishTraining(training: Training, onFinished: (training: Training) => void) {
  const call = useCall();
  return useApiMutation<Training>({
    mutationFn: () => call(API.trainingFinish, { params: { id: training.trainId } }),
    onSuccess: onFinished,
  });
}
