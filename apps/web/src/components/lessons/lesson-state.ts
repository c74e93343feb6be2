// What a lesson shows as and what can be done with it now (docs/lessons.md "Statuses"): a scheduled lesson whose
// end has passed without being opened shows as 未上课; the room can be entered from the opening window (30 minutes
// before the start) until the scheduled end, and while the lesson is live; an ended lesson has a replay.
import type { LessonStatus } from '@edu/contract';

/** The server's default `LESSON_OPEN_EARLY_MINUTES` (docs/lessons.md "Statuses"). */
export const OPEN_EARLY_MINUTES = 30;

export interface LessonTimes {
  status: LessonStatus;
  startsAt: number;
  minutes: number;
}

/** The status as shown: the four statuses, and `missed` for a scheduled lesson whose end has passed. */
export type LessonShownStatus = LessonStatus | 'missed';

export const lessonEnd = (l: LessonTimes) => l.startsAt + l.minutes * 60_000;

export function shownStatus(l: LessonTimes, now: number): LessonShownStatus {
  if (l.status === 'scheduled' && now >= lessonEnd(l)) return 'missed';
  return l.status;
}

/** The room can be entered: live, or scheduled and within its opening window. */
export function joinable(l: LessonTimes, now: number): boolean {
  if (l.status === 'live') return true;
  return l.status === 'scheduled' && now >= l.startsAt - OPEN_EARLY_MINUTES * 60_000 && now < lessonEnd(l);
}

export const hasReplay = (l: LessonTimes) => l.status === 'ended';

/**
 * The order of a lesson list: the live ones, then what comes next (soonest first), then the rest, newest first.
 * The server pages; this orders what one page holds and picks the lesson for the "next lesson" card.
 */
export function byNextFirst<L extends LessonTimes>(lessons: readonly L[], now: number): L[] {
  const rank = (l: L) => (l.status === 'live' ? 0 : l.status === 'scheduled' && lessonEnd(l) > now ? 1 : 2);
  return [...lessons].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    return ra === 2 ? b.startsAt - a.startsAt : a.startsAt - b.startsAt;
  });
}

/** The lesson the "next lesson" card shows: the live one, else the soonest to come; none when nothing comes. */
export function nextLesson<L extends LessonTimes>(lessons: readonly L[], now: number): L | undefined {
  const [first] = byNextFirst(lessons, now);
  return first && (first.status === 'live' || (first.status === 'scheduled' && lessonEnd(first) > now))
    ? first
    : undefined;
}
