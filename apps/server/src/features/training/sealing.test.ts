// The sealing rule's hold of an ended paper (docs/practice-engine.md "Sealing"): a handed-in paper holds its
// questions exactly while its corrections wait (corrections.ts), whatever the option that makes them wait.
import type { TrainingState } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { othersMayHold } from './sealing.repository.js';
import { heldBy, sealedQuestions, type HoldingReview, type HoldingTraining } from './sealing.js';
import type { TrainingSnapshot } from './training-scheme.js';

const NOW = Date.UTC(2026, 10, 29, 8);
const HOUR = 3600_000;
const DEFAULTS: HoldingReview = {
  reviewAfter: null,
  showScore: null,
  schemeOn: true,
  releasedAt: null,
  taskDeadline: null,
};

/** A handed-in paper that drew questions 1 and 2, with the review inputs given. */
function endedPaper(review: Partial<HoldingReview>, o: { task?: boolean } = {}): HoldingTraining {
  const state = { status: 'finished', drawn: ['1', '2'], phaseDeadline: null, schemeDeadline: null };
  return {
    id: 7,
    scheme: { type: 'paper', engine: {} } as unknown as TrainingSnapshot,
    state: state as unknown as TrainingState,
    task: o.task ?? false,
    review: { ...DEFAULTS, ...review },
  };
}

describe('an ended paper holds its questions while its corrections wait', () => {
  it.each<[string, Partial<HoldingReview>, boolean, string[]]>([
    ['after the hand-in (the default of a free paper)', {}, false, []],
    ['after the close, the scheme on', { reviewAfter: 'after-close' }, false, ['1', '2']],
    ['after the close, the scheme off', { reviewAfter: 'after-close', schemeOn: false }, false, []],
    ['a task paper before its deadline (its default)', { taskDeadline: NOW + HOUR }, true, ['1', '2']],
    ['a task paper at its deadline', { taskDeadline: NOW }, true, []],
    ['waiting for a release', { reviewAfter: 'teacher-release' }, false, ['1', '2']],
    ['released', { reviewAfter: 'teacher-release', releasedAt: NOW - 1 }, false, []],
    ['released early, before the task deadline', { taskDeadline: NOW + HOUR, releasedAt: NOW - 1 }, true, []],
  ])('%s', (_name, review, task, held) => {
    expect(heldBy(endedPaper(review, { task }), NOW)).toEqual(held);
  });

  it('holds nothing without review inputs, and the asking training never seals for itself', () => {
    const paper = { ...endedPaper({ reviewAfter: 'teacher-release' }), review: undefined };
    expect(heldBy(paper, NOW)).toEqual([]);
    const waiting = endedPaper({ reviewAfter: 'teacher-release' });
    expect([...sealedQuestions([waiting], NOW, waiting.id)]).toEqual([]);
    expect([...sealedQuestions([waiting], NOW, 99)]).toEqual(['1', '2']);
  });

  it('an ended general training holds nothing, whatever its review inputs', () => {
    const practice: HoldingTraining = {
      ...endedPaper({ reviewAfter: 'teacher-release' }, { task: true }),
      scheme: { type: 'general', engine: {} } as unknown as TrainingSnapshot,
    };
    expect(heldBy(practice, NOW)).toEqual([]);
  });
});

describe('the sealing predicates in the prepared statements (docs/performance.md "Request path")', () => {
  it('bind nothing but the time: the statuses are literals, so a generic plan may use the partial indexes', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(othersMayHold(sql.placeholder('now')));
    expect(params.map((p) => (p as { name?: string }).name)).toEqual(['now', 'now']);
    expect(text).toContain(`"holding"."status" = 'running'`);
    expect(text).toContain(`"holding"."status" <> 'running'`);
  });
});
