import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneData, cloneState } from './clone.js';

/** Every object and array reachable from a value. */
function containers(value: unknown, out: unknown[] = []): unknown[] {
  if (typeof value !== 'object' || value === null) return out;
  out.push(value);
  for (const v of Object.values(value)) containers(v, out);
  return out;
}

describe('cloneData', () => {
  it('copies a training state deeply', () => {
    const state = {
      status: 'running',
      pending: { kind: 'answer', questionId: '7' },
      drawn: ['7', '8'],
      visit: { phase: 'p', point: 'a', n: 1, questionIds: ['7', '8'] },
      entries: { 'p/a': 1 },
      answers: [{ questionId: '6', score: null, isCorrect: false, first: true }],
      endedAt: null,
    };
    const copy = cloneData(state);
    expect(copy).toEqual(state);
    copy.drawn.push('9');
    copy.answers[0].first = false;
    copy.entries['p/a'] = 2;
    expect(state.drawn).toEqual(['7', '8']);
    expect(state.answers[0].first).toBe(true);
    expect(state.entries['p/a']).toBe(1);
  });

  it('keeps an own "__proto__" key a key', () => {
    const value = JSON.parse('{"__proto__": {"a": 1}, "b": [1]}') as Record<string, unknown>;
    const copy = cloneData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'b']);
    expect(copy).toStrictEqual(structuredClone(value));
  });

  it('equals structuredClone on any JSON value and shares no object or array with it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneData(value);
        expect(copy).toStrictEqual(structuredClone(value));
        const before = new Set(containers(value));
        expect(containers(copy).some((c) => before.has(c))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('cloneState', () => {
  it('copies all but the answers, whose array is new and whose elements are shared', () => {
    const state = {
      status: 'running',
      pending: { kind: 'answer', questionId: '7' },
      drawn: ['7', '8'],
      entries: { 'p/a': 1 },
      answers: [{ questionId: '6', score: null as number | null, isCorrect: false, first: true }],
      endedAt: null,
    };
    const copy = cloneState(state);
    expect(copy).toEqual(state);
    expect(Object.keys(copy)).toEqual(Object.keys(state));
    copy.drawn.push('9');
    copy.entries['p/a'] = 2;
    copy.pending.questionId = '8';
    copy.answers.push({ questionId: '7', score: 1, isCorrect: true, first: true });
    expect(state.drawn).toEqual(['7', '8']);
    expect(state.entries['p/a']).toBe(1);
    expect(state.pending.questionId).toBe('7');
    expect(state.answers).toHaveLength(1);
    expect(copy.answers[0]).toBe(state.answers[0]);
  });

  it('equals cloneData on any JSON value with an answers list', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()), (rest, answers) => {
        const state = { ...rest, answers } as Record<string, unknown>;
        expect(cloneState(state)).toStrictEqual(cloneData(state));
      }),
    );
  });
});
