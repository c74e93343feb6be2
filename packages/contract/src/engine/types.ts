// The practice engine's vocabulary: a scheme as the engine reads it, the events that drive a training, its state.
// Rules: docs/practice-engine.md.

export type JudgeWay = 'once' | 'retry';

/**
 * How a point orders its candidates (docs/practice-engine.md "Draw modes"): `least-seen` (the default) or `ability`
 * (least seen first, then the most informative at the student's ability estimate).
 */
export type DrawMode = 'least-seen' | 'ability';

export interface EngineSelectors {
  types?: string[];
  tags?: string[];
  questionIds?: string[];
}

/** A training point. Targets (`onOK`/`onError`): a point name of the same phase, `'@next'` or `'@end'`. */
export interface EnginePoint {
  name: string;
  selectors: EngineSelectors;
  repeat: number;
  judgeWay: JudgeWay;
  requireCorrect: number;
  onOK: string;
  onError: string;
  /** Marks each question drawn here is worth (docs/practice-engine.md "Marks"); absent = 1. */
  mark?: number;
  /** Marks of single questions of the fixed list (a paper's marks), by question id; before `mark`. */
  marks?: Record<string, number>;
  /** How the point's draw orders its candidates; absent = `least-seen` (docs/practice-engine.md "Draw modes"). */
  draw?: DrawMode;
}

/** `timeLimit` is in seconds; 0 = no limit. */
export interface EnginePhase {
  phase: string;
  knowledgeIds: string[];
  timeLimit: number;
  points: EnginePoint[];
}

/** `timeLimit` is in seconds; 0 = no limit. */
export interface EngineScheme {
  type: 'general' | 'paper';
  initPhase: string;
  initPoint: string;
  timeLimit: number;
  kpRange: string[];
  phases: EnginePhase[];
}

/**
 * `at` is epoch ms. Answers arrive judged by the service: `score` is the judge's share of the question, 0..1 (the
 * engine turns it into marks); score/isCorrect null = manual, waiting for a teacher.
 */
export type TrainingEvent =
  | { type: 'start'; at: number; seed: number }
  | { type: 'draw'; at: number; questionIds: string[] }
  | { type: 'answer'; at: number; questionId: string; score: number | null; isCorrect: boolean | null }
  | { type: 'finish'; at: number };

/** What the service must draw from the question bank for the current visit. */
export interface DrawRequest {
  phase: string;
  point: string;
  selectors: EngineSelectors;
  knowledgeIds: string[];
  kpRange: string[];
  count: number;
  /** Every id drawn so far in this training. */
  exclude: string[];
  /** The point's draw mode when it is not the default (absent = `least-seen`). */
  draw?: DrawMode;
}

export type Pending =
  | { kind: 'draw'; request: DrawRequest }
  | { kind: 'answer'; questionId: string }
  | { kind: 'paper'; questionIds: string[] }
  | { kind: 'done' };

export interface TrainingAnswer {
  questionId: string;
  phase: string;
  point: string;
  visit: number;
  at: number;
  /** Marks scored: the judge's share × `mark`; null = waiting for a teacher. */
  score: number | null;
  isCorrect: boolean | null;
  /** What the question is worth in this training (docs/practice-engine.md "Marks"); absent (older states) = 1. */
  mark?: number;
  /** The first answer to this question in the training: the one statistics use. */
  first: boolean;
}

export interface TrainingVisit {
  phase: string;
  point: string;
  /** How many times this point has been entered, this visit included (1-based). */
  n: number;
  questionIds: string[];
}

export interface TrainingState {
  status: 'running' | 'finished' | 'expired';
  /** Where the training stands; null once it has ended. */
  phase: string | null;
  point: string | null;
  pending: Pending;
  /** Every drawn id, in draw order. */
  drawn: string[];
  visit: TrainingVisit | null;
  /** Real entries (visits that sent a draw request) per `${phase}/${point}`; never more than 5. */
  entries: Record<string, number>;
  answers: TrainingAnswer[];
  /** Sum of the counted scores: general = first answers, paper = last answer of each question; null counts 0. */
  score: number;
  /** Marks of the questions drawn so far (paper: all of the paper); the number of them when each is worth 1. */
  maxScore: number;
  startedAt: number;
  phaseStartedAt: number;
  endedAt: number | null;
  /** Epoch ms; null = no limit. */
  phaseDeadline: number | null;
  schemeDeadline: number | null;
  seed: number;
  /** Outcome of the last completed visit per `${phase}/${point}` (drives the redirect of a capped or empty visit). */
  passed: Record<string, boolean>;
  /** Points redirected since the last draw that brought questions: the current redirect chain. */
  redirected: string[];
}

export type EngineErrorCode =
  'not_running' | 'unexpected_draw' | 'not_current' | 'already_answered' | 'not_in_training' | 'too_many_answers';

/** An event the training cannot take in its current state. Messages are for people (Chinese). */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
