// A class's gradebook (docs/gradebook.md): its students × the tasks given to the class, each task's weight, and
// each student's overall, the weighted mean of their score rates. No score is null, never 0 (docs/tasks.md "Scores").
import { z } from 'zod';
import type { RoleAlternatives } from '../access/role-sets.js';
import { agencyRole as a } from '../roles.js';
import { EpochMs, Id } from './common.js';
import { ClassKind } from './classes.js';

/**
 * Who reads a gradebook and sets its weights: the agency's admins, and its teachers for the classes they teach
 * (the service's check); the route rule is the class pages', so other admins get 404 from the service.
 */
export const GRADEBOOK_READERS: RoleAlternatives = [[a('admin')], [a('teacher')]];

/** The gradebook shows at most this many of the class's tasks: the latest by deadline. */
export const GRADEBOOK_MAX_TASKS = 100;
/** Students per page of the gradebook. */
export const GRADEBOOK_MAX_PAGE = 100;
/** A task's weight: 0 (left out of the overall) to this, in steps of 0.1; a task without one weighs 1. */
export const GRADEBOOK_MAX_WEIGHT = 100;
export const GRADEBOOK_DEFAULT_WEIGHT = 1;

export const GradebookQuery = z.object({
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(GRADEBOOK_MAX_PAGE, `每页最多 ${GRADEBOOK_MAX_PAGE} 名学生`).default(50),
});
export type GradebookQuery = z.infer<typeof GradebookQuery>;

const WEIGHT_RANGE = `权重在 0 到 ${GRADEBOOK_MAX_WEIGHT} 之间`;
export const GradebookWeight = z
  .number({ message: '请输入权重' })
  .min(0, WEIGHT_RANGE)
  .max(GRADEBOOK_MAX_WEIGHT, WEIGHT_RANGE)
  .refine((w) => Math.abs(w * 10 - Math.round(w * 10)) < 1e-9, '权重最多一位小数');

export const GradebookWeightFields = z.object({ weight: GradebookWeight });
export type GradebookWeightFields = z.infer<typeof GradebookWeightFields>;

/** A column: a task given to the class, with its weight and how the class did in it. */
export const GradebookTask = z.object({
  taskId: Id,
  title: z.string(),
  startTime: EpochMs,
  deadline: EpochMs,
  homework: z.boolean(),
  weight: z.number(),
  /** Students who finished it, and their average score rate in % (null when nobody has). */
  done: z.number().int(),
  averagePercent: z.number().nullable(),
});
export type GradebookTask = z.infer<typeof GradebookTask>;

/** Where a student stands in a task; `not_assigned`: the task was saved before they joined the class. */
export const GradebookProgress = z.enum(['not_assigned', 'not_started', 'running', 'done']);
export type GradebookProgress = z.infer<typeof GradebookProgress>;

/**
 * A cell: `score` is the task's score (after a late penalty) and `percent` its rate, both null until the training
 * ends; `maxScore` null until the student starts.
 */
export const GradebookCell = z.object({
  progress: GradebookProgress,
  trainId: Id.nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  percent: z.number().nullable(),
  late: z.boolean(),
});
export type GradebookCell = z.infer<typeof GradebookCell>;

/** A row: a student, one cell per task (in the order of `tasks`), and the overall in % (null: nothing counts yet). */
export const GradebookRow = z.object({
  userId: Id,
  name: z.string(),
  username: z.string(),
  cells: z.array(GradebookCell),
  overall: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof GradebookRow>;

export const Gradebook = z.object({
  class: z.object({ id: Id, name: z.string(), kind: ClassKind, archived: z.boolean() }),
  /** The tasks shown, oldest deadline first; `taskTotal`: all the class's tasks (more than shown past the bound). */
  tasks: z.array(GradebookTask),
  taskTotal: z.number().int(),
  /** Whether the caller may change the weights (not on an archived class). */
  editable: z.boolean(),
  /** The students matching the query, and this page of them by name. */
  total: z.number().int(),
  list: z.array(GradebookRow),
});
export type Gradebook = z.infer<typeof Gradebook>;

export const GradebookWeightResult = z.object({ taskId: Id, weight: z.number() });
export type GradebookWeightResult = z.infer<typeof GradebookWeightResult>;
