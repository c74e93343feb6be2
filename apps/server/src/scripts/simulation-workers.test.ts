// The demo simulation across worker threads (docs/simulation.md "Speed"): the same report whatever the number of
// workers, a calibration cohort (ability-matched draws) included.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../features/simulation/sim-params.js';
import { DEFAULT_OPTIONS } from '../features/simulation/simulation.js';
import { pieces, simulateDemo, type DemoRunSpec } from './simulation-workers.js';

const spec: DemoRunSpec = {
  model: DEFAULT_MODEL,
  options: { ...DEFAULT_OPTIONS, students: 6, days: 2 },
  perPoint: 0,
  names: ['demo-adaptive', 'ability-matched'],
  files: [],
};

describe('the demo simulation on worker threads', () => {
  it('splits a cohort into contiguous pieces, one per worker, none empty', () => {
    expect(pieces(6, 2)).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
    ]);
    expect(pieces(7, 3)).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 4, to: 7 },
    ]);
    expect(pieces(2, 4)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
  });

  it('gives the same report, byte for byte, on one thread and on two workers', async () => {
    const one = JSON.stringify(await simulateDemo(spec, 1));
    const two = JSON.stringify(await simulateDemo(spec, 2));
    expect(two).toBe(one);
    const report = JSON.parse(one) as Awaited<ReturnType<typeof simulateDemo>>;
    expect(report.strategies.map((s) => [s.name, s.students])).toEqual([
      ['demo-adaptive', 6],
      ['ability-matched', 6],
    ]);
    expect(report.strategies[0].meanAnswers).toBeGreaterThan(0);
  }, 120_000);
});
