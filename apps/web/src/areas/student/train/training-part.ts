// What the two kinds of training body share: their props and the body of an answer's request.
import type { StudentQuestion, Training } from '@edu/contract';
import type { Submission } from '../../../components/question/QuestionView';

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
