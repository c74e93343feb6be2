// The pure rules of lessons (docs/lessons.md "Statuses", "Scheduling"), branch by branch.
import { describe, expect, it } from 'vitest';
import {
  closeRefusal,
  cstLabel,
  editable,
  listsAll,
  managesLessons,
  openRefusal,
  overlaps,
  roleInListed,
  seriesStarts,
  startProblem,
  windowProblem,
} from './lessons.policy.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const at = (roles: string[], id = 1) => ({ id, roles, agencyId: 'demo' });

describe('lesson rules', () => {
  it('lets agency admins manage, and every admin-area role but the plain teacher list all', () => {
    expect(managesLessons(at(['edu:agency:demo:admin']))).toBe(true);
    expect(managesLessons(at(['edu:agency:other:admin']))).toBe(false);
    expect(managesLessons(at(['edu:agency:demo:train:admin']))).toBe(false);
    expect(listsAll(at(['edu:agency:demo:parent:admin']))).toBe(true);
    expect(listsAll(at(['edu:agency:demo:teacher']))).toBe(false);
    expect(listsAll(at(['edu:admin']))).toBe(false);
    expect(editable(at(['edu:agency:demo:admin']), 'scheduled')).toBe(true);
    expect(editable(at(['edu:agency:demo:admin']), 'live')).toBe(false);
    expect(editable(at(['edu:agency:demo:teacher']), 'scheduled')).toBe(false);
  });

  it('names the part of a listed lesson as seatOf does', () => {
    const l = { teacherId: 1, studentId: 2 };
    expect(roleInListed(at(['edu:agency:demo:admin'], 1), l)).toBe('teacher');
    expect(roleInListed(at(['edu:agency:demo:student'], 2), l)).toBe('student');
    expect(roleInListed(at(['edu:agency:demo:admin'], 3), l)).toBe('observer');
    expect(roleInListed(at(['edu:parent'], 4), l)).toBe('parent');
  });

  it('lays out a weekly series and finds overlaps, back to back allowed', () => {
    expect(seriesStarts(1000, 3)).toEqual([1000, 1000 + 7 * DAY, 1000 + 14 * DAY]);
    const a = { startsAt: 0, minutes: 60 };
    expect(overlaps(a, { startsAt: 59 * MIN, minutes: 15 })).toBe(true);
    expect(overlaps(a, { startsAt: 60 * MIN, minutes: 15 })).toBe(false);
    expect(overlaps(a, { startsAt: -15 * MIN, minutes: 15 })).toBe(false);
    expect(overlaps(a, { startsAt: -15 * MIN, minutes: 90 })).toBe(true);
  });

  it('wants a start whose end is ahead and within a year', () => {
    const now = Date.UTC(2026, 0, 5);
    expect(startProblem({ startsAt: now - 30 * MIN, minutes: 45 }, now)).toBeNull();
    expect(startProblem({ startsAt: now - 45 * MIN, minutes: 45 }, now)).toContain('已过');
    expect(startProblem({ startsAt: now + 367 * DAY, minutes: 45 }, now)).toContain('366');
  });

  it('opens from the early minutes until the end, closes a live lesson', () => {
    const l = { status: 'scheduled' as const, startsAt: 100 * MIN, minutes: 30 };
    expect(openRefusal(l, 69 * MIN, 30)).toContain('开课前 30 分钟');
    expect(openRefusal(l, 70 * MIN, 30)).toBeNull();
    expect(openRefusal(l, 129 * MIN, 30)).toBeNull();
    expect(openRefusal(l, 130 * MIN, 30)).toContain('计划下课时间已过');
    expect(openRefusal({ ...l, status: 'live' }, 500 * MIN, 30)).toBeNull();
    expect(openRefusal({ ...l, status: 'ended' }, 100 * MIN, 30)).toBe('课程已结束');
    expect(openRefusal({ ...l, status: 'cancelled' }, 100 * MIN, 30)).toBe('课程已取消');
    expect(closeRefusal('live')).toBeNull();
    expect(closeRefusal('ended')).toBeNull();
    expect(closeRefusal('scheduled')).toBe('课程尚未开始');
    expect(closeRefusal('cancelled')).toBe('课程已取消');
  });

  it('takes a window of both ends, up to 62 days, before 2100', () => {
    expect(windowProblem(undefined, undefined)).toBeNull();
    expect(windowProblem(0, undefined)).not.toBeNull();
    expect(windowProblem(0, 62 * DAY)).toBeNull();
    expect(windowProblem(0, 62 * DAY + 1)).toContain('62');
    expect(windowProblem(10, 10)).not.toBeNull();
    expect(windowProblem(8.6e15, 8.6e15 + 1)).toBe('查询时间超出范围');
  });

  it('writes times in China Standard Time, labelled', () => {
    expect(cstLabel(Date.UTC(2026, 11, 1, 11, 0))).toBe('2026-12-01 19:00（北京时间）');
    expect(cstLabel(Date.UTC(2026, 11, 1, 16, 5))).toBe('2026-12-02 00:05（北京时间）');
  });
});
