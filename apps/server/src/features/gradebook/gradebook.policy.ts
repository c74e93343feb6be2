// Pure rules of the class gradebook (docs/gradebook.md): who reads it, what a cell says, and what counts in a
// student's overall.
import {
  agencyRole,
  GRADEBOOK_DEFAULT_WEIGHT,
  satisfies,
  type GradebookCell,
  type TaskLatePolicy,
} from '@edu/contract';
import { isLate, taskScore } from '../tasks/tasks.policy.js';
import type { ResultRow } from './gradebook.repository.js';

export const isAgencyAdmin = (roles: readonly string[], agencyId: string) =>
  satisfies(roles, [[agencyRole('admin')]], agencyId);
export const isAgencyTeacher = (roles: readonly string[], agencyId: string) =>
  satisfies(roles, [[agencyRole('teacher')]], agencyId);

/** The task as the cells need it. */
export interface CellTask {
  deadline: Date;
  latePolicy: string;
  latePenalty: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A student's cell of a task: not assigned (no pair), not started, running, or done with the task's score (a late
 * penalty applied, docs/tasks.md "Window and late policies"). No score is null, never 0 (docs/tasks.md "Scores").
 */
export function cellOf(t: CellTask, r: ResultRow | undefined): GradebookCell {
  const none = { trainId: null, score: null, maxScore: null, percent: null, late: false };
  if (!r) return { progress: 'not_assigned', ...none };
  if (r.trainId === null) return { progress: 'not_started', ...none };
  const late = isLate(r.startedAt?.getTime() ?? null, r.endedAt?.getTime() ?? null, t.deadline.getTime());
  const maxScore = r.maxScore ?? 0;
  if (r.status === 'running')
    return { progress: 'running', trainId: String(r.trainId), score: null, maxScore, percent: null, late };
  const score = taskScore(r.score ?? 0, late, t.latePolicy as TaskLatePolicy, t.latePenalty);
  return {
    progress: 'done',
    trainId: String(r.trainId),
    score,
    maxScore,
    percent: maxScore > 0 ? round1((score / maxScore) * 100) : null,
    late,
  };
}

/**
 * The share (0–1) a cell puts into the overall, or null when it is left out: a finished task its score rate; a task
 * not started counts 0 once its deadline has passed (the work is overdue; a late hand-in replaces the 0), and is
 * left out before it; a running training (its score is not final), a task not given to the student and a task
 * without points (maximum 0) are left out.
 */
export function shareOf(cell: GradebookCell, deadline: Date, now: number): number | null {
  if (cell.progress === 'done') return cell.maxScore && cell.score !== null ? cell.score / cell.maxScore : null;
  if (cell.progress === 'not_started') return now >= deadline.getTime() ? 0 : null;
  return null;
}

/** A weight as stored (null: never set). */
export const weightOf = (stored: number | null) => stored ?? GRADEBOOK_DEFAULT_WEIGHT;

/**
 * The overall in %, rounded to 0.1: the weighted mean of the shares that count (a task of weight 0 counts in
 * nothing); null when nothing counts yet, shown as `--`, never 0.
 */
export function overallOf(
  cells: readonly GradebookCell[],
  tasks: readonly { deadline: Date; weight: number }[],
  now: number,
) {
  let sum = 0;
  let weights = 0;
  cells.forEach((cell, i) => {
    const share = shareOf(cell, tasks[i].deadline, now);
    if (share === null || tasks[i].weight <= 0) return;
    sum += share * tasks[i].weight;
    weights += tasks[i].weight;
  });
  return weights > 0 ? round1((sum / weights) * 100) : null;
}

/** The average score rate in % of the finished cells of a task (null when none finished or none has points). */
export function averageOf(cells: readonly GradebookCell[]): { done: number; averagePercent: number | null } {
  const done = cells.filter((c) => c.progress === 'done');
  const rates = done.flatMap((c) => (c.percent === null || !c.maxScore ? [] : [(c.score ?? 0) / c.maxScore]));
  return {
    done: done.length,
    averagePercent: rates.length ? round1((rates.reduce((s, r) => s + r, 0) / rates.length) * 100) : null,
  };
}
