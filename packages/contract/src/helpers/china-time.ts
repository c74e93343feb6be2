// China Standard Time (UTC+8, no daylight saving): the time every page, export and notice shows and the days the
// product counts (deadlines, streaks, "today"), whatever the machine's or the browser's zone (docs/helpers.md
// "China Standard Time"). The one place that knows the offset.

/** UTC+8 in milliseconds. */
export const CST_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The ISO text of `ms` as a CST wall clock (its `Z` means nothing). */
const wall = (ms: number) => new Date(ms + CST_OFFSET_MS).toISOString();

/** `2026-01-05 16:00` (CST). */
export const cstMinutes = (ms: number) => wall(ms).slice(0, 16).replace('T', ' ');

/** `2026-01-05 16:00:05` (CST). */
export const cstSeconds = (ms: number) => wall(ms).slice(0, 19).replace('T', ' ');

/** `2026-01-05` (CST). */
export const cstDate = (ms: number) => wall(ms).slice(0, 10);

/** `01-05` (CST). */
export const cstMonthDay = (ms: number) => wall(ms).slice(5, 10);

/** `16:00` (CST). */
export const cstClock = (ms: number) => wall(ms).slice(11, 16);

/** The weekday of `ms` in CST: 0 Monday … 6 Sunday. */
export const cstWeekday = (ms: number) => (new Date(ms + CST_OFFSET_MS).getUTCDay() + 6) % 7;

/** The start (00:00 CST) of the CST day of `ms`. */
export const cstDayStart = (ms: number) => Math.floor((ms + CST_OFFSET_MS) / DAY_MS) * DAY_MS - CST_OFFSET_MS;

/** The number of the CST day of `ms` (days since 1970-01-01 CST): equal for two moments of one CST day. */
export const cstDayNumber = (ms: number) => Math.floor((ms + CST_OFFSET_MS) / DAY_MS);

/** The end (23:59) of the CST day `days` after the day of `ms`. */
export const cstDayEnd = (ms: number, days = 0) => cstDayStart(ms) + (days + 1) * DAY_MS - 60_000;

/** Epoch ms of a CST wall clock (month 1–12). */
export const cstWallToMs = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) - CST_OFFSET_MS;
