// The wrong-answer book (docs/domain.md "Wrong answers, mastery, statistics"): every question the student answered
// wrongly, scheduled for review with FSRS; reviews are judged answers; three right reviews in a row master it.
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { KpCode } from './knowledge.js';
import { MarkingAnnotation } from './marking.js';
import { JudgeResult, Question, QuestionType, StudentQuestion, SubmittedAnswer } from './question.js';
import { AnswerVerdict } from './training.js';

/** Why an entry's review waits (WrongEntry.postponed). */
export const WRONG_POSTPONED_REASON = '这道题正在你未完成的试卷或训练中，完成后再复习';

/** Right reviews in a row that mark an entry mastered. */
export const WRONG_MASTERED_STREAK = 3;

export const WRONG_FILTERS = ['all', 'due', 'learning', 'mastered'] as const;
export const WrongFilter = z.enum(WRONG_FILTERS);
export type WrongFilter = z.infer<typeof WrongFilter>;

/** FSRS card states (ts-fsrs `State`). */
export const FSRS_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const FsrsState = z.enum(FSRS_STATES);
export type FsrsState = z.infer<typeof FsrsState>;

/** The review schedule of one entry as it stands now. */
export const WrongCard = z.object({
  state: FsrsState,
  /** When the next review is due (a new entry is due at its first wrong answer). */
  due: EpochMs,
  stability: z.number(),
  difficulty: z.number(),
  /** Days until due as scheduled by the last review (0 within learning steps). */
  scheduledDays: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: EpochMs.nullable(),
  /** Right reviews in a row since the last wrong answer. */
  streak: z.number().int(),
  mastered: z.boolean(),
  masteredTime: EpochMs.nullable(),
});
export type WrongCard = z.infer<typeof WrongCard>;

/** One question of the book. */
export const WrongEntry = z.object({
  questionId: Id,
  title: z.string(),
  /** The start of the question's plain text (title, stem, options), to recognise it in a list. */
  text: z.string(),
  type: QuestionType,
  knowledgeCode: z.string(),
  knowledgeName: z.string(),
  /** Wrong answers so far (trainings and reviews). */
  wrongCount: z.number().int(),
  firstWrongTime: EpochMs,
  lastWrongTime: EpochMs,
  /** The latest wrong answer, for its record page. */
  lastWrongRecordId: Id,
  card: WrongCard,
  /**
   * An unfinished training of the student (a paper, a 掌握测验, a task) holds the question: its review waits until
   * that ends, and it counts in no due count meanwhile (WRONG_POSTPONED_REASON says why).
   */
  postponed: z.boolean().optional(),
});
export type WrongEntry = z.infer<typeof WrongEntry>;

export const WrongListQuery = PageQuery.extend({
  filter: WrongFilter.default('all'),
  /** A subject's (or any) knowledge subtree, by code. */
  subject: KpCode.optional(),
  knowledgeId: KpCode.optional(),
});
export type WrongListQuery = z.infer<typeof WrongListQuery>;

/** `GET /v1/wrong/list`: a page of the book (due first), with how many entries each filter holds. */
export const WrongListPage = pageOf(WrongEntry).extend({
  counts: z.object({
    all: z.number().int(),
    due: z.number().int(),
    learning: z.number().int(),
    mastered: z.number().int(),
  }),
});
export type WrongListPage = z.infer<typeof WrongListPage>;

export const WrongDueQuery = z.object({
  size: z.coerce.number().int().min(1).max(50).default(20),
  subject: KpCode.optional(),
  knowledgeId: KpCode.optional(),
});
export type WrongDueQuery = z.infer<typeof WrongDueQuery>;

/** `GET /v1/wrong/review/next`: the due entries (earliest first) with their questions, without answers. */
export const WrongDue = z.object({
  /** All entries due now under the filters (the list holds at most `size`). */
  total: z.number().int(),
  list: z.array(z.object({ entry: WrongEntry, question: StudentQuestion })),
  /** Entries due now whose review waits for an unfinished training (WrongEntry.postponed); not in `total`. */
  postponed: z.number().int().optional(),
  /** Entries due now whose question the agency can no longer see (an unsubscribed repository); not in `total`. */
  unavailable: z.number().int().optional(),
});
export type WrongDue = z.infer<typeof WrongDue>;

export const WrongReviewRequest = z.object({
  /** Chosen by the client per review: a retried request with the same id stores one record. */
  clientAnswerId: z.string().trim().min(8, 'clientAnswerId 至少 8 个字符').max(64, 'clientAnswerId 不超过 64 个字符'),
  answer: SubmittedAnswer.default([]),
  subAnswers: z.record(Id, SubmittedAnswer).optional(),
});
export type WrongReviewRequest = z.infer<typeof WrongReviewRequest>;

/** The judged review and the entry's new schedule. `rating` is null when a teacher still has to judge it. */
export const WrongReviewResult = z.object({
  recordId: Id,
  repeated: z.boolean(),
  rating: z.enum(['good', 'again']).nullable(),
  result: JudgeResult,
  entry: WrongEntry,
});
export type WrongReviewResult = z.infer<typeof WrongReviewResult>;

/**
 * `GET /v1/answer/record/{id}`: one of the student's answers with the question as it was answered (that
 * version), its answer and explanation included — the student has answered it.
 */
export const AnswerRecordDetail = z.object({
  recordId: Id,
  questionId: Id,
  version: z.number().int(),
  /** The training it was given in; null for a review from the wrong-answer book. */
  trainId: Id.nullable(),
  trainTitle: z.string().nullable(),
  submission: z.object({
    answer: z.array(z.string()),
    subAnswers: z.record(z.string(), z.array(z.string())).optional(),
  }),
  result: JudgeResult.nullable(),
  isCorrect: z.boolean().nullable(),
  /** Marks scored, out of `mark` (docs/practice-engine.md "Marks"). */
  score: z.number(),
  /** What the question is worth in its training (a review's: 1); left out = 1. */
  mark: z.number().optional(),
  /** Full marks `correct`, none `wrong`, between `partial`; null while waiting for a teacher. */
  verdict: AnswerVerdict.nullable().optional(),
  createTime: EpochMs,
  question: Question,
  /** Whether the question is in the student's wrong-answer book. */
  inWrongBook: z.boolean(),
  /** The homework teacher's comment once the answer is marked, as on the training's records (TrainingRecord). */
  markComment: z.string().optional(),
  /** The homework teacher's annotations on the marked answer, as on the training's records (TrainingRecord). */
  markAnnotations: z.array(MarkingAnnotation).optional(),
});
export type AnswerRecordDetail = z.infer<typeof AnswerRecordDetail>;
