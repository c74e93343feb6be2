// Properties every judge keeps, whatever the question and the submission.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JudgeResult } from '../schemas/question.js';
import { judgeFillBlank, judgeMultipleChoice, judgeQuestion, judgeSingleChoice, judgeTranslation } from './index.js';
import { splitAlternatives } from '../schemas/question-rules.js';
import { answerArb, blankArb, subsArb, validFieldsArb, wordArb, type ValidFields } from './test-arbitraries.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const letterSetArb = fc.subarray(LETTERS, { minLength: 1 });
const FULL_WIDTH: Record<string, string> = { A: 'Ａ', B: 'Ｂ', C: 'Ｃ', D: 'Ｄ', E: 'Ｅ', F: 'Ｆ' };

/** The same letters, shuffled, some repeated, in any case or width, padded with whitespace. */
const disguisedArb = (letters: string[]) =>
  fc
    .tuple(
      fc.shuffledSubarray(letters, { minLength: letters.length }),
      fc.array(fc.constantFrom(...(letters.length ? letters : ['A'])), { maxLength: 3 }),
    )
    .chain(([shuffled, repeats]) => {
      const all = letters.length ? [...shuffled, ...repeats] : [];
      return fc.tuple(...all.map((l) => fc.constantFrom(l, l.toLowerCase(), FULL_WIDTH[l], ` ${l} `, `\t${l}`)));
    });

describe('choice judging', () => {
  it('is invariant under permutation, duplication, case, width and whitespace of the submission', () => {
    fc.assert(
      fc.property(
        letterSetArb,
        fc.subarray(LETTERS).chain((s) => fc.tuple(fc.constant(s), disguisedArb(s))),
        (std, [plain, disguised]) => {
          for (const judge of [judgeSingleChoice, judgeMultipleChoice]) {
            const a = judge({ answer: std }, plain);
            const b = judge({ answer: std }, disguised);
            expect(b.isCorrect).toBe(a.isCorrect);
            expect(b.score).toBe(a.score);
          }
        },
      ),
    );
  });

  it('is right exactly when the letter sets are equal', () => {
    fc.assert(
      fc.property(letterSetArb, fc.subarray(LETTERS), (std, sub) => {
        const equal = std.length === sub.length && std.every((l) => sub.includes(l));
        expect(judgeMultipleChoice({ answer: std }, sub).isCorrect).toBe(equal);
      }),
    );
  });
});

/** A submission that matches the standard answer of a (sub-)question of a given type. */
function matching(type: string, answer: string[], pick: number): string[] {
  if (type === 'fillBlank')
    return answer.map((blank) => {
      const alternatives = splitAlternatives(blank);
      return alternatives[pick % alternatives.length];
    });
  return [...answer];
}

const submissionFor = (q: ValidFields, pick: number) => ({
  answer: matching(q.type, q.answer, pick),
  subAnswers: Object.fromEntries(q.questionSub.map((s) => [s.questionSubId ?? '', matching(s.type, s.answer, pick)])),
});

const judgeable = (q: ValidFields) => ({
  ...q,
  questionSub: q.questionSub.map((s) => ({ ...s, questionSubId: s.questionSubId ?? '' })),
});

describe('all types', () => {
  it('judges the standard answer (any alternative) right with score 1, unless a teacher must judge', () => {
    fc.assert(
      fc.property(validFieldsArb, fc.nat(), (q, pick) => {
        const r = judgeQuestion(judgeable(q), submissionFor(q, pick));
        if (r.pending) {
          expect(r.isCorrect).not.toBe(false);
          expect(
            q.judgeType === 'manual' || q.type === 'shortAnswer' || q.questionSub.some((s) => s.type === 'shortAnswer'),
          ).toBe(true);
        } else expect(r).toMatchObject({ isCorrect: true, score: 1 });
      }),
    );
  });

  it('keeps scores in [0, 1], isCorrect ⇔ score 1 for auto-judged results, and the result schema', () => {
    fc.assert(
      fc.property(
        validFieldsArb,
        answerArb,
        fc.dictionary(fc.constantFrom('s0', 's1', 's2', 'x'), answerArb),
        (q, answer, subAnswers) => {
          const r = judgeQuestion(judgeable(q), { answer, subAnswers });
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(1);
          if (r.pending) expect(r.isCorrect === true).toBe(false);
          else expect(r.isCorrect).toBe(r.score === 1);
          expect(r.submitAnswer).toEqual(answer);
          expect(JudgeResult.safeParse(r).success).toBe(true);
        },
      ),
    );
  });

  it('judges an empty submission wrong or pending, never right', () => {
    fc.assert(
      fc.property(validFieldsArb, fc.constantFrom([], [''], ['  ']), (q, answer) => {
        const r = judgeQuestion(judgeable(q), { answer });
        expect(r.isCorrect).not.toBe(true);
        expect(r.score).toBe(0);
      }),
    );
  });
});

describe('fillBlank', () => {
  it('scores the fraction of blanks matched', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(blankArb, fc.boolean()), { minLength: 1, maxLength: 5 }), (blanks) => {
        const answer = blanks.map(([b]) => b);
        const submitted = blanks.map(([b, right]) => (right ? splitAlternatives(b)[0] : `${b}✗`));
        const r = judgeFillBlank({ answer }, submitted);
        expect(r.score).toBeCloseTo(blanks.filter(([, right]) => right).length / blanks.length, 12);
      }),
    );
  });
});

describe('translation', () => {
  it('is right on the reference itself and on an upper-cased, re-spaced copy of it', () => {
    fc.assert(
      fc.property(wordArb, (ref) => {
        expect(judgeTranslation({ answer: [ref] }, [ref])).toMatchObject({
          isCorrect: true,
          score: 1,
          similarity: 100,
        });
        expect(judgeTranslation({ answer: [ref] }, [`  ${ref.toUpperCase()} `])).toMatchObject({ isCorrect: true });
      }),
    );
  });
});

describe('enReading', () => {
  it('scores the mean of its sub-scores, and isCorrect only when every sub-question is right', () => {
    fc.assert(
      fc.property(subsArb, fc.dictionary(fc.constantFrom('s0', 's1', 's2', 's3'), answerArb), (subs, subAnswers) => {
        const r = judgeQuestion(
          { type: 'enReading', judgeType: 'auto', answer: [], questionSub: subs },
          { subAnswers },
        );
        const scores = (r.subResults ?? []).map((s) => s.score);
        expect(scores).toHaveLength(subs.length);
        expect(r.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 12);
        expect(r.isCorrect === true).toBe(r.subResults?.every((s) => s.isCorrect === true));
        expect(r.pending).toBe(r.subResults?.some((s) => s.pending));
      }),
    );
  });
});
