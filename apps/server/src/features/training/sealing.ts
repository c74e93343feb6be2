// The sealing rule (docs/practice-engine.md "Sealing"): a question is sealed for a student while an unfinished
// training of theirs that counts holds it. A paper (a scheme's paper, a 掌握测验, a task's paper) holds every
// question it drew until it ends, and after it ends for as long as its corrections wait (corrections.ts: the
// finisher has not been shown its keys, so no other training may show them); a task's general training holds the questions it drew whose key it has not shown
// yet (not answered, or still current after a wrong answer under judgeWay 'retry'), and so does a lesson's training
// with the question pushed into it (docs/lessons.md "The engine in the lesson"); plain practice holds nothing
// (its keys are the practice). While sealed, no other training draws the question for the student, no answer path
// of theirs returns its key or verdict, and the wrong-answer book postpones it.
// Pure: the repository reads the student's running trainings, this decides.
import { advanceTime, type TrainingState } from '@edu/contract';
import { correctionsWait, type PaperReview } from './corrections.js';
import type { TrainingSnapshot } from './training-scheme.js';

/** A paper's review inputs as they stand now (corrections.ts), less the `paper` flag the snapshot says. */
export type HoldingReview = Omit<PaperReview, 'paper'>;

export interface HoldingTraining {
  id: number;
  scheme: TrainingSnapshot;
  state: TrainingState;
  /** The training belongs to a task (docs/tasks.md). */
  task: boolean;
  /** A paper's review inputs; without them an ended paper holds nothing. */
  review?: HoldingReview;
}

/** Whether `t`, a paper that has ended, keeps its corrections from its finisher at `now`. */
const correctionsWaitFor = (t: HoldingTraining, now: number) =>
  t.review !== undefined && correctionsWait({ ...t.review, paper: true }, now) !== null;

/**
 * The question ids `t` holds at `now`: a paper every question it drew while it runs and, once ended (handed in or
 * out of time), while its corrections wait; anything else nothing once it has ended.
 */
export function heldBy(t: HoldingTraining, now: number): string[] {
  const paper = t.scheme.type === 'paper';
  if (!paper && !t.task && t.scheme.lessonId === undefined) return [];
  const state = advanceTime(t.scheme.engine, t.state, now);
  if (state.status !== 'running') return paper && correctionsWaitFor(t, now) ? state.drawn : [];
  if (paper) return state.drawn;
  const answered = new Set(state.answers.map((a) => a.questionId));
  const current = state.pending.kind === 'answer' ? state.pending.questionId : null;
  return state.drawn.filter((id) => !answered.has(id) || id === current);
}

/** Every question the trainings hold at `now`, but those held only by training `exceptId` (the asking one). */
export function sealedQuestions(trainings: readonly HoldingTraining[], now: number, exceptId?: number): Set<string> {
  const sealed = new Set<string>();
  for (const t of trainings) if (t.id !== exceptId) for (const id of heldBy(t, now)) sealed.add(id);
  return sealed;
}

/**
 * The trainings holding each question at `now`, for a read over many answers at once (the own history export):
 * question id → the ids of the trainings that hold it.
 */
export function holdersAt(trainings: readonly HoldingTraining[], now: number): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  for (const t of trainings)
    for (const id of heldBy(t, now)) {
      const ids = holders.get(id);
      if (ids) ids.push(t.id);
      else holders.set(id, [t.id]);
    }
  return holders;
}

/**
 * Whether an answer of training `trainingId` (null: a review in the wrong-answer book) to `questionId` is sealed:
 * a training other than its own holds the question (the same rule as `sealedQuestions` with `exceptId`).
 */
export function sealedAnswerOf(
  holders: ReadonlyMap<string, readonly number[]>,
  questionId: number | string,
  trainingId: number | null,
): boolean {
  return (holders.get(String(questionId)) ?? []).some((id) => id !== trainingId);
}

/** A training the rule reads: running, or an ended paper whose corrections may wait at the time asked. */
export interface HoldingRow {
  id: number;
  scheme: unknown;
  state: unknown;
  taskId: number | null;
  review: HoldingReview;
}

/** Reads a student's holding trainings in every agency (sealing.repository.ts). */
export interface HoldingSource {
  /** `exceptId`: a training left out (the asking one, whose holdings never seal its own questions). */
  holdingOf(userId: number, now: number, exceptId?: number): Promise<HoldingRow[]>;
}

/** The sealing rule over the database: the questions sealed for a student now. */
export class SealedQuestions {
  constructor(
    private readonly trainings: HoldingSource,
    private readonly now: () => number,
  ) {}

  /** The user's holding trainings at `now` as the rule reads them. */
  private async holding(userId: number, now: number, exceptId?: number): Promise<HoldingTraining[]> {
    const rows = await this.trainings.holdingOf(userId, now, exceptId);
    return rows.map((r) => ({
      id: r.id,
      scheme: r.scheme as TrainingSnapshot,
      state: r.state as TrainingState,
      task: r.taskId !== null,
      review: r.review,
    }));
  }

  /** The question ids sealed for the user, but those held only by training `exceptId` (the one asking). */
  async of(userId: number, exceptId?: number): Promise<Set<string>> {
    const now = this.now();
    const holding = await this.holding(userId, now, exceptId);
    if (holding.length === 0) return new Set();
    return sealedQuestions(holding, now, exceptId);
  }

  /** Which of the user's trainings hold each question now (`holdersAt`; read with `sealedAnswerOf`). */
  async holders(userId: number): Promise<Map<string, number[]>> {
    const now = this.now();
    return holdersAt(await this.holding(userId, now), now);
  }

  /** Whether the question is sealed for the user (by a training other than `exceptId`). */
  async has(userId: number, questionId: number | string, exceptId?: number): Promise<boolean> {
    return (await this.of(userId, exceptId)).has(String(questionId));
  }
}
