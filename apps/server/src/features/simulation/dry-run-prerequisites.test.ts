// Prerequisites in a scheme's dry run (docs/simulation.md "Dry run of a scheme", "The student model"): a scheme over
// two points where B requires A. With the edge, B is deeper in the graph (harder) and learnt through A's gate, so
// with the same seed fewer students truly master B, before and after the training, while A is untouched.
import type { EngineScheme } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { dryRun } from './dry-run.js';
import { DEFAULT_MODEL } from './sim-params.js';
import { buildWorld } from './sim-world.js';
import { singleChoiceSource } from './sim-fixtures.test-helper.js';

const sc = singleChoiceSource;
const questions = Array.from({ length: 40 }, (_, i) => sc(i + 1, i < 20 ? 'x.a' : 'x.b'));

const point = (name: string, onOK: string) => ({
  name,
  selectors: {},
  repeat: 4,
  judgeWay: 'once' as const,
  requireCorrect: 3,
  onOK,
  onError: name,
});
/** Phase A on x.a, then phase B on x.b: each point goes on when passed, back to itself on an error. */
const scheme: EngineScheme = {
  type: 'general',
  initPhase: 'A',
  initPoint: 'a',
  timeLimit: 0,
  kpRange: ['x'],
  phases: [
    { phase: 'A', knowledgeIds: ['x.a'], timeLimit: 0, points: [point('a', '@next')] },
    { phase: 'B', knowledgeIds: ['x.b'], timeLimit: 0, points: [point('b', '@end')] },
  ],
};

const run = (edges: [string, string][]) =>
  dryRun(buildWorld(DEFAULT_MODEL, 1, { questions, edges }), scheme, { students: 300, spread: 'typical', seed: 1 });

describe('dry run with prerequisites', () => {
  it('masters B less often when B requires A, and leaves A as it is', async () => {
    const world = buildWorld(DEFAULT_MODEL, 1, { questions, edges: [['x.a', 'x.b']] });
    expect(world.prerequisites.get('x.b')).toEqual([['x.a']]);
    expect(world.prerequisites.has('x.a')).toBe(false);

    const without = await run([]);
    const withEdge = await run([['x.a', 'x.b']]);
    const of = (r: typeof without, code: string) => r.points.find((p) => p.code === code)!;
    // The same students (same seed): A's difficulty and their abilities on it do not change.
    expect(of(withEdge, 'x.a').trueBefore).toBe(of(without, 'x.a').trueBefore);
    // B one level deeper in the graph is harder for every student, and is learnt through A's gate.
    expect(of(withEdge, 'x.b').trueBefore).toBeLessThan(of(without, 'x.b').trueBefore);
    expect(of(withEdge, 'x.b').trueAfter).toBeLessThan(of(without, 'x.b').trueAfter);
  });
});
