// Pure rules of tasks (docs/tasks.md): who may write a task, where a student stands, what a late training scores.
import { agencyRole, satisfies, type TaskLatePolicy, type TaskProgress } from '@edu/contract';

/** Who sees every task of the agency (the agency's admin-area roles but the plain teacher). */
const FULL_VIEW = ['admin', 'train:admin', 'question:admin', 'student:admin', 'teacher:admin', 'parent:admin'] as const;

export interface Staff {
  id: number;
  roles: readonly string[];
  agencyId: string;
}

export const isAgencyAdmin = (u: Staff) => satisfies(u.roles, [[agencyRole('admin')]], u.agencyId);
export const seesAll = (u: Staff) =>
  satisfies(
    u.roles,
    FULL_VIEW.map((k) => [agencyRole(k)]),
    u.agencyId,
  );
export const isTeacher = (u: Staff) => satisfies(u.roles, [[agencyRole('teacher')]], u.agencyId);

/**
 * May the user write this task? The agency admin always; a teacher a task of a class they teach, or a task for
 * chosen students they created. `teaches`: whether the user teaches the task's class.
 */
export function mayWrite(u: Staff, task: { classId: number | null; creatorId: number | null }, teaches: boolean) {
  if (isAgencyAdmin(u)) return true;
  if (!isTeacher(u)) return false;
  return task.classId === null ? task.creatorId === u.id : teaches;
}

/** What the student's training of the task says (none yet, running, ended). */
export function progressOf(status: string | null): TaskProgress {
  if (status === null) return 'not_started';
  return status === 'running' ? 'running' : 'done';
}

export interface TaskWindow {
  startAt: number;
  deadline: number;
  latePolicy: TaskLatePolicy;
}

/**
 * May the student start or continue the task now? A running training goes on (its own time limit, capped at the
 * deadline when it began in the window, ends it); a new one needs the window open, or a late policy after it.
 */
export function canDo(t: TaskWindow, progress: TaskProgress, now: number): boolean {
  if (now < t.startAt) return false;
  if (progress === 'running') return true;
  if (progress === 'done') return false;
  return now < t.deadline || t.latePolicy !== 'none';
}

/** Why a start is refused (409), or null when it may go ahead. */
export function refusal(t: TaskWindow, now: number): string | null {
  if (now < t.startAt) return '任务尚未开始';
  if (now >= t.deadline && t.latePolicy === 'none') return '任务已截止，不再接受作答';
  return null;
}

/**
 * A training is late when it started at or after the deadline (only late policies let one start then), or ended
 * after it: under `late` and `penalty` a training started in the window is not cut at the deadline and may be
 * handed in after it (docs/tasks.md "Window and late policies"). Under `none` it ends by the deadline, never late.
 */
export const isLate = (startedAt: number | null, endedAt: number | null, deadline: number) =>
  startedAt !== null && (startedAt >= deadline || (endedAt !== null && endedAt > deadline));

/**
 * Where a new task training's time is cut: at the deadline under `none` when started before it, else nowhere
 * (a late start, or a late policy: the training keeps its own time limit and is late if handed in after).
 */
export const taskCutAt = (policy: TaskLatePolicy, deadline: number, now: number): number | null =>
  policy === 'none' && now < deadline ? deadline : null;

/** The task's score of a training: a late one loses the penalty's percentage under `penalty`. */
export function taskScore(score: number, late: boolean, policy: TaskLatePolicy, penalty: number): number {
  if (!late || policy !== 'penalty') return score;
  return Math.round(score * (100 - penalty)) / 100;
}
