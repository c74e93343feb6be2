// A paper's review options (docs/practice-engine.md "Review options"): when the finishers of a paper — the student
// and their parent — see its corrections (per-question verdicts, keys, explanations) and their score. Staff always
// see everything. Pure: the repository reads the options of the paper's scheme and the task's deadline, this
// decides; every read of an ended paper's answers for a student or parent asks it (the records, the report, the
// history, the answer record, the wrong-answer book and the own history export).
import {
  CORRECTIONS_NOTICE,
  type CorrectionsPending,
  type CorrectionsWait,
  type ReviewAfter,
  type ShowScore,
} from '@edu/contract';

/** What the rule reads of an ended training: its scheme's options now and its task. */
export interface PaperReview {
  /** The training is a paper (a scheme's paper, a 掌握测验, a task's paper); anything else is never held back. */
  paper: boolean;
  /** The scheme's option; null = the default rule. */
  reviewAfter: ReviewAfter | null;
  showScore: ShowScore | null;
  /** The scheme is switched on now (false when it is gone). */
  schemeOn: boolean;
  /** When staff released the corrections (ms); null = not released. */
  releasedAt: number | null;
  /** The deadline (ms) of the training's task; null = a paper trained freely. */
  taskDeadline: number | null;
}

/** The option in force: a task's paper waits for the deadline by default, a paper trained freely shows at once. */
export function reviewAfterOf(r: Pick<PaperReview, 'reviewAfter' | 'taskDeadline'>): ReviewAfter {
  return r.reviewAfter ?? (r.taskDeadline === null ? 'after-hand-in' : 'after-close');
}

/**
 * What the ended paper's corrections wait for at `now`, or null when they are shown. A release shows them whatever
 * the option (staff may publish early); `after-close` is the task's deadline for a task's paper, else the scheme
 * being switched off (switched on again, they wait again: the paper is open to be taken).
 */
export function correctionsWait(r: PaperReview, now: number): CorrectionsWait | null {
  if (!r.paper) return null;
  if (r.releasedAt !== null && r.releasedAt <= now) return null;
  switch (reviewAfterOf(r)) {
    case 'after-hand-in':
      return null;
    case 'after-close':
      if (r.taskDeadline !== null) return now >= r.taskDeadline ? null : 'deadline';
      return r.schemeOn ? 'close' : null;
    case 'teacher-release':
      return 'release';
  }
}

/** Whether the finisher of the ended paper sees its corrections at `now` (always, for anything but a paper). */
export function correctionsVisible(r: PaperReview, now: number): boolean {
  return correctionsWait(r, now) === null;
}

/** The wire's note for an ended training whose corrections wait, or undefined when nothing waits. */
export function correctionsPending(r: PaperReview | undefined, now: number): CorrectionsPending | undefined {
  const wait = r ? correctionsWait(r, now) : null;
  if (!r || wait === null) return undefined;
  return { wait, message: CORRECTIONS_NOTICE[wait], scoreHidden: r.showScore === 'with-corrections' };
}

/** Reads the review inputs (corrections.repository.ts). */
export interface PaperReviewSource {
  byIds(ids: readonly number[]): Promise<Map<number, PaperReview>>;
  endedPapersOf(userId: number, agencyIds?: readonly string[]): Promise<Map<number, PaperReview>>;
}

/** The review rule over the database: which ended papers' corrections wait now. */
export class Corrections {
  constructor(
    private readonly source: PaperReviewSource,
    private readonly now: () => number,
  ) {}

  private waiting(reviews: Map<number, PaperReview>): Map<number, CorrectionsPending> {
    const now = this.now();
    const out = new Map<number, CorrectionsPending>();
    for (const [id, r] of reviews) {
      const pending = correctionsPending(r, now);
      if (pending) out.set(id, pending);
    }
    return out;
  }

  /** Of the given ended trainings, those whose corrections wait (the caller leaves out running ones). */
  async of(ids: readonly number[]): Promise<Map<number, CorrectionsPending>> {
    return this.waiting(await this.source.byIds(ids));
  }

  /** The user's ended papers whose corrections wait, in the agencies given (else in all). */
  async waitingOf(userId: number, agencyIds?: readonly string[]): Promise<Map<number, CorrectionsPending>> {
    return this.waiting(await this.source.endedPapersOf(userId, agencyIds));
  }
}
