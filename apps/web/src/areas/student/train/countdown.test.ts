import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingSeconds } from './countdown';
import { correctRate, formatScore, spanSeconds } from '../../../components/training/format';

describe('countdown', () => {
  it('counts down from the server’s seconds by the time since they arrived, never below 0', () => {
    expect(remainingSeconds(null, 0, 50_000)).toBeNull();
    expect(remainingSeconds(300, 1000, 1000)).toBe(300);
    expect(remainingSeconds(300, 1000, 1999)).toBe(300);
    expect(remainingSeconds(300, 1000, 2000)).toBe(299);
    expect(remainingSeconds(300, 1000, 1000 + 299_500)).toBe(1);
    expect(remainingSeconds(300, 1000, 1000 + 300_000)).toBe(0);
    expect(remainingSeconds(300, 1000, 1000 + 999_000)).toBe(0);
    // A clock that went back does not add time.
    expect(remainingSeconds(300, 5000, 1000)).toBe(300);
  });

  it('reads as a clock: mm:ss under an hour, h:mm:ss from an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(309)).toBe('05:09');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(36_000 + 61)).toBe('10:01:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
    expect(formatCountdown(59.9)).toBe('00:59');
  });
});

describe('format', () => {
  it('scores keep at most two decimals; rates are whole percentages; spans whole seconds', () => {
    expect(formatScore(3)).toBe('3');
    expect(formatScore(2.5)).toBe('2.5');
    expect(formatScore(1 / 3)).toBe('0.33');
    expect(formatScore(Number.NaN)).toBe('0');
    expect(correctRate(0, 0)).toBeNull();
    expect(correctRate(2, 3)).toBe(67);
    expect(correctRate(3, 3)).toBe(100);
    expect(spanSeconds(1000, null)).toBeNull();
    expect(spanSeconds(1000, 62_400)).toBe(61);
    expect(spanSeconds(5000, 1000)).toBe(0);
  });
});
