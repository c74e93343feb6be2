// Ability-matched draws in the simulator (docs/simulation.md "Ability-matched draws"): the draw takes the question
// of most information at the student's EAP estimate, papers and fixed lists keep the server's rule, and items
// calibrated from students' records order the questions as their true difficulties do.
import type { DrawRequest } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import type { Item } from '../ability/irt.js';
import { abilityDraw, abilityOn, calibrateFromLogs, productGuessing } from './sim-ability.js';
import { StudentLog } from './sim-log.js';
import { DEFAULT_MODEL } from './sim-params.js';
import { stream } from './sim-random.js';
import { buildWorld, type SourceQuestion } from './sim-world.js';

const fb = (id: string): SourceQuestion => ({
  id,
  knowledgeId: 'x.a',
  type: 'fillBlank',
  judgeType: 'auto',
  answer: [`w${id}`],
});
const world = buildWorld(DEFAULT_MODEL, 3, { questions: ['1', '2', '3', '4', '5', '6'].map(fb), edges: [] });
/** Calibrated items: from easy (1) to hard (6), equal slopes, no guessing. */
const items = new Map<string, Item>(['1', '2', '3', '4', '5', '6'].map((id, i) => [id, { a: 1.2, b: -2.5 + i, c: 0 }]));

const request = (over: Partial<DrawRequest> = {}): DrawRequest => ({
  phase: 'p',
  point: 'q',
  selectors: {},
  knowledgeIds: ['x'],
  kpRange: [],
  count: 1,
  exclude: [],
  ...over,
});

function logOf(rights: boolean[], questionId = '3') {
  const log = new StudentLog();
  rights.forEach((right, i) =>
    log.add({ questionId, code: 'x.a', trainingId: null, first: null, isCorrect: right, share: right ? 1 : 0, at: i }),
  );
  return log;
}

describe('ability-matched draws', () => {
  const draw = abilityDraw(() => items);
  const ctx = (log: StudentLog) => ({ seen: log.seen, seed: 1, drawNo: 0, paper: false });

  it('takes the question of most information at the estimate: the middle with no answers, harder after right ones', () => {
    const none = new StudentLog();
    expect(abilityOn(none, 'x.a', items, items.get('1')!).theta).toBeCloseTo(0, 9);
    // b = −0.5 and 0.5 are equally near 0: the server's order (least seen, then seeded) decides between them.
    expect(['3', '4']).toContain(draw(world, none, request(), ctx(none))[0]);
    const strong = logOf(Array<boolean>(12).fill(true));
    const theta = abilityOn(strong, 'x.a', items, items.get('1')!).theta;
    // θ ≈ 1.48: the nearest b is question 5's (1.5).
    expect(theta).toBeGreaterThan(1.2);
    expect(draw(world, strong, request(), ctx(strong))).toEqual(['5']);
    const weak = logOf(Array<boolean>(12).fill(false));
    expect(draw(world, weak, request({ count: 2 }), ctx(weak))).toEqual(['1', '2']);
  });

  it('reads only the latest answers: a student who got better is matched to harder questions', () => {
    const improved = logOf([...Array<boolean>(40).fill(false), ...Array<boolean>(20).fill(true)]);
    expect(abilityOn(improved, 'x.a', items, items.get('1')!).theta).toBeGreaterThan(1.2);
  });

  it('never draws an excluded question, and keeps fixed lists and papers as the server has them', () => {
    const log = logOf(Array<boolean>(12).fill(true));
    // θ ≈ 1.48: without 5 (b 1.5), 4 (b 0.5) is nearer than 6 (b 2.5).
    expect(draw(world, log, request({ exclude: ['5'] }), ctx(log))).toEqual(['4']);
    const fixed = request({ selectors: { questionIds: ['2', '1'] }, count: 2 });
    expect(draw(world, log, fixed, ctx(log))).toEqual(['2', '1']);
  });

  it('holds the guessing of a choice question at a blind pick', () => {
    const q = buildWorld(DEFAULT_MODEL, 1, {
      questions: [
        {
          id: '1',
          knowledgeId: 'x',
          type: 'singleChoice',
          judgeType: 'auto',
          answer: ['A'],
          options: ['A', 'B', 'C', 'D'].map((key) => ({ key })),
        },
        { id: '2', knowledgeId: 'x', type: 'trueFalse', judgeType: 'auto', answer: ['T'] },
        fb('3'),
      ],
      edges: [],
    });
    expect(['1', '2', '3'].map((id) => productGuessing(q.byId.get(id)!))).toEqual([0.25, 0.5, 0]);
  });
});

describe('calibration from students records', () => {
  it('orders the questions as their true difficulties', () => {
    const rng = stream(5, 'calibration');
    const logs = Array.from({ length: 400 }, () => {
      const log = new StudentLog();
      const theta = rng.normal();
      for (const q of world.questions) {
        const { a, b, c } = q.parts[0].item;
        const p = c + (1 - c) / (1 + Math.exp(-DEFAULT_MODEL.scale * a * (theta - b)));
        const right = rng.chance(p);
        log.add({
          questionId: q.id,
          code: q.code,
          trainingId: null,
          first: null,
          isCorrect: right,
          share: right ? 1 : 0,
          at: 0,
        });
      }
      return log;
    });
    const fitted = calibrateFromLogs(world, logs);
    const rank = (values: number[]) => values.map((v) => values.filter((w) => w < v).length);
    const truth = rank(world.questions.map((q) => q.parts[0].item.b));
    const got = rank(world.questions.map((q) => fitted.get(q.id)!.b));
    // Spearman's rho from the rank differences.
    const n = truth.length;
    const rho = 1 - (6 * truth.reduce((s, r, i) => s + (r - got[i]) ** 2, 0)) / (n * (n * n - 1));
    expect(rho).toBeGreaterThan(0.8);
    for (const item of fitted.values()) expect(item.answers).toBe(400);
  });
});
