// Times read in China Standard Time whatever the browser's zone (docs/web.md "Times").
import { describe, expect, it } from 'vitest';
import { formatTime } from './format';

describe('formatTime', () => {
  it('shows China Standard Time (UTC+8), across a day boundary too', () => {
    expect(formatTime(Date.UTC(2026, 10, 29, 8, 5, 9))).toBe('2026-11-29 16:05:09');
    expect(formatTime(Date.UTC(2026, 11, 31, 20, 0, 0))).toBe('2027-01-01 04:00:00');
  });
});
