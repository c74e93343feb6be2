// The review rule (docs/practice-engine.md "Review options"), case by case: each option before and after its
// moment, the default per kind of paper, a release overriding the option, and a general training never held back.
import { CORRECTIONS_NOTICE } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { correctionsPending, correctionsVisible, correctionsWait, type PaperReview } from './corrections.js';

const NOW = 1_800_000_000_000;
const review = (over: Partial<PaperReview> = {}): PaperReview => ({
  paper: true,
  reviewAfter: null,
  showScore: null,
  schemeOn: true,
  releasedAt: null,
  taskDeadline: null,
  ...over,
});

describe('correctionsWait', () => {
  it('by default: a paper trained freely shows at once, a task’s paper at the deadline', () => {
    expect(correctionsWait(review(), NOW)).toBeNull();
    expect(correctionsWait(review({ taskDeadline: NOW + 1 }), NOW)).toBe('deadline');
    expect(correctionsWait(review({ taskDeadline: NOW }), NOW)).toBeNull();
  });

  it('after-hand-in shows at once, also for a task’s paper', () => {
    expect(correctionsVisible(review({ reviewAfter: 'after-hand-in', taskDeadline: NOW + 1 }), NOW)).toBe(true);
  });

  it('after-close: a paper trained freely while switched on waits; switched off (or gone) it shows', () => {
    expect(correctionsWait(review({ reviewAfter: 'after-close' }), NOW)).toBe('close');
    expect(correctionsWait(review({ reviewAfter: 'after-close', schemeOn: false }), NOW)).toBeNull();
    // A task's paper follows its deadline, not the switch.
    expect(correctionsWait(review({ reviewAfter: 'after-close', schemeOn: false, taskDeadline: NOW + 1 }), NOW)).toBe(
      'deadline',
    );
  });

  it('teacher-release waits for the release; a release shows any option at once', () => {
    expect(
      correctionsWait(review({ reviewAfter: 'teacher-release', schemeOn: false, taskDeadline: NOW - 1 }), NOW),
    ).toBe('release');
    expect(correctionsWait(review({ reviewAfter: 'teacher-release', releasedAt: NOW }), NOW)).toBeNull();
    expect(correctionsWait(review({ reviewAfter: 'after-close', releasedAt: NOW - 1 }), NOW)).toBeNull();
    expect(correctionsWait(review({ reviewAfter: 'teacher-release', releasedAt: NOW + 1 }), NOW)).toBe('release');
  });

  it('never holds back a general training', () => {
    expect(correctionsWait(review({ paper: false, reviewAfter: 'teacher-release' }), NOW)).toBeNull();
  });
});

describe('correctionsPending', () => {
  it('says when the corrections come, and whether the score waits with them', () => {
    expect(correctionsPending(review({ reviewAfter: 'teacher-release', showScore: 'with-corrections' }), NOW)).toEqual({
      wait: 'release',
      message: CORRECTIONS_NOTICE.release,
      scoreHidden: true,
    });
    expect(correctionsPending(review({ taskDeadline: NOW + 1 }), NOW)).toEqual({
      wait: 'deadline',
      message: '批改结果将在任务截止后公布',
      scoreHidden: false,
    });
    expect(correctionsPending(review(), NOW)).toBeUndefined();
    expect(correctionsPending(undefined, NOW)).toBeUndefined();
  });
});
