import { describe, expect, it } from 'vitest';
import { layoutWeek } from './week-layout';
import { cstClock, cstText, cstWeekday, fromDateAndTime, toPicker, weekStartOf } from './time';

/** CST wall clock → epoch ms. */
const cst = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) - 8 * 3600_000;
const MONDAY = cst(2026, 1, 5); // Monday 5 January 2026, 00:00 北京时间

const lesson = (lessonId: string, startsAt: number, minutes = 60) => ({ lessonId, startsAt, minutes });

describe('China Standard Time helpers', () => {
  it('finds the Monday of a week in CST, whatever the UTC day', () => {
    // Sunday 11 January 23:30 CST is still the week of the 5th; Monday 12 January 00:10 CST (Sunday in UTC) is not.
    expect(weekStartOf(cst(2026, 1, 11, 23, 30))).toBe(MONDAY);
    expect(weekStartOf(cst(2026, 1, 12, 0, 10))).toBe(cst(2026, 1, 12));
    expect(weekStartOf(MONDAY)).toBe(MONDAY);
    expect(cstWeekday(cst(2026, 1, 12, 0, 10))).toBe(0);
    expect(cstWeekday(cst(2026, 1, 11, 7))).toBe(6);
  });

  it('writes and reads wall clocks in CST', () => {
    expect(cstText(cst(2026, 1, 5, 7, 5))).toBe('2026-01-05 07:05');
    expect(cstClock(cst(2026, 1, 5, 23, 59))).toBe('23:59');
    const t = cst(2026, 3, 1, 19, 30);
    const p = toPicker(t);
    expect(fromDateAndTime(p, p)).toBe(t);
  });
});

describe('layoutWeek', () => {
  it('has seven days from Monday and places a lesson by its CST day and minutes', () => {
    const l = layoutWeek([lesson('a', cst(2026, 1, 7, 19, 30), 45)], MONDAY);
    expect(l.days.map((d) => d.monthDay)).toEqual(['01-05', '01-06', '01-07', '01-08', '01-09', '01-10', '01-11']);
    expect(l.blocks).toEqual([
      expect.objectContaining({ day: 2, startMin: 19 * 60 + 30, endMin: 20 * 60 + 15, lane: 0, lanes: 1 }),
    ]);
    expect(l.fromHour).toBe(8);
    expect(l.toHour).toBe(22);
  });

  it('leaves out lessons of other weeks and keeps one that runs into the week', () => {
    const l = layoutWeek(
      [
        lesson('before', cst(2026, 1, 4, 10)),
        lesson('after', cst(2026, 1, 12, 0)),
        lesson('into', cst(2026, 1, 4, 23, 30), 60),
      ],
      MONDAY,
    );
    expect(l.blocks.map((b) => [b.lesson.lessonId, b.day, b.startMin, b.endMin, b.fromPreviousDay])).toEqual([
      ['into', 0, 0, 30, true],
    ]);
  });

  it('cuts a lesson past midnight into a block per day', () => {
    const l = layoutWeek([lesson('late', cst(2026, 1, 6, 23), 90)], MONDAY);
    expect(l.blocks.map((b) => [b.day, b.startMin, b.endMin, b.fromPreviousDay, b.intoNextDay])).toEqual([
      [1, 23 * 60, 1440, false, true],
      [2, 0, 30, true, false],
    ]);
    // The grid widens to show both ends.
    expect(l.fromHour).toBe(0);
    expect(l.toHour).toBe(24);
  });

  it('puts overlapping lessons side by side and gives the whole group its lane count', () => {
    const l = layoutWeek(
      [
        lesson('a', cst(2026, 1, 8, 9), 120), // 9:00–11:00
        lesson('b', cst(2026, 1, 8, 9, 30), 30), // 9:30–10:00
        lesson('c', cst(2026, 1, 8, 10), 60), // 10:00–11:00: lane 1 is free again
        lesson('d', cst(2026, 1, 8, 11), 60), // 11:00: a new group
        lesson('e', cst(2026, 1, 9, 9), 60), // another day
      ],
      MONDAY,
    );
    const byId = Object.fromEntries(l.blocks.map((b) => [b.lesson.lessonId, [b.lane, b.lanes]]));
    expect(byId).toEqual({ a: [0, 2], b: [1, 2], c: [1, 2], d: [0, 1], e: [0, 1] });
  });

  it('widens the hours to an early lesson', () => {
    const l = layoutWeek([lesson('early', cst(2026, 1, 10, 6, 15), 30)], MONDAY);
    expect(l.fromHour).toBe(6);
    expect(l.toHour).toBe(22);
  });
});
