// Lessons of the tutoring classroom (docs/lessons.md): 1:1 lessons of tutoring (event) classes, scheduled in
// China Standard Time like tasks, opened and closed by their teacher, replayed afterwards.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

export const LESSON_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export const LessonStatus = z.enum(LESSON_STATUSES);
export type LessonStatus = z.infer<typeof LessonStatus>;

/** How the caller takes part in a lesson: the two participants, agency staff watching, the student's parents. */
export const LessonRole = z.enum(['teacher', 'student', 'observer', 'parent']);
export type LessonRole = z.infer<typeof LessonRole>;

export const LESSON_MIN_MINUTES = 15;
export const LESSON_MAX_MINUTES = 240;
/** A weekly series holds at most this many lessons. */
export const LESSON_MAX_WEEKS = 26;

const Title = z.string().trim().min(1, '请输入课程标题').max(64, '课程标题不超过 64 个字符');
const Minutes = z
  .number()
  .int('时长必须是整数分钟')
  .min(LESSON_MIN_MINUTES, `时长至少 ${LESSON_MIN_MINUTES} 分钟`)
  .max(LESSON_MAX_MINUTES, `时长不超过 ${LESSON_MAX_MINUTES} 分钟`);

/** Scheduling a lesson, or a weekly series of `weeks` lessons at the same weekday and time. */
export const LessonFields = z.object({
  classId: Id,
  teacherId: Id,
  studentId: Id,
  title: Title,
  startsAt: EpochMs,
  minutes: Minutes,
  weeks: z.number().int().min(1, '至少 1 周').max(LESSON_MAX_WEEKS, `每周重复最多 ${LESSON_MAX_WEEKS} 周`).default(1),
});
export type LessonFields = z.infer<typeof LessonFields>;
export type LessonFieldsInput = z.input<typeof LessonFields>;

/** Which lessons of a series a change applies to: this one, or this one and the later ones of its series. */
export const LessonScope = z.enum(['one', 'following']).default('one');

export const LessonReschedule = z.object({
  title: Title,
  startsAt: EpochMs,
  minutes: Minutes,
  scope: LessonScope,
});
export type LessonReschedule = z.infer<typeof LessonReschedule>;

export const LessonCancel = z.object({
  reason: z.string().trim().max(200, '取消原因不超过 200 个字符').default(''),
  scope: LessonScope,
});
export type LessonCancel = z.infer<typeof LessonCancel>;

export const Lesson = z.object({
  lessonId: Id,
  classId: Id,
  className: z.string(),
  title: z.string(),
  teacherId: Id,
  teacherName: z.string(),
  studentId: Id,
  studentName: z.string(),
  startsAt: EpochMs,
  minutes: z.number().int(),
  status: LessonStatus,
  seriesId: Id.nullable(),
  openedAt: EpochMs.nullable(),
  closedAt: EpochMs.nullable(),
  cancelReason: z.string(),
  /** The caller's part in the lesson (staff of the agency: observer). */
  viewerRole: LessonRole,
  /** Whether the caller may reschedule or cancel it (agency admins, while it is scheduled). */
  editable: z.boolean(),
});
export type Lesson = z.infer<typeof Lesson>;

export const LessonListQuery = z.object({
  classId: Id.optional(),
  status: LessonStatus.optional(),
  /** A window (the week view): lessons starting in [from, to), oldest first; at most 62 days. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type LessonListQuery = z.infer<typeof LessonListQuery>;

export const LessonPresence = z.object({
  userId: Id,
  name: z.string(),
  role: LessonRole,
  joinedAt: EpochMs,
  leftAt: EpochMs.nullable(),
});
export type LessonPresence = z.infer<typeof LessonPresence>;

/** A lesson with who was in it when (the lesson page's facts; the replay reads the board elsewhere). */
export const LessonDetail = Lesson.extend({ presence: z.array(LessonPresence) });
export type LessonDetail = z.infer<typeof LessonDetail>;

/** `GET /v1/lesson/options`: the class whose people a lesson may have. */
export const LessonOptionsQuery = z.object({ classId: Id });
export type LessonOptionsQuery = z.infer<typeof LessonOptionsQuery>;

/** The people a lesson of a class may have: the class's teachers (and homework teachers of the agency) and its members. */
export const LessonOptions = z.object({
  teachers: z.array(z.object({ userId: Id, name: z.string(), username: z.string() })),
  students: z.array(z.object({ userId: Id, name: z.string(), username: z.string() })),
});
export type LessonOptions = z.infer<typeof LessonOptions>;

/** ICE servers for the lesson's video: STUN/TURN URLs with time-limited TURN REST credentials. */
export const IceServers = z.object({
  iceServers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** Seconds the credentials stay valid. */
  ttl: z.number().int(),
});
export type IceServers = z.infer<typeof IceServers>;
