// Tasks and homework (docs/tasks.md): a scheme or a paper given to a class or to chosen students with a window
// and a late policy; the student's to-do list; the dashboard and the homework scores.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

export const TaskLatePolicy = z.enum(['none', 'late', 'penalty'], {
  message: '迟交规则只能是 none（截止后不再接受）、late（接受并标记迟交）或 penalty（接受并按比例扣分）',
});
export type TaskLatePolicy = z.infer<typeof TaskLatePolicy>;

/** At most this many chosen students per task (a class's students are read from the class). */
export const TASK_MAX_STUDENTS = 500;

/** A task as staff write it. Exactly one target: `classId`, or `studentIds`. */
export const TaskFields = z
  .object({
    title: z.string().trim().min(1, '请输入任务名称').max(100, '任务名称不超过 100 个字符'),
    schemeId: Id,
    classId: Id.nullable().default(null),
    studentIds: z.array(Id).max(TASK_MAX_STUDENTS, `指定学生最多 ${TASK_MAX_STUDENTS} 人`).default([]),
    startTime: EpochMs,
    deadline: EpochMs,
    latePolicy: TaskLatePolicy.default('none'),
    latePenalty: z
      .number()
      .int('扣分比例必须是整数')
      .min(0, '扣分比例在 0 到 100 之间')
      .max(100, '扣分比例在 0 到 100 之间')
      .default(0),
    homework: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    if (t.deadline <= t.startTime)
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: '截止时间必须晚于开始时间' });
    if ((t.classId === null) === (t.studentIds.length === 0))
      ctx.addIssue({ code: 'custom', path: ['classId'], message: '请选择一个班级，或者指定学生（二选一）' });
    if (t.latePolicy === 'penalty' && t.latePenalty < 1)
      ctx.addIssue({ code: 'custom', path: ['latePenalty'], message: '按比例扣分时，扣分比例在 1 到 100 之间' });
  });
export type TaskFields = z.infer<typeof TaskFields>;
export type TaskFieldsInput = z.input<typeof TaskFields>;

export const Task = z.object({
  taskId: Id,
  title: z.string(),
  schemeId: Id,
  schemeTitle: z.string(),
  schemeType: z.enum(['general', 'paper']),
  classId: Id.nullable(),
  className: z.string().nullable(),
  studentCount: z.number().int(),
  startTime: EpochMs,
  deadline: EpochMs,
  latePolicy: TaskLatePolicy,
  latePenalty: z.number().int(),
  homework: z.boolean(),
  creator: z.string(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
  /** Whether the caller may modify it (agency admin, the class's teachers, the creator of a students' task). */
  editable: z.boolean(),
});
export type Task = z.infer<typeof Task>;

/** The task with its chosen students (for the modify form). */
export const TaskDetail = Task.extend({
  students: z.array(z.object({ userId: Id, name: z.string(), username: z.string() })),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const TaskListQuery = z.object({
  classId: Id.optional(),
  homework: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

/** Where a student stands in a task. */
export const TaskProgress = z.enum(['not_started', 'running', 'done']);
export type TaskProgress = z.infer<typeof TaskProgress>;

/**
 * One student's result in a task; `taskScore` is the training's score after the late penalty. No score is null,
 * never 0 (docs/tasks.md "Scores"): `score` and `taskScore` until the training ends, `maxScore` until it starts.
 */
export const TaskStudentResult = z.object({
  userId: Id,
  name: z.string(),
  username: z.string(),
  progress: TaskProgress,
  trainId: Id.nullable(),
  status: z.enum(['running', 'finished', 'expired']).nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  taskScore: z.number().nullable(),
  late: z.boolean(),
  startTime: EpochMs.nullable(),
  endTime: EpochMs.nullable(),
});
export type TaskStudentResult = z.infer<typeof TaskStudentResult>;

export const TaskDashboard = z.object({
  task: Task,
  counts: z.object({ notStarted: z.number().int(), running: z.number().int(), done: z.number().int() }),
  students: z.array(TaskStudentResult),
});
export type TaskDashboard = z.infer<typeof TaskDashboard>;

/** One row of the homework scores of the agency: a (homework task, student) pair. */
export const HomeworkScoreRow = TaskStudentResult.extend({
  taskId: Id,
  taskTitle: z.string(),
  className: z.string().nullable(),
  deadline: EpochMs,
});
export type HomeworkScoreRow = z.infer<typeof HomeworkScoreRow>;

export const HomeworkScoresQuery = z.object({
  classId: Id.optional(),
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type HomeworkScoresQuery = z.infer<typeof HomeworkScoresQuery>;

/** A task on the student's to-do list. `canDo`: the student may start or continue it now. */
export const TodoTask = z.object({
  taskId: Id,
  title: z.string(),
  schemeType: z.enum(['general', 'paper']),
  startTime: EpochMs,
  deadline: EpochMs,
  latePolicy: TaskLatePolicy,
  latePenalty: z.number().int(),
  homework: z.boolean(),
  progress: TaskProgress,
  trainId: Id.nullable(),
  score: z.number(),
  maxScore: z.number(),
  taskScore: z.number(),
  late: z.boolean(),
  canDo: z.boolean(),
});
export type TodoTask = z.infer<typeof TodoTask>;

/** A student of the agency, to choose for a task. */
export const TaskStudentOption = z.object({ userId: Id, name: z.string(), username: z.string() });
export type TaskStudentOption = z.infer<typeof TaskStudentOption>;
export const TaskStudentSearch = z.object({
  keyword: z.string().trim().max(50).default(''),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

/** A class the caller may give tasks to. */
export const TaskClassOption = z.object({
  classId: Id,
  name: z.string(),
  kind: z.string(),
  studentCount: z.number().int(),
});
export type TaskClassOption = z.infer<typeof TaskClassOption>;
