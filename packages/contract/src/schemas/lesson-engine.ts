// The practice engine inside a lesson (docs/lessons.md "The engine in the lesson"): the teacher's panel of the
// student's knowledge graph and wrong answers, questions pushed into the lesson, and the student's answers to them,
// judged by the engine as a training of the lesson.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { KpCode, KpLevel } from './knowledge.js';
import { MasteryLevel } from './mastery.js';
import { JudgeResult, StudentQuestion } from './question.js';
import { JudgeType, QuestionType } from './question-kinds.js';
import { TrainingStatus } from './training.js';

export const LESSON_ENGINE_LIMITS = {
  /** Questions one lesson's training takes at most (each push is one point of its scheme). */
  pushes: 50,
  /** Points of each panel list (ready to learn, weak points). */
  points: 20,
  /** Recent wrong answers the panel shows. */
  wrong: 10,
  /** The bank search's page size at most. */
  bankPage: 50,
} as const;

/**
 * `POST /v1/lesson/{id}/push` (teacher of a live lesson): a question of the bank (`questionId`), or one the engine
 * picks from a knowledge point's subtree (`knowledgeCode`: auto-judged, not pushed yet, not sealed, least seen).
 */
export const LessonPushRequest = z
  .object({ questionId: Id.optional(), knowledgeCode: KpCode.optional() })
  .refine((r) => (r.questionId === undefined) !== (r.knowledgeCode === undefined), {
    message: '请指定要推送的题目或知识点（二选一）',
    path: ['questionId'],
  });
export type LessonPushRequest = z.infer<typeof LessonPushRequest>;

/**
 * `POST /v1/lesson/{id}/withdraw` (teacher of a live lesson): takes back the pushed question the student has not
 * answered yet (docs/lessons.md "Withdrawing a push"). The answer: what was withdrawn.
 */
export const LessonWithdrawRequest = z.object({ questionId: Id });
export type LessonWithdrawRequest = z.infer<typeof LessonWithdrawRequest>;
export const LessonWithdrawal = z.object({ lessonId: Id, questionId: Id, n: z.number().int().min(1) });
export type LessonWithdrawal = z.infer<typeof LessonWithdrawal>;

/** The key of a pushed question: for the teacher and observers only. */
export const LessonPushKey = z.object({
  answer: z.array(z.string()),
  explanation: z.string(),
  subs: z.array(z.object({ questionSubId: Id, answer: z.array(z.string()), explanation: z.string() })),
});
export type LessonPushKey = z.infer<typeof LessonPushKey>;

/** The student's answer to a pushed question (the first: a pushed question is answered once). */
export const LessonPushAnswer = z.object({
  recordId: Id,
  answeredAt: EpochMs,
  answer: z.array(z.string()),
  subAnswers: z.record(Id, z.array(z.string())).optional(),
  /**
   * The judged result as the caller may read it (docs/judging.md "Who sees an answer when"): whole for the teacher
   * and observers; for the student and their parent null while another unfinished training of the student holds the
   * question (sealing).
   */
  result: JudgeResult.nullable(),
});
export type LessonPushAnswer = z.infer<typeof LessonPushAnswer>;

/** One question pushed into the lesson. */
export const LessonPush = z.object({
  /** 1-based place in the lesson. */
  n: z.number().int().min(1),
  trainId: Id,
  questionId: Id,
  pushedAt: EpochMs,
  /** The question as the student reads it: no answer, no explanation. */
  question: StudentQuestion,
  key: LessonPushKey.nullable(),
  /** Null until the student answers. */
  answer: LessonPushAnswer.nullable(),
});
export type LessonPush = z.infer<typeof LessonPush>;

/** `GET /v1/lesson/{id}/pushes`: the lesson's pushed questions in order, with the student's answers. */
export const LessonPushes = z.object({
  lessonId: Id,
  /** The lesson's training (made at the first push), its status; null before any push. */
  trainId: Id.nullable(),
  status: TrainingStatus.nullable(),
  /** A pushed question still waits for the student's answer (the next push waits for it). */
  waiting: z.boolean(),
  limit: z.number().int(),
  pushes: z.array(LessonPush),
});
export type LessonPushes = z.infer<typeof LessonPushes>;

/** A knowledge point of the panel with the student's level on it. */
export const LessonPanelPoint = z.object({
  knowledgeCode: z.string(),
  name: z.string(),
  level: MasteryLevel,
  /** Answers (and right ones) among the last ones that decide the level. */
  windowAnswers: z.number().int(),
  windowCorrect: z.number().int(),
  /** The graph it was found in (ready to learn), null for a weak point of the mastery tree. */
  graph: z.string().nullable(),
});
export type LessonPanelPoint = z.infer<typeof LessonPanelPoint>;

/** One recent wrong answer of the student's wrong-answer book. */
export const LessonPanelWrong = z.object({
  questionId: Id,
  title: z.string(),
  text: z.string(),
  type: QuestionType,
  knowledgeCode: z.string(),
  knowledgeName: z.string(),
  wrongCount: z.number().int(),
  lastWrongTime: EpochMs,
  /** Another unfinished training of the student holds it: it cannot be pushed now. */
  postponed: z.boolean(),
});
export type LessonPanelWrong = z.infer<typeof LessonPanelWrong>;

/** `GET /v1/lesson/{id}/panel` (the teacher and observers): what the student is ready for and where they are weak. */
export const LessonPanel = z.object({
  student: z.object({ userId: Id, name: z.string() }),
  /** Graph nodes whose prerequisites the student has mastered and which they have not (docs/knowledge-graph.md). */
  ready: z.array(LessonPanelPoint),
  /** Points the student has answered in and is below proficient on, weakest first. */
  weak: z.array(LessonPanelPoint),
  /** The book's most recent wrong answers. */
  wrong: z.array(LessonPanelWrong),
  /** How many entries the book holds. */
  wrongTotal: z.number().int(),
});
export type LessonPanel = z.infer<typeof LessonPanel>;

/** `GET /v1/lesson/{id}/bank`: a page of the agency's visible questions to push. */
export const LessonBankQuery = z.object({
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(LESSON_ENGINE_LIMITS.bankPage).default(10),
  keyword: z.string().trim().max(100, '关键词不超过 100 个字符').optional(),
  knowledgeCode: KpCode.optional(),
  type: QuestionType.optional(),
});
export type LessonBankQuery = z.infer<typeof LessonBankQuery>;

/** A question of the bank search: what the teacher reads to choose (the key included: staff). */
export const LessonBankQuestion = z.object({
  questionId: Id,
  type: QuestionType,
  judgeType: JudgeType,
  title: z.string(),
  /** HTML of the stem. */
  question: z.string(),
  knowledgeCode: z.string(),
  knowledgeName: z.string(),
  knowledgeLevel: KpLevel.nullable(),
});
export type LessonBankQuestion = z.infer<typeof LessonBankQuestion>;
