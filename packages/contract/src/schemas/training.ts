// Trainings (docs/domain.md "Schemes and trainings"): a student's run through a scheme, driven by the practice
// engine (engine/), with every answer stored as it is acknowledged.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { JudgeResult, QuestionOption, StudentQuestion, SubmittedAnswer } from './question.js';
import { SubQuestionType } from './question-kinds.js';
import { MarkingAnnotation } from './marking.js';

/** How a judged answer reads (docs/practice-engine.md "Marks"): the engine's `verdictOf`. */
export const AnswerVerdict = z.enum(['correct', 'partial', 'wrong']);
export type AnswerVerdict = z.infer<typeof AnswerVerdict>;

export const TRAINING_STATUSES = ['running', 'finished', 'expired'] as const;
export const TrainingStatus = z.enum(TRAINING_STATUSES);
export type TrainingStatus = z.infer<typeof TrainingStatus>;

/** Why a paper's corrections wait: its close (scheme switched off), its task's deadline, or a teacher's release. */
export const CORRECTIONS_WAITS = ['close', 'deadline', 'release'] as const;
export const CorrectionsWait = z.enum(CORRECTIONS_WAITS);
export type CorrectionsWait = z.infer<typeof CorrectionsWait>;

/** What the student and their parent read instead of the verdicts while the corrections wait. */
export const CORRECTIONS_NOTICE: Record<CorrectionsWait, string> = {
  close: '批改结果将在试卷关闭后公布',
  deadline: '批改结果将在任务截止后公布',
  release: '批改结果等待老师发布',
};

/**
 * An ended paper whose corrections wait (docs/practice-engine.md "Review options"): its records show the student's
 * own answers without verdict, and the report no result per knowledge point. `scoreHidden`: the score waits too
 * (`score` and `correct` read 0). Absent when nothing waits, and always for staff.
 */
export const CorrectionsPending = z.object({
  wait: CorrectionsWait,
  /** `CORRECTIONS_NOTICE[wait]`. */
  message: z.string(),
  scoreHidden: z.boolean(),
});
export type CorrectionsPending = z.infer<typeof CorrectionsPending>;

/** Where a training stands. `question` is the current one (general schemes), without answer and explanation. */
export const Training = z.object({
  trainId: Id,
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  status: TrainingStatus,
  phase: z.string().nullable(),
  point: z.string().nullable(),
  /** 1-based index of the phase, and how many there are. */
  phaseIndex: z.number().int(),
  phaseCount: z.number().int(),
  judgeWay: z.enum(['once', 'retry']).nullable(),
  question: StudentQuestion.nullable(),
  /**
   * Paper schemes: every question of the paper, and the answers given so far by question id (the last one per
   * question); `subAnswers`: a reading question's sub-question answers by question id, then sub-question id.
   */
  paper: z
    .object({
      questions: z.array(StudentQuestion),
      answers: z.record(Id, z.array(z.string())),
      subAnswers: z.record(Id, z.record(Id, z.array(z.string()))).optional(),
    })
    .nullable(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** The counted answers' shares of their marks summed (docs/practice-engine.md "Marks"): 正确率 = credit / answered. */
  credit: z.number().optional(),
  score: z.number(),
  maxScore: z.number(),
  /** Counted answers still waiting for a teacher's mark: the score changes once they are marked (0 in a running paper). */
  pending: z.number().int().optional(),
  /** The most questions this training can still reach (engine bound), for a progress bar. */
  bound: z.number().int(),
  startTime: EpochMs,
  endTime: EpochMs.nullable(),
  /** Seconds left in the phase / the scheme; null = no limit. Measured on the server. */
  phaseRemaining: z.number().int().nullable(),
  schemeRemaining: z.number().int().nullable(),
  serverTime: EpochMs,
  /** An ended paper whose corrections wait. */
  corrections: CorrectionsPending.optional(),
});
export type Training = z.infer<typeof Training>;

export const TrainingAnswerRequest = z.object({
  /** Chosen by the client per answer: a retried request with the same id stores one record. */
  clientAnswerId: z.string().trim().min(8, 'clientAnswerId 至少 8 个字符').max(64, 'clientAnswerId 不超过 64 个字符'),
  questionId: Id,
  answer: SubmittedAnswer.default([]),
  subAnswers: z.record(Id, SubmittedAnswer).optional(),
});
export type TrainingAnswerRequest = z.infer<typeof TrainingAnswerRequest>;

/**
 * The judged answer and the training after it. `result` is null for paper schemes (judged at the end);
 * on a wrong answer under judgeWay 'retry' its standard answer and explanation stay empty until solved.
 */
export const TrainingAnswerResult = z.object({
  recordId: Id,
  /** True when this clientAnswerId had been stored already (a retried request). */
  repeated: z.boolean(),
  result: JudgeResult.nullable(),
  training: Training,
});
export type TrainingAnswerResult = z.infer<typeof TrainingAnswerResult>;

/** One stored answer of a training (`GET /v1/train/{trainId}/questions`, reports). */
export const TrainingRecord = z.object({
  recordId: Id,
  questionId: Id,
  version: z.number().int(),
  phase: z.string(),
  point: z.string(),
  title: z.string(),
  type: z.string(),
  /** The question's text (sanitised HTML) as the student saw it, so records and reports show what was asked. */
  stem: z.string(),
  /** Choice types: the options, so an answer `B` can be shown with its text. */
  options: z.array(QuestionOption),
  answer: z.array(z.string()),
  /** Reading questions: the student's answer to each sub-question (the record's `answer` is empty for them). */
  subAnswers: z.array(
    z.object({
      questionSubId: z.string(),
      title: z.string(),
      /** The sub-question's type, so that an answer reads as the learner saw it (`T` as 对). */
      type: SubQuestionType.optional(),
      answer: z.array(z.string()),
      isCorrect: z.boolean().nullable(),
    }),
  ),
  isCorrect: z.boolean().nullable(),
  /** Marks scored, out of `mark` (docs/practice-engine.md "Marks"). */
  score: z.number(),
  /** What the question is worth in this training; left out = 1. */
  mark: z.number().optional(),
  /** Full marks `correct`, none `wrong`, between `partial`; null while waiting or kept back. Left out = from isCorrect. */
  verdict: AnswerVerdict.nullable().optional(),
  /**
   * The homework teacher's comment on a marked answer (docs/marking.md "What the student and the parent read");
   * absent until the answer is marked, when the comment is empty, and in a running paper.
   */
  markComment: z.string().optional(),
  /**
   * The homework teacher's annotations on the marked answer: ranges of `answer` joined by spaces with a note each
   * (docs/marking.md "What the student and the parent read"); absent exactly when `markComment` would be, and when
   * there are none.
   */
  markAnnotations: z.array(MarkingAnnotation).optional(),
  /** The first answer to the question in this training (the one that counts for statistics). */
  first: z.boolean(),
  createTime: EpochMs,
});
export type TrainingRecord = z.infer<typeof TrainingRecord>;

/** A row of the student's history. */
export const TrainingSummary = z.object({
  trainId: Id,
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  status: TrainingStatus,
  answered: z.number().int(),
  correct: z.number().int(),
  /** The counted answers' shares of their marks summed: 正确率 = credit / answered (docs/practice-engine.md "Marks"). */
  credit: z.number().optional(),
  score: z.number(),
  maxScore: z.number(),
  /** Counted answers still waiting for a teacher's mark (0 in a running paper). */
  pending: z.number().int().optional(),
  startTime: EpochMs,
  endTime: EpochMs.nullable(),
  /** An ended paper whose corrections wait (for the student and their parent). */
  corrections: CorrectionsPending.optional(),
});
export type TrainingSummary = z.infer<typeof TrainingSummary>;

/** `GET /v1/train/report/{id}`: the training, each answer, and results per knowledge point. */
export const TrainingReport = z.object({
  training: TrainingSummary.extend({ student: z.string(), durationSeconds: z.number().int() }),
  records: z.array(TrainingRecord),
  knowledgePoints: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      answered: z.number().int(),
      correct: z.number().int(),
      /** First answers' shares summed (partial credit by its share). */
      credit: z.number().optional(),
    }),
  ),
});
export type TrainingReport = z.infer<typeof TrainingReport>;

/** A scheme open to the student (`GET /v1/train/open/schemes`), with the student's running training, if any. */
export const OpenScheme = z.object({
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  /** Seconds, 0 = no limit. */
  timeLimit: z.number().int(),
  kpRange: z.array(z.string()),
  phaseCount: z.number().int(),
  /** The most questions a training can draw (engine bound). */
  questionBound: z.number().int(),
  runningTrainId: Id.nullable(),
  /** How many of the student's trainings of this scheme have ended. */
  finishedCount: z.number().int(),
  lastUpdate: EpochMs,
});
export type OpenScheme = z.infer<typeof OpenScheme>;
