// Times of the task pages in China Standard Time (UTC+8), the days the product counts (docs/tasks.md), whatever
// the browser's time zone. A picker shows the CST wall clock as a local dayjs and gives it back as epoch ms.
import { cstMinutes, cstWallToMs } from '@edu/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** `2026-01-05 16:00` (CST). */
export const cstText = (ms: number | null | undefined) => (ms === null || ms === undefined ? '--' : cstMinutes(ms));

/** The CST wall clock of `ms` as a local dayjs (for a DatePicker). */
export const toPicker = (ms: number): Dayjs => dayjs(cstMinutes(ms).replace(' ', 'T'));

/** A picker's wall clock read as CST: epoch ms. */
export const fromPicker = (d: Dayjs): number => cstWallToMs(d.year(), d.month() + 1, d.date(), d.hour(), d.minute());

/** The end (23:59) of the CST day `days` after the day of `ms`. */
export { cstDayEnd } from '@edu/contract';
