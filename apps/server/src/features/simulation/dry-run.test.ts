// The dry run's core (docs/simulation.md "Dry run of a scheme") on a small world: progress to the end in slices, a
// stop between slices when aborted, the same figures for the same seed, and a visit cap hit by a point that loops.
import type { EngineScheme } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { dryRun } from './dry-run.js';
import { DEFAULT_MODEL } from './sim-params.js';
import { buildWorld } from './sim-world.js';
import { singleChoiceSource } from './sim-fixtures.test-helper.js';

const sc = singleChoiceSource;
const world = buildWorld(DEFAULT_MODEL, 7, {
  questions: Array.from({ length: 30 }, (_, i) => sc(String(i + 1), i < 15 ? 'x.a' : 'x.b')),
  edges: [],
});

/** One point that asks 2 right of 2 and goes back to itself on an error: with 30 questions it meets the cap. */
const looping: EngineScheme = {
  type: 'general',
  initPhase: 'p',
  initPoint: 'loop',
  timeLimit: 0,
  kpRange: ['x'],
  phases: [
    {
      phase: 'p',
      knowledgeIds: [],
      timeLimit: 0,
      points: [
        {
          name: 'loop',
          selectors: {},
          repeat: 2,
          judgeWay: 'once',
          requireCorrect: 2,
          onOK: '@end',
          onError: 'loop',
        },
      ],
    },
  ],
};

describe('dryRun', () => {
  it('reports progress up to every student of the scheme and the paper, and loops that meet the cap', async () => {
    const seen: [number, number][] = [];
    const r = await dryRun(world, looping, {
      students: 120,
      spread: 'weak',
      progress: (d, t) => void seen.push([d, t]),
    });
    expect(seen.at(-1)).toEqual([240, 240]);
    expect(seen.every(([d], i) => i === 0 || d > seen[i - 1][0])).toBe(true);
    const stuck = r.stuck.find((s) => s.point === 'loop')!;
    // Weak students miss often: some enter the point the engine's maximum 5 times.
    expect(stuck.capped).toBeGreaterThan(0);
    expect(stuck.looped).toBeGreaterThanOrEqual(stuck.capped);
    expect(r.paper!.questionCount).toBe(30);
    expect(r.points.map((p) => p.code)).toEqual(['x.a', 'x.b']);
  });

  it('gives the same figures for the same seed and stops when aborted', async () => {
    const a = await dryRun(world, looping, { students: 40, spread: 'mix', seed: 3 });
    const b = await dryRun(world, looping, { students: 40, spread: 'mix', seed: 3 });
    expect({ ...a, seconds: 0 }).toEqual({ ...b, seconds: 0 });
    const abort = new AbortController();
    abort.abort(new Error('stop'));
    await expect(dryRun(world, looping, { students: 40, spread: 'mix', signal: abort.signal })).rejects.toThrow('stop');
  });
});
