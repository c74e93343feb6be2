// The counted answers' tally (one pass on every answer) against the definitions it replaces: the counted answers
// (engine `countedAnswers`), those right, those waiting for a teacher, and their credit (`creditOf`).
import { countedAnswers, creditOf, type TrainingAnswer, type TrainingState } from '@edu/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerTally } from './training-view.js';

const answerArb: fc.Arbitrary<TrainingAnswer> = fc
  .record({
    questionId: fc.constantFrom('1', '2', '3', '4', '5'),
    first: fc.boolean(),
    isCorrect: fc.constantFrom(true, false, null),
    score: fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: null }),
    mark: fc.option(fc.constantFrom(1, 2.5, 3, 15), { nil: undefined }),
  })
  .map(({ mark, ...a }) => ({
    ...a,
    phase: '一',
    point: 'A',
    visit: 1,
    at: 0,
    ...(mark === undefined ? {} : { mark }),
  }));

describe('answerTally', () => {
  it('equals the counted answers, the right ones, the waiting ones and their credit, for both kinds', () => {
    fc.assert(
      fc.property(fc.array(answerArb, { maxLength: 40 }), fc.constantFrom('general', 'paper'), (answers, type) => {
        const scheme = { type } as const;
        const state = { answers } as unknown as TrainingState;
        const counted = countedAnswers(scheme, state);
        expect(answerTally(scheme, state)).toEqual({
          answered: counted.length,
          correct: counted.filter((a) => a.isCorrect === true).length,
          credit: creditOf(counted),
          pending: counted.filter((a) => a.score === null).length,
        });
      }),
      { numRuns: 500 },
    );
  });
});
