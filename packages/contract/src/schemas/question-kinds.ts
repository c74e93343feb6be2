// The kinds a question is made of (types, judge types, options), apart from the question schemas so that the
// answer rules the schemas' refinement calls (question-rules.ts) can name them without an import cycle.
import { z } from 'zod';
import { QUESTION_TYPES } from './question-type-list.js';

export { QUESTION_TYPES };
export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;

/** Types a sub-question of an enReading question can have (no nesting). */
export const SUB_QUESTION_TYPES = [
  'singleChoice',
  'multipleChoice',
  'trueFalse',
  'fillBlank',
  'translation',
  'shortAnswer',
] as const;
export const SubQuestionType = z.enum(SUB_QUESTION_TYPES);
export type SubQuestionType = z.infer<typeof SubQuestionType>;

export const CHOICE_TYPES = ['singleChoice', 'multipleChoice'] as const satisfies readonly QuestionType[];

export const JUDGE_TYPES = ['auto', 'manual'] as const;
export const JudgeType = z.enum(JUDGE_TYPES);
export type JudgeType = z.infer<typeof JudgeType>;

/** Option letters: A, B, C, … in order (`optionKeyAt` in question-rules.ts). */
export const OPTION_KEY_RE = /^[A-Z]$/;

/** Longest plain text of a question field (an option, a sub-question's title, an answer). */
export const QUESTION_TEXT_MAX = 10_000;

export const QuestionOption = z.object({
  key: z.string().regex(OPTION_KEY_RE, '选项字母应为 A–Z 的大写字母'),
  /** HTML. */
  content: z.string().max(QUESTION_TEXT_MAX, '选项内容不超过 10000 个字符'),
});
export type QuestionOption = z.infer<typeof QuestionOption>;
