// Classes (docs/classes.md): ordinary and tutoring ("event") classes of an agency, their students and teachers,
// and what their teachers read about them (a student's trainings and mastery, the class's figures, today's work).
import { z } from 'zod';
import { PageQuery } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { MasteryLevel, MasteryPoint } from './mastery.js';
import { TrainingSummary } from './training.js';

export const CLASS_KINDS = ['ordinary', 'event'] as const;
export const ClassKind = z.enum(CLASS_KINDS);
export type ClassKind = z.infer<typeof ClassKind>;

/** At most this many students or teachers added or removed in one call; a class holds at most CLASS_MAX_MEMBERS. */
export const CLASS_BATCH_MAX = 200;
export const CLASS_MAX_MEMBERS = 500;

const boolish = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const ClassListQuery = PageQuery.extend({
  kind: ClassKind.optional(),
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
  /** false (default): classes in use; true: archived classes only. */
  archived: boolish.default(false),
});
export type ClassListQuery = z.infer<typeof ClassListQuery>;

export const ClassPerson = z.object({ id: Id, username: z.string(), name: z.string() });
export type ClassPerson = z.infer<typeof ClassPerson>;

export const ClassSummary = z.object({
  id: Id,
  kind: ClassKind,
  name: z.string(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  description: z.string(),
  archived: z.boolean(),
  memberCount: z.number().int(),
  teachers: z.array(ClassPerson),
  /** Whether the caller may change the class (agency admins); everyone else reads it. */
  canManage: z.boolean(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type ClassSummary = z.infer<typeof ClassSummary>;

export const ClassFields = z.object({
  name: z.string().trim().min(1, '请输入班级名称').max(64, '班级名称不超过 64 个字符'),
  gradeId: Id.nullable().default(null),
  subjectId: Id.nullable().default(null),
  description: z.string().max(2000, '班级说明不超过 2000 个字符').default(''),
});
export type ClassFields = z.infer<typeof ClassFields>;

export const ClassCreate = ClassFields.extend({ kind: ClassKind });
export type ClassCreate = z.infer<typeof ClassCreate>;

export const ClassUserIds = z.object({
  userIds: z.array(Id).min(1, '请至少选择一人').max(CLASS_BATCH_MAX, `一次最多 ${CLASS_BATCH_MAX} 人`),
});
export type ClassUserIds = z.infer<typeof ClassUserIds>;

export const ClassMemberQuery = PageQuery.extend({
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
});
export type ClassMemberQuery = z.infer<typeof ClassMemberQuery>;

export const ClassMember = ClassPerson.extend({ joinTime: EpochMs });
export type ClassMember = z.infer<typeof ClassMember>;

/** People of the agency who could be added: students (members) or teachers. */
export const ClassCandidateQuery = PageQuery.extend({
  role: z.enum(['student', 'teacher']),
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
});
export type ClassCandidateQuery = z.infer<typeof ClassCandidateQuery>;

export const ClassCandidate = ClassPerson.extend({ inClass: z.boolean() });
export type ClassCandidate = z.infer<typeof ClassCandidate>;

export const ClassChangeResult = z.object({ changed: z.number().int() });

/** Path order (`/v1/class/:classId/student/:id/scores`): the OpenAPI parameters follow it. */
export const ClassStudentParams = z.object({ classId: Id, id: Id });

/** `class/studentInfo/{id}`: one student as their teacher sees them. */
export const ClassStudentInfo = z.object({
  student: ClassPerson,
  classes: z.array(z.object({ id: Id, name: z.string(), kind: ClassKind })),
  trainings: z.array(TrainingSummary),
  /** The student's trainings in the agency (the list holds the latest 50). */
  trainingTotal: z.number().int(),
  mastery: z.array(MasteryPoint),
});
export type ClassStudentInfo = z.infer<typeof ClassStudentInfo>;

/** `class/sroce/{id}/{classId}`: one student's scores next to the class's, per scheme. */
export const ClassStudentScores = z.object({
  student: ClassPerson,
  class: z.object({ id: Id, name: z.string(), kind: ClassKind }),
  schemes: z.array(
    z.object({
      schemeId: Id,
      title: z.string(),
      type: z.enum(['general', 'paper']),
      /**
       * The student's ended trainings of the scheme; the best of them by score rate (its score and max score, and
       * the rate in %); the class members' average of their best rates (%) and how many members ended one.
       */
      trainings: z.number().int(),
      best: z.number().nullable(),
      maxScore: z.number(),
      bestPercent: z.number().nullable(),
      classAveragePercent: z.number().nullable(),
      classFinished: z.number().int(),
    }),
  ),
  trainings: z.array(TrainingSummary),
});
export type ClassStudentScores = z.infer<typeof ClassStudentScores>;

/** A task given to the class (issue 18 item 4): how many of its students started and finished it. */
export const ClassTaskFigures = z.object({
  taskId: Id,
  title: z.string(),
  startAt: EpochMs,
  deadline: EpochMs,
  homework: z.boolean(),
  assigned: z.number().int(),
  started: z.number().int(),
  finished: z.number().int(),
  /** The ended trainings' average score rate in %, or null when none ended. */
  averagePercent: z.number().nullable(),
  /** Names of the assigned students who have not finished (today's page only; at most 50). */
  notFinished: z.array(z.string()),
});
export type ClassTaskFigures = z.infer<typeof ClassTaskFigures>;

/** `class/{classId}/stats`. */
export const ClassStats = z.object({
  class: ClassSummary,
  /** Per knowledge point (points some member answered in, down to lv1): members at each level. */
  mastery: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      lv: z.string(),
      counts: z.record(MasteryLevel, z.number().int()),
    }),
  ),
  /** Per scheme the members trained: how many started, finished, and the finished trainings' average score. */
  schemes: z.array(
    z.object({
      schemeId: Id,
      title: z.string(),
      started: z.number().int(),
      finished: z.number().int(),
      averagePercent: z.number().nullable(),
    }),
  ),
  /** The class's tasks, latest deadline first (at most 50). */
  tasks: z.array(ClassTaskFigures),
});
export type ClassStats = z.infer<typeof ClassStats>;

/** `class/todaywork/{id}`: today (China Standard Time) for each member. */
export const ClassToday = z.object({
  class: z.object({ id: Id, name: z.string(), kind: ClassKind }),
  /** Start of today in China Standard Time. */
  day: EpochMs,
  members: z.array(
    ClassPerson.extend({
      trainings: z.number().int(),
      finished: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int(),
      lastActive: EpochMs.nullable(),
    }),
  ),
  schemes: z.array(
    z.object({ schemeId: Id, title: z.string(), students: z.number().int(), finished: z.number().int() }),
  ),
  /** The class's tasks due today (deadline within the day). */
  tasks: z.array(ClassTaskFigures),
});
export type ClassToday = z.infer<typeof ClassToday>;
