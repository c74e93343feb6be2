// Questions published for public preview (docs/domain.md "Questions and repositories"): the publication state
// staff see and change. The public read itself answers the StudentQuestion shape (no answer, no explanation).
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

export const QuestionPublication = z.object({
  questionId: Id,
  /** True while anyone may open the question at /public/question/preview?id=… and have answers judged. */
  published: z.boolean(),
  publishedAt: EpochMs.nullable(),
  /** Name of the staff member who published it (null when not published, or the account is gone). */
  publishedBy: z.string().nullable(),
  /**
   * Whether visitors see the standard answer and explanation once they have tried the question; false (the
   * default) shows them the verdict and the score only (docs/question-bank.md "Public preview").
   */
  showAnswer: z.boolean(),
});
export type QuestionPublication = z.infer<typeof QuestionPublication>;

/** `PUT /v1/exam/question/{id}/public` body: the publication's option (publishing again changes it). */
export const QuestionPublishRequest = z.object({ showAnswer: z.boolean().default(false) });
export type QuestionPublishRequest = z.infer<typeof QuestionPublishRequest>;

/** The web page where a published question is answered; `id` is the question's id. */
export const PUBLIC_QUESTION_PREVIEW_PATH = '/public/question/preview';
export const publicQuestionPath = (id: string) => `${PUBLIC_QUESTION_PREVIEW_PATH}?id=${encodeURIComponent(id)}`;
