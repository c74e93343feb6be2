import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_DURATION, formatDuration, toDurationSeconds } from './duration.js';

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

describe('formatDuration', () => {
  it.each([
    null,
    undefined,
    '',
    '   ',
    NaN,
    'abc',
    '12abc',
    '1,5',
    '0x10',
    '1e',
    Infinity,
    -Infinity,
    true,
    false,
    {},
    [],
    [5],
  ])('shows -- for %o', (value) => {
    expect(formatDuration(value)).toBe('--');
  });

  it('shows -- for negative values, numbers and strings alike', () => {
    expect(formatDuration(-1)).toBe('--');
    expect(formatDuration(-0.5)).toBe('--');
    expect(formatDuration('-30')).toBe('--');
  });

  it.each([
    [0, '0秒'],
    [-0, '0秒'],
    [1, '1秒'],
    [59, '59秒'],
    [59.999, '59秒'],
    [60, '1分'],
    [61, '1分1秒'],
    [300, '5分'],
    [305, '5分5秒'],
    [3599, '59分59秒'],
    [HOUR, '1小时'],
    [HOUR + 1, '1小时1秒'],
    [HOUR + 59, '1小时59秒'],
    [HOUR + MIN, '1小时1分'],
    // Seconds are not shown once minutes are.
    [HOUR + MIN + 30, '1小时1分'],
    [2 * HOUR + 30 * MIN, '2小时30分'],
    [DAY - 1, '23小时59分'],
    [DAY, '1天'],
    [DAY + 5, '1天'],
    [DAY + MIN, '1天1分'],
    [DAY + 59 * MIN + 59, '1天59分'],
    [DAY + HOUR, '1天1小时'],
    [DAY + HOUR + MIN, '1天1小时'],
    [3 * DAY + 23 * HOUR + 59 * MIN + 59, '3天23小时'],
    [400 * DAY, '400天'],
    [18000, '5小时'],
    [600, '10分'],
  ])('formats %d seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('reads numeric strings and bigints as numbers', () => {
    expect(formatDuration('45')).toBe('45秒');
    expect(formatDuration(' 90 ')).toBe('1分30秒');
    expect(formatDuration('3600.7')).toBe('1小时');
    expect(formatDuration('1e3')).toBe('16分40秒');
    expect(formatDuration('.5')).toBe('0秒');
    expect(formatDuration('+61')).toBe('1分1秒');
    expect(formatDuration(90n)).toBe('1分30秒');
  });

  it('floors fractions', () => {
    expect(formatDuration(0.9)).toBe('0秒');
    expect(formatDuration(60.99)).toBe('1分');
    expect(toDurationSeconds(61.5)).toBe(61);
    expect(Object.is(toDurationSeconds(-0), 0)).toBe(true);
  });

  it('exports the empty marker', () => {
    expect(EMPTY_DURATION).toBe('--');
  });
});

// Reads a formatted duration back to seconds, so the properties can check what the text says.
const UNIT: Record<string, number> = { 天: DAY, 小时: HOUR, 分: MIN, 秒: 1 };
function parse(text: string): { seconds: number; units: string[] } {
  const parts = [...text.matchAll(/(\d+)(天|小时|分|秒)/g)];
  expect(parts.map((m) => m[0]).join('')).toBe(text);
  return { seconds: parts.reduce((s, m) => s + Number(m[1]) * UNIT[m[2]], 0), units: parts.map((m) => m[2]) };
}

describe('formatDuration properties', () => {
  const seconds = fc.integer({ min: 0, max: 10 * 365 * DAY });

  it('never claims more time than given, and loses less than the smallest unit shown allows', () => {
    fc.assert(
      fc.property(seconds, (s) => {
        const { seconds: shown, units } = parse(formatDuration(s));
        expect(shown).toBeLessThanOrEqual(s);
        // Two units: less than the second unit is cut. One unit: its zero neighbours are exact, except that
        // "D天" alone may drop up to 59 seconds (days fall back to minutes, never to seconds).
        const bound = units.length === 2 ? UNIT[units[1]] : units[0] === '天' ? MIN : 1;
        expect(s - shown).toBeLessThan(bound);
      }),
    );
  });

  it('uses at most two units, the first being the largest that fits, with no zero unit', () => {
    fc.assert(
      fc.property(seconds, (s) => {
        const text = formatDuration(s);
        const { units } = parse(text);
        expect(units.length).toBeGreaterThanOrEqual(1);
        expect(units.length).toBeLessThanOrEqual(2);
        const expectedFirst = s >= DAY ? '天' : s >= HOUR ? '小时' : s >= MIN ? '分' : '秒';
        expect(units[0]).toBe(expectedFirst);
        if (s > 0) expect(text).not.toMatch(/(^|\D)0(天|小时|分|秒)/);
      }),
    );
  });

  it('follows the spec pairs: 分→秒, 小时→分|秒, 天→小时|分', () => {
    const allowed: Record<string, string[]> = { 秒: [], 分: ['秒'], 小时: ['分', '秒'], 天: ['小时', '分'] };
    fc.assert(
      fc.property(seconds, (s) => {
        const { units } = parse(formatDuration(s));
        if (units.length === 2) expect(allowed[units[0]]).toContain(units[1]);
      }),
    );
  });

  it('is monotonic in the time shown', () => {
    fc.assert(
      fc.property(seconds, seconds, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(parse(formatDuration(lo)).seconds).toBeLessThanOrEqual(parse(formatDuration(hi)).seconds);
      }),
    );
  });

  it('treats a number, its decimal string and its fractional variants alike', () => {
    fc.assert(
      fc.property(seconds, fc.double({ min: 0, max: 0.999, noNaN: true }), (s, frac) => {
        expect(formatDuration(String(s))).toBe(formatDuration(s));
        expect(formatDuration(s + frac)).toBe(formatDuration(s));
      }),
    );
  });

  it('answers -- for every non-numeric string and every negative number', () => {
    fc.assert(
      fc.property(
        fc.string().filter((t) => !/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(t)),
        (t) => {
          expect(formatDuration(t)).toBe('--');
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (n) => {
        expect(formatDuration(n)).toBe('--');
      }),
    );
  });
});
