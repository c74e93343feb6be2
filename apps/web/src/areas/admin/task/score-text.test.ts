import { describe, expect, it } from 'vitest';
import { scoreText, taskScoreText } from './score-text';

describe('score texts', () => {
  it('reads no score as --, never as 0', () => {
    expect(scoreText({ score: null, maxScore: null })).toBe('--');
    expect(scoreText({ score: null, maxScore: 10 })).toBe('--');
    expect(taskScoreText({ taskScore: null })).toBe('--');
  });

  it('shows a score, a 0 included, over its maximum', () => {
    expect(scoreText({ score: 0, maxScore: 10 })).toBe('0 / 10');
    expect(scoreText({ score: 7.5, maxScore: 10 })).toBe('7.5 / 10');
    expect(taskScoreText({ taskScore: 0 })).toBe(0);
  });
});
