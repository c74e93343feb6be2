// The scheduling forms' values and checks: the day and clock read as China Standard Time whatever the browser's
// zone, the bounds of the contract, and a start that must still come.
import { describe, expect, it } from 'vitest';
import type { Rule, RuleObject } from 'antd/es/form';
import { toPicker } from '../../../components/lessons/time';
import { formFieldOf, lessonRules, scheduleDefaults, toLessonFields } from './lesson-form';

// 2026-01-05 10:00:30 CST.
const NOW = Date.UTC(2026, 0, 5, 2, 0, 30);
const cst = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h, mi) - 8 * 3600_000;

const msg = (r: RuleObject) => (typeof r.message === 'string' ? r.message : '?');

/** The message the rules give for a value (the first that fails), or null. */
async function check(rules: Rule[], value: unknown): Promise<string | null> {
  for (const r of rules as RuleObject[]) {
    if (r.validator) {
      try {
        await r.validator(r, value, () => {});
      } catch (e) {
        return (e as Error).message;
      }
      continue;
    }
    const empty = value === undefined || value === null || value === '';
    if (r.required && (empty || (r.whitespace && typeof value === 'string' && !value.trim()))) return msg(r);
    if (empty) continue;
    if (r.type === 'integer' && !Number.isInteger(value)) return msg(r);
    if (typeof value === 'number' && r.min !== undefined && value < r.min) return msg(r);
    if (typeof value === 'number' && r.max !== undefined && value > r.max) return msg(r);
    if (typeof value === 'string' && r.max !== undefined && value.length > r.max) return msg(r);
  }
  return null;
}

describe('the scheduling form', () => {
  it('proposes the next full hour (北京时间), 45 minutes, once', () => {
    const d = scheduleDefaults(NOW);
    expect(d.date?.format('YYYY-MM-DD')).toBe('2026-01-05');
    expect(d.time?.format('HH:mm')).toBe('11:00');
    expect([d.minutes, d.weeks]).toEqual([45, 1]);
  });

  it('sends the day and clock as a CST instant, with the weeks', () => {
    const at = cst(2026, 1, 9, 19, 30);
    expect(
      toLessonFields('c1', {
        teacherId: 't1',
        studentId: 's1',
        title: '  数学一对一 ',
        date: toPicker(at),
        time: toPicker(at),
        minutes: 60,
        weeks: 4,
      }),
    ).toEqual({
      classId: 'c1',
      teacherId: 't1',
      studentId: 's1',
      title: '数学一对一',
      startsAt: at,
      minutes: 60,
      weeks: 4,
    });
  });

  it('checks every field against the contract', async () => {
    const rules = lessonRules(() => NOW);
    expect(await check(rules.teacherId, undefined)).toBe('请选择老师');
    expect(await check(rules.studentId, undefined)).toBe('请选择学生');
    expect(await check(rules.title, '   ')).toBe('请输入课程标题');
    expect(await check(rules.title, 'x'.repeat(65))).toBe('课程标题不超过 64 个字符');
    expect(await check(rules.title, '数学')).toBeNull();
    expect(await check(rules.minutes, 10)).toBe('时长至少 15 分钟');
    expect(await check(rules.minutes, 241)).toBe('时长不超过 240 分钟');
    expect(await check(rules.minutes, 45.5)).toBe('时长必须是整数分钟');
    expect(await check(rules.minutes, 240)).toBeNull();
    expect(await check(rules.weeks, 0)).toBe('至少 1 周');
    expect(await check(rules.weeks, 27)).toBe('每周重复最多 26 周');
    expect(await check(rules.weeks, 26)).toBeNull();
    expect(await check(rules.reason, 'x'.repeat(201))).toBe('取消原因不超过 200 个字符');
  });

  it('refuses a start that has passed, read in CST', async () => {
    const rules = lessonRules(() => NOW);
    const at = (ms: number) => rules.time(() => toPicker(ms));
    // 10:00 CST today has passed (it is 10:00:30); 10:05 has not.
    expect(await check(at(cst(2026, 1, 5, 10, 0)), toPicker(cst(2026, 1, 5, 10, 0)))).toBe(
      '开始时间已过，请选择以后的时间',
    );
    expect(await check(at(cst(2026, 1, 5, 10, 5)), toPicker(cst(2026, 1, 5, 10, 5)))).toBeNull();
    expect(await check(at(cst(2026, 1, 5, 10, 5)), undefined)).toBe('请选择开始时间');
  });

  it('puts a 400 on the start on the clock field', () => {
    expect(formFieldOf('request.startsAt')).toBe('time');
    expect(formFieldOf('request.minutes')).toBe('minutes');
  });
});
