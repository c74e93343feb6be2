// Times of the lesson pages in China Standard Time (UTC+8, no daylight saving), whatever the browser's zone, like
// the task pages (docs/lessons.md "Data", docs/web.md "Times"). Weeks run Monday to Sunday.
import dayjs, { type Dayjs } from 'dayjs';

import { cstDayStart, cstMinutes, cstWallToMs, cstWeekday, DAY_MS } from '@edu/contract';

// The formats and day arithmetic are the contract's (docs/helpers.md "China Standard Time"); this file adds the
// week and the pickers.
export { cstClock, cstDate, cstDayStart, cstMonthDay, cstSeconds, cstWeekday } from '@edu/contract';
export const DAY = DAY_MS;
export const WEEK = 7 * DAY;

/** `2026-01-05 16:00` (CST). */
export const cstText = cstMinutes;

/** The start (Monday 00:00 CST) of the week of `ms`. */
export const weekStartOf = (ms: number) => cstDayStart(ms) - cstWeekday(ms) * DAY;

/** The CST wall clock of `ms` as a local dayjs (for a DatePicker / TimePicker). */
export const toPicker = (ms: number): Dayjs => dayjs(cstMinutes(ms).replace(' ', 'T'));

/** A picker's wall clock read as CST: epoch ms (seconds dropped). */
export const fromPicker = (d: Dayjs): number => cstWallToMs(d.year(), d.month() + 1, d.date(), d.hour(), d.minute());

/** A date picker's day and a time picker's clock, read together as CST. */
export const fromDateAndTime = (date: Dayjs, time: Dayjs): number =>
  cstWallToMs(date.year(), date.month() + 1, date.date(), time.hour(), time.minute());

/** A lesson's minutes as people read them: 45 分钟, 1 小时 30 分钟. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} 分钟`;
  return m ? `${h} 小时 ${m} 分钟` : `${h} 小时`;
}
