// Questions published for public preview (DOMAIN.md "Questions and repositories"): the publication state
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
});
export type QuestionPublication = z.infer<typeof QuestionPublication>;

/** The web page where a published question is answered; `id` is the question's id. */
export const PUBLIC_QUESTION_PREVIEW_PATH = '/public/question/preview';
export const publicQuestionPath = (id: string) => `${PUBLIC_QUESTION_PREVIEW_PATH}?id=${encodeURIComponent(id)}`;
