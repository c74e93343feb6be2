// Times of the lesson pages in China Standard Time (UTC+8, no daylight saving), whatever the browser's zone, like
// the task pages (docs/lessons.md "Data", docs/web.md "Times"). Weeks run Monday to Sunday.
import dayjs, { type Dayjs } from 'dayjs';

export const CST = 8 * 3600_000;
export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

const iso = (ms: number) => new Date(ms + CST).toISOString();

/** `2026-01-05 16:00` (CST). */
export const cstText = (ms: number) => iso(ms).slice(0, 16).replace('T', ' ');

/** `2026-01-05 16:00:05` (CST). */
export const cstSeconds = (ms: number) => iso(ms).slice(0, 19).replace('T', ' ');

/** `16:00` (CST). */
export const cstClock = (ms: number) => iso(ms).slice(11, 16);

/** `01-05` (CST). */
export const cstMonthDay = (ms: number) => iso(ms).slice(5, 10);

/** `2026-01-05` (CST). */
export const cstDate = (ms: number) => iso(ms).slice(0, 10);

/** The weekday of `ms` in CST: 0 Monday … 6 Sunday. */
export const cstWeekday = (ms: number) => (new Date(ms + CST).getUTCDay() + 6) % 7;

/** The start (00:00 CST) of the CST day of `ms`. */
export const cstDayStart = (ms: number) => Math.floor((ms + CST) / DAY) * DAY - CST;

/** The start (Monday 00:00 CST) of the week of `ms`. */
export const weekStartOf = (ms: number) => cstDayStart(ms) - cstWeekday(ms) * DAY;

/** The CST wall clock of `ms` as a local dayjs (for a DatePicker / TimePicker). */
export const toPicker = (ms: number): Dayjs => dayjs(iso(ms).slice(0, 16));

/** A picker's wall clock read as CST: epoch ms (seconds dropped). */
export const fromPicker = (d: Dayjs): number => Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute()) - CST;

/** A date picker's day and a time picker's clock, read together as CST. */
export const fromDateAndTime = (date: Dayjs, time: Dayjs): number =>
  Date.UTC(date.year(), date.month(), date.date(), time.hour(), time.minute()) - CST;

/** A lesson's minutes as people read them: 45 分钟, 1 小时 30 分钟. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} 分钟`;
  return m ? `${h} 小时 ${m} 分钟` : `${h} 小时`;
}
