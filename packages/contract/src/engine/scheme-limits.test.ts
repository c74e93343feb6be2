// The schema and the engine state a point's limits with the same numbers and words (scheme-limits.ts).
import { describe, expect, it } from 'vitest';
import { OrderedSchemeSubmit, Point } from '../schemas/scheme.js';
import {
  MAX_PAPER_QUESTIONS,
  MAX_REPEAT,
  PAPER_SIZE_MESSAGE,
  REPEAT_BOUND_MESSAGE,
  REPEAT_MESSAGE,
} from './scheme-limits.js';
import { validateScheme } from './validate.js';

const point = (repeat: unknown) => ({
  name: 'A',
  onOK: '@end',
  onError: '@end',
  selectors: {},
  repeat,
  judgeWay: 'once',
  requireCorrect: 0,
});
const general = (repeat: number) =>
  ({
    type: 'general',
    timeLimit: 0,
    initPhase: 'P',
    initPoint: 'A',
    kpRange: [],
    phases: [{ phase: 'P', knowledgeIds: [], timeLimit: 0, points: [point(repeat)] }],
  }) as unknown as Parameters<typeof validateScheme>[0];
const schemaMessages = (repeat: unknown) => Point.safeParse(point(repeat)).error?.issues.map((i) => i.message) ?? [];

describe('scheme limits: one source', () => {
  it('the messages state the limits the checks use', () => {
    expect(REPEAT_MESSAGE).toContain(`1 到 ${MAX_REPEAT}`);
    expect(REPEAT_BOUND_MESSAGE).toContain(String(MAX_PAPER_QUESTIONS));
    expect(REPEAT_BOUND_MESSAGE).toContain(`1 到 ${MAX_REPEAT}`);
    expect(PAPER_SIZE_MESSAGE).toContain(String(MAX_PAPER_QUESTIONS));
  });

  it(`a general point: ${MAX_REPEAT} passes, ${MAX_REPEAT + 1} is refused by the engine with the rule's message`, () => {
    expect(validateScheme(general(MAX_REPEAT))).toEqual([]);
    expect(validateScheme(general(MAX_REPEAT + 1))).toContainEqual({
      field: 'phases[0].points[0].repeat',
      message: REPEAT_MESSAGE,
    });
  });

  it('the schema speaks of the same limits: below 1 and non-integers the rule, past every bound both', () => {
    expect(schemaMessages(MAX_REPEAT + 1)).toEqual([]);
    expect(schemaMessages(0)).toEqual([REPEAT_MESSAGE]);
    expect(schemaMessages(2.5)).toEqual([REPEAT_MESSAGE]);
    expect(schemaMessages('5')).toEqual([REPEAT_MESSAGE]);
    expect(schemaMessages(MAX_PAPER_QUESTIONS + 1)).toEqual([REPEAT_BOUND_MESSAGE]);
  });

  it('a paper holds at most MAX_PAPER_QUESTIONS questions', () => {
    const paper = (n: number) => ({
      title: '试卷',
      questionIds: Array.from({ length: n }, (_, i) => String(i + 1)),
      trainRepoId: '1',
    });
    expect(OrderedSchemeSubmit.safeParse(paper(MAX_PAPER_QUESTIONS)).success).toBe(true);
    expect(OrderedSchemeSubmit.safeParse(paper(MAX_PAPER_QUESTIONS + 1)).error?.issues[0].message).toBe(
      PAPER_SIZE_MESSAGE,
    );
  });
});
