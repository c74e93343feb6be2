import { STATS_THRESHOLDS } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { fixedPositions, flagOf } from './scheme-stats.policy.js';

describe('flagOf', () => {
  const q = (attempts: number, facility: number | null, discrimination: number | null = null) => ({
    attempts,
    facility,
    discrimination,
  });

  it('flags nothing below the minimum number of first attempts', () => {
    expect(flagOf(q(STATS_THRESHOLDS.minAttempts - 1, 0, -50))).toBeNull();
  });

  it('puts a negative discrimination first, then a low one, then facility', () => {
    expect(flagOf(q(5, 0.1, -1))).toBe('negative_discrimination');
    expect(flagOf(q(5, 0.1, 19.9))).toBe('low_discrimination');
    expect(flagOf(q(5, 0.19, 20))).toBe('too_hard');
    expect(flagOf(q(5, 0.96, 60))).toBe('too_easy');
  });

  it('keeps the thresholds themselves unflagged', () => {
    expect(flagOf(q(5, 0.2, 20))).toBeNull();
    expect(flagOf(q(5, 0.95, null))).toBeNull();
  });

  it('judges general schemes (no discrimination) by facility alone', () => {
    expect(flagOf(q(9, 1, null))).toBe('too_easy');
    expect(flagOf(q(9, 0.5, null))).toBeNull();
  });
});

describe('fixedPositions', () => {
  it('numbers the fixed lists in phase and point order, each question once', () => {
    const point = (ids?: string[]) => ({
      name: 'p',
      onOK: '@next',
      onError: '@next',
      selectors: ids ? { questionIds: ids } : {},
      repeat: 1,
      judgeWay: 'once' as const,
      requireCorrect: 0,
    });
    const phases = [
      { phase: 'a', knowledgeIds: [], timeLimit: 0, points: [point(['7', '3']), point()] },
      { phase: 'b', knowledgeIds: [], timeLimit: 0, points: [point(['3', '9'])] },
    ];
    expect([...fixedPositions({ phases })]).toEqual([
      ['7', 1],
      ['3', 2],
      ['9', 3],
    ]);
  });
});
