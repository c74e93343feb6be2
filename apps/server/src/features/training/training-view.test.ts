// The counted answers' tally (one pass on every answer) against the definitions it replaces: the counted answers
// (engine `countedAnswers`), those right, those waiting for a teacher, and their credit (`creditOf`); and a tally
// carried from an earlier state of the training equal, to the bit, to the whole pass over the later one.
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
        expect(answerTally(scheme, state)).toMatchObject({
          answered: counted.length,
          correct: counted.filter((a) => a.isCorrect === true).length,
          credit: creditOf(counted),
          pending: counted.filter((a) => a.score === null).length,
        });
      }),
      { numRuns: 500 },
    );
  });

  it("extends an earlier state's tally to exactly the whole pass's (the answering copy's tally)", () => {
    fc.assert(
      fc.property(
        fc.array(answerArb, { maxLength: 40 }),
        fc.array(fc.nat(40), { maxLength: 4 }),
        fc.constantFrom('general', 'paper'),
        (answers, cuts, type) => {
          const scheme = { type } as const;
          const stateOf = (n: number) => ({ answers: answers.slice(0, n) }) as unknown as TrainingState;
          // The tally carried from state to state, as one answer after another carries it.
          let carried = answerTally(scheme, stateOf(0));
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            carried = answerTally(scheme, stateOf(Math.min(cut, answers.length)), carried);
            expect(carried).toEqual(answerTally(scheme, stateOf(Math.min(cut, answers.length))));
          }
          expect(answerTally(scheme, stateOf(answers.length), carried)).toEqual(
            answerTally(scheme, stateOf(answers.length)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
