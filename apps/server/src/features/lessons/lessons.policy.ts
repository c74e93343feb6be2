// Pure rules of lessons (docs/lessons.md "Statuses", "Scheduling"): who manages, when a lesson may open, how a
// weekly series is laid out, what overlaps, and how times read in China Standard Time.
import { agencyRole, cstMinutes, DAY_MS, type LessonRole, type LessonStatus } from '@edu/contract';
import { observesLessons } from './lesson-access.js';

export const MINUTE_MS = 60_000;
const WEEK_MS = 7 * DAY_MS;
/** The week view asks for at most this many days at once. */
export const LESSON_WINDOW_DAYS = 62;
/** The latest time a window may name (2100-01-01): further is no calendar's week. */
const LAST_TIME = Date.UTC(2100, 0, 1);
/** Lessons are scheduled at most this far ahead (the first of a series; the rest follow weekly). */
export const LESSON_AHEAD_DAYS = 366;

export interface Caller {
  id: number;
  roles: readonly string[];
  agencyId: string;
}

/** Agency admins schedule, move and cancel lessons. */
export const managesLessons = (c: Caller) => c.roles.includes(agencyRole('admin', c.agencyId));

/** Which lessons the caller lists: all of the agency (observers), or those they take part in. */
export const listsAll = (c: Caller) => observesLessons(c.roles, c.agencyId);

/** The caller's part in a lesson they list (the same order as LessonAccess.seatOf). */
export function roleInListed(c: Caller, l: { teacherId: number; studentId: number }): LessonRole {
  if (l.teacherId === c.id) return 'teacher';
  if (l.studentId === c.id && c.roles.includes(agencyRole('student', c.agencyId))) return 'student';
  return listsAll(c) ? 'observer' : 'parent';
}

/** A lesson can be moved or cancelled only while scheduled, by a manager. */
export const editable = (c: Caller, status: LessonStatus) => status === 'scheduled' && managesLessons(c);

export const endOf = (l: { startsAt: number; minutes: number }) => l.startsAt + l.minutes * MINUTE_MS;

/** The starts of a weekly series: `weeks` lessons 7 days apart (China Standard Time has no daylight saving). */
export const seriesStarts = (startsAt: number, weeks: number) =>
  Array.from({ length: weeks }, (_, i) => startsAt + i * WEEK_MS);

/** Two lessons overlap when each starts before the other ends (back to back is fine). */
export const overlaps = (a: { startsAt: number; minutes: number }, b: { startsAt: number; minutes: number }) =>
  a.startsAt < endOf(b) && b.startsAt < endOf(a);

/** Why a start is refused (400), or null: the lesson must end in the future and start within a year. */
export function startProblem(l: { startsAt: number; minutes: number }, now: number): string | null {
  if (endOf(l) <= now) return '课程结束时间已过，请选择以后的时间';
  if (l.startsAt > now + LESSON_AHEAD_DAYS * DAY_MS) return `只能安排 ${LESSON_AHEAD_DAYS} 天以内的课程`;
  return null;
}

/**
 * Why the teacher may not open the lesson now (409), or null: from `earlyMinutes` before its start until its
 * scheduled end. A live lesson opens again (a reload), an ended or cancelled one never.
 */
export function openRefusal(
  l: { status: LessonStatus; startsAt: number; minutes: number },
  now: number,
  earlyMinutes: number,
): string | null {
  if (l.status === 'live') return null;
  if (l.status === 'ended') return '课程已结束';
  if (l.status === 'cancelled') return '课程已取消';
  if (now < l.startsAt - earlyMinutes * MINUTE_MS)
    return `课程将于 ${cstLabel(l.startsAt)} 开始，开课前 ${earlyMinutes} 分钟起可以进入`;
  if (now >= endOf(l)) return '课程的计划下课时间已过，不能再开始';
  return null;
}

/** Why the teacher may not close the lesson (409), or null. An ended lesson closes again unchanged. */
export function closeRefusal(status: LessonStatus): string | null {
  if (status === 'scheduled') return '课程尚未开始';
  if (status === 'cancelled') return '课程已取消';
  return null;
}

/** Why a week window is refused (400), or null: both ends, before 2100, `to` after `from`, at most 62 days. */
export function windowProblem(from: number | undefined, to: number | undefined): string | null {
  if (from === undefined && to === undefined) return null;
  if (from === undefined || to === undefined) return '请同时给出查询的开始和结束时间';
  if (from > LAST_TIME || to > LAST_TIME) return '查询时间超出范围';
  if (to <= from) return '查询的结束时间必须晚于开始时间';
  if (to - from > LESSON_WINDOW_DAYS * DAY_MS) return `查询时间范围不能超过 ${LESSON_WINDOW_DAYS} 天`;
  return null;
}

/** `2026-12-01 19:00（北京时间）`: a time as China Standard Time shows it (docs/tasks.md "Window and late policies"). */
export function cstLabel(ms: number): string {
  return `${cstMinutes(ms)}（北京时间）`;
}
