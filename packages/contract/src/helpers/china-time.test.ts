import { describe, expect, it } from 'vitest';
import {
  cstClock,
  cstDate,
  cstDayEnd,
  cstDayNumber,
  cstDayStart,
  cstMinutes,
  cstMonthDay,
  cstSeconds,
  cstWallToMs,
  cstWeekday,
} from './china-time.js';

// 2026-01-04T16:30:05Z is 2026-01-05 00:30:05 in China: the UTC day and the CST day differ.
const AFTER_MIDNIGHT_CST = Date.UTC(2026, 0, 4, 16, 30, 5);

describe('China Standard Time helpers', () => {
  it('write the CST wall clock, not the UTC one', () => {
    expect(cstSeconds(AFTER_MIDNIGHT_CST)).toBe('2026-01-05 00:30:05');
    expect(cstMinutes(AFTER_MIDNIGHT_CST)).toBe('2026-01-05 00:30');
    expect(cstDate(AFTER_MIDNIGHT_CST)).toBe('2026-01-05');
    expect(cstMonthDay(AFTER_MIDNIGHT_CST)).toBe('01-05');
    expect(cstClock(AFTER_MIDNIGHT_CST)).toBe('00:30');
  });

  it('count days and weeks from CST midnight (2026-01-05 is a Monday)', () => {
    const start = cstDayStart(AFTER_MIDNIGHT_CST);
    expect(start).toBe(Date.UTC(2026, 0, 4, 16, 0));
    expect(cstWeekday(AFTER_MIDNIGHT_CST)).toBe(0);
    expect(cstWeekday(AFTER_MIDNIGHT_CST - 3_600_000)).toBe(6);
    expect(cstDayNumber(start)).toBe(cstDayNumber(start + 86_399_999));
    expect(cstDayNumber(start + 86_400_000)).toBe(cstDayNumber(start) + 1);
    expect(cstMinutes(cstDayEnd(AFTER_MIDNIGHT_CST, 2))).toBe('2026-01-07 23:59');
  });

  it('reads a CST wall clock back to the same moment', () => {
    expect(cstWallToMs(2026, 1, 5, 0, 30)).toBe(AFTER_MIDNIGHT_CST - 5_000);
    expect(cstMinutes(cstWallToMs(2026, 12, 31, 23, 59))).toBe('2026-12-31 23:59');
  });
});
