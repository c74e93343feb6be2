// The answering steps of a reading question inside a training (docs/reading.md "Answering steps"; the answering
// step of docs/product.md §3, the step flow of docs/product.md §4): the process of one (training, question), the sub-questions answered so far with
// their feedback, the current one in the student view, and the answer record once the last step submitted it.
import { z } from 'zod';
import { Id } from './common.js';
import { StudentQuestion, StudentQuestionSub, SubQuestionType, SubmittedAnswer } from './question.js';

/** A word of the feedback's glossary: an out-of-scope word of the supporting sentence and its Chinese gloss. */
export const ReadingGlossaryWord = z.object({ word: z.string(), gloss: z.string() });
export type ReadingGlossaryWord = z.infer<typeof ReadingGlossaryWord>;

export const ReadingStepFeedback = z.object({
  text: z.string(),
  /** The `span.word` id of the article sentence that supports the key (highlighted by the web), if one was found. */
  evidenceSentenceId: z.string().nullable(),
  glossary: z.array(ReadingGlossaryWord),
});
export type ReadingStepFeedback = z.infer<typeof ReadingStepFeedback>;

/** One answered sub-question. `standardAnswer`/`explanation` stay empty until the training may show the answer. */
export const ReadingStepHistoryItem = z.object({
  questionSubId: Id,
  type: SubQuestionType,
  title: z.string(),
  /** The student's own answer. */
  answer: z.array(z.string()),
  isCorrect: z.boolean().nullable(),
  /** A translation's similarity to the reference (0–100). */
  similarity: z.number().optional(),
  feedback: ReadingStepFeedback,
  standardAnswer: z.array(z.string()),
  explanation: z.string(),
});
export type ReadingStepHistoryItem = z.infer<typeof ReadingStepHistoryItem>;

/** The step flow of one reading question of a training. */
export const ReadingProcess = z.object({
  processId: Id,
  /** The current sub-question's id; null when every sub-question is answered. */
  questionSubId: Id.nullable(),
  questionSub: StudentQuestionSub.nullable(),
  historyQuestionSub: z.array(ReadingStepHistoryItem),
  /** The training's answer record once the last step submitted the sub-answers. */
  recordId: Id.nullable(),
  /** The question as the student reads it (no answers), `extra.processId` and `extra.questionSubId` set. */
  question: StudentQuestion,
  /** How many sub-questions the student is asked in all. */
  total: z.number().int(),
});
export type ReadingProcess = z.infer<typeof ReadingProcess>;

export const ReadingStepParams = z.object({ id: Id, questionId: Id });

export const ReadingStepRequest = z.object({
  processId: Id,
  questionSubId: Id,
  answer: SubmittedAnswer,
});
export type ReadingStepRequest = z.infer<typeof ReadingStepRequest>;
