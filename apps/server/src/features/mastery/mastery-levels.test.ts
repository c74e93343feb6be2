// Unit tests of the mastery rules (docs/domain.md "Wrong answers, mastery, statistics"): thresholds over the last 10 answers, proficient on two days,
// all right in a paper, and subtrees rolling up to their ancestors.
import { describe, expect, it } from 'vitest';
import { levelOf, masteryByPoint, selfAndAncestors, type MasteryAnswer } from './mastery-levels.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 2, 0, 0); // 10:00 in China
const answers = (flags: string, start = T0, code = 'en.g7.c1', paperId: string | null = null): MasteryAnswer[] =>
  [...flags].map((f, i) => ({ code, right: f === '1', at: start + i * 60_000, paperId }));

describe('levelOf', () => {
  it.each([
    ['', 'none'],
    ['0', 'attempted'],
    ['11', 'attempted'],
    ['110', 'attempted'], // 3 answers, 67 %
    ['1101', 'familiar'], // 4 answers, 75 %
    ['11110', 'familiar'], // 5 answers, 80 %
    ['111111', 'proficient'],
    ['0000000000111111111', 'proficient'], // only the last 10 count: 9 of 10 right
  ])('%s → %s', (flags, level) => {
    expect(levelOf(answers(flags)).level).toBe(level);
  });

  it('counts the window and all answers', () => {
    expect(levelOf(answers('000000000011111'))).toMatchObject({
      windowAnswers: 10,
      windowCorrect: 5,
      totalAnswers: 15,
      lastAnswerTime: T0 + 14 * 60_000,
    });
  });

  it('is mastered when proficient at the end of two different days, and still proficient', () => {
    expect(levelOf([...answers('11111'), ...answers('1', T0 + DAY)])).toMatchObject({
      level: 'mastered',
      masteredBy: 'days',
    });
    // Proficient only on the second day.
    expect(levelOf([...answers('1111'), ...answers('11', T0 + DAY)]).level).toBe('proficient');
    // Two proficient days, but wrong answers since dropped it.
    expect(levelOf([...answers('11111'), ...answers('11111', T0 + DAY), ...answers('000', T0 + 2 * DAY)]).level).toBe(
      'familiar',
    );
    // Same China day across UTC midnight (22:30 and 00:30 UTC are 06:30 and 08:30 in China): one day only.
    const lateUtc = Date.UTC(2026, 0, 5, 23, 30);
    expect(levelOf([...answers('11111', lateUtc - 3600_000), ...answers('1', lateUtc + 3600_000)]).level).toBe(
      'proficient',
    );
  });

  it('is mastered when all right in a paper with nothing wrong in the subtree since', () => {
    expect(levelOf(answers('11', T0, 'en.g7.c1', 'p1'))).toMatchObject({ level: 'mastered', masteredBy: 'paper' });
    expect(levelOf(answers('10', T0, 'en.g7.c1', 'p1')).level).toBe('attempted');
    expect(levelOf([...answers('11', T0, 'en.g7.c1', 'p1'), ...answers('0', T0 + DAY)]).level).toBe('attempted');
    expect(levelOf([...answers('0'), ...answers('11', T0 + DAY, 'en.g7.c1', 'p2')]).level).toBe('mastered');
  });
});

describe('masteryByPoint', () => {
  it('rolls answers up to every ancestor of their point', () => {
    expect(selfAndAncestors('en.g7.c1.k2')).toEqual(['en', 'en.g7', 'en.g7.c1', 'en.g7.c1.k2']);
    const m = masteryByPoint([...answers('0', T0, 'en.g7.c1'), ...answers('111', T0 + 1000, 'en.g7.c2')]);
    expect(m.get('en.g7.c1')?.level).toBe('attempted');
    expect(m.get('en.g7.c2')?.level).toBe('familiar');
    expect(m.get('en.g7')).toMatchObject({ level: 'familiar', windowAnswers: 4, windowCorrect: 3 });
    expect(m.get('math')).toBeUndefined();
  });
});
