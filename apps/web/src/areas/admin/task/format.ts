// Times of the task pages in China Standard Time (UTC+8), the days the product counts (docs/tasks.md), whatever
// the browser's time zone. A picker shows the CST wall clock as a local dayjs and gives it back as epoch ms.
import dayjs, { type Dayjs } from 'dayjs';

const CST = 8 * 3600_000;

/** `2026-01-05 16:00` (CST). */
export const cstText = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '--' : new Date(ms + CST).toISOString().slice(0, 16).replace('T', ' ');

/** The CST wall clock of `ms` as a local dayjs (for a DatePicker). */
export const toPicker = (ms: number): Dayjs => dayjs(new Date(ms + CST).toISOString().slice(0, 16));

/** A picker's wall clock read as CST: epoch ms. */
export const fromPicker = (d: Dayjs): number => Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute()) - CST;

/** The end (23:59) of the CST day `days` after the day of `ms`. */
export function cstDayEnd(ms: number, days: number): number {
  const dayStart = Math.floor((ms + CST) / 86_400_000) * 86_400_000 - CST;
  return dayStart + (days + 1) * 86_400_000 - 60_000;
}
