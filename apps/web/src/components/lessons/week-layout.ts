// The week view's layout (docs/web.md "Lesson lists and replay"): seven columns, Monday to Sunday in China Standard
// Time, and each lesson a block placed by its start and length. A lesson that runs past midnight is cut into a block
// per day; lessons that overlap on a day share its width side by side (lanes).
import { cstMonthDay, DAY, WEEK } from './time';

export interface WeekLesson {
  lessonId: string;
  startsAt: number;
  minutes: number;
}

export interface WeekDay {
  /** 0 Monday … 6 Sunday. */
  index: number;
  /** 00:00 CST of the day. */
  start: number;
  /** `01-05`. */
  monthDay: string;
}

export interface WeekBlock<L extends WeekLesson> {
  lesson: L;
  day: number;
  /** Minutes after the day's 00:00 where the block starts and ends (0 … 1440). */
  startMin: number;
  endMin: number;
  /** The block's lane among the lessons overlapping it, and how many lanes the group has. */
  lane: number;
  lanes: number;
  /** The lesson started the day before (the block is its continuation) / goes on into the next day. */
  fromPreviousDay: boolean;
  intoNextDay: boolean;
}

export interface WeekLayout<L extends WeekLesson> {
  weekStart: number;
  days: WeekDay[];
  blocks: WeekBlock<L>[];
  /** The hours the grid shows: [fromHour, toHour), widened from the default to hold every block. */
  fromHour: number;
  toHour: number;
}

export const WEEK_DEFAULT_HOURS = { from: 8, to: 22 } as const;

/** Lays out the lessons of the week that starts at `weekStart` (Monday 00:00 CST); lessons outside it are left out. */
export function layoutWeek<L extends WeekLesson>(
  lessons: readonly L[],
  weekStart: number,
  hours: { from: number; to: number } = WEEK_DEFAULT_HOURS,
): WeekLayout<L> {
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => {
    const start = weekStart + index * DAY;
    return { index, start, monthDay: cstMonthDay(start) };
  });
  const weekEnd = weekStart + WEEK;
  const segments: Omit<WeekBlock<L>, 'lane' | 'lanes'>[] = [];
  for (const lesson of lessons) {
    const start = lesson.startsAt;
    const end = start + Math.max(1, lesson.minutes) * 60_000;
    if (end <= weekStart || start >= weekEnd) continue;
    for (let day = 0; day < 7; day++) {
      const dayStart = weekStart + day * DAY;
      const dayEnd = dayStart + DAY;
      if (end <= dayStart || start >= dayEnd) continue;
      segments.push({
        lesson,
        day,
        startMin: Math.round((Math.max(start, dayStart) - dayStart) / 60_000),
        endMin: Math.round((Math.min(end, dayEnd) - dayStart) / 60_000),
        fromPreviousDay: start < dayStart,
        intoNextDay: end > dayEnd,
      });
    }
  }
  const blocks: WeekBlock<L>[] = [];
  for (let day = 0; day < 7; day++) {
    const ofDay = segments
      .filter((s) => s.day === day)
      .sort(
        (a, b) => a.startMin - b.startMin || b.endMin - a.endMin || a.lesson.lessonId.localeCompare(b.lesson.lessonId),
      );
    blocks.push(...assignLanes(ofDay));
  }
  let fromHour = hours.from;
  let toHour = hours.to;
  for (const b of blocks) {
    fromHour = Math.min(fromHour, Math.floor(b.startMin / 60));
    toHour = Math.max(toHour, Math.ceil(b.endMin / 60));
  }
  return { weekStart, days, blocks, fromHour, toHour };
}

/**
 * Lanes of one day's segments (sorted by start): a group is a run of segments each overlapping the group so far;
 * each segment takes the lowest lane free at its start, and every segment of a group gets the group's lane count.
 */
function assignLanes<L extends WeekLesson>(sorted: Omit<WeekBlock<L>, 'lane' | 'lanes'>[]): WeekBlock<L>[] {
  const out: WeekBlock<L>[] = [];
  let group: WeekBlock<L>[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = group.reduce((n, b) => Math.max(n, b.lane + 1), 0);
    for (const b of group) b.lanes = lanes;
    out.push(...group);
    group = [];
  };
  for (const s of sorted) {
    if (group.length && s.startMin >= groupEnd) close();
    const busy = new Set(group.filter((b) => b.endMin > s.startMin).map((b) => b.lane));
    let lane = 0;
    while (busy.has(lane)) lane++;
    group.push({ ...s, lane, lanes: 1 });
    groupEnd = group.length === 1 ? s.endMin : Math.max(groupEnd, s.endMin);
  }
  if (group.length) close();
  return out;
}
