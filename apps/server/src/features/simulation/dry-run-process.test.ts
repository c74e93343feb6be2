// The dry run's child process (docs/simulation.md "Dry run of a scheme"): it answers what the same run answers in
// the server's process, with progress to the end; an abort kills it and rejects with the abort's reason; a child out
// of heap fails with the Chinese message naming the limit.
import type { EngineScheme } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { JobFailure } from '../../jobs/job-queue.js';
import { dryRun } from './dry-run.js';
import { DRY_RUN_PROCESS_MESSAGES, runDryRunProcess } from './dry-run-process.js';
import type { DryRunData } from './dry-run-protocol.js';
import { DEFAULT_MODEL } from './sim-params.js';
import { buildWorld } from './sim-world.js';
import { singleChoiceSource } from './sim-fixtures.test-helper.js';

const sc = singleChoiceSource;
const engine: EngineScheme = {
  type: 'general',
  initPhase: 'p',
  initPoint: 'a',
  timeLimit: 0,
  kpRange: ['x'],
  phases: [
    {
      phase: 'p',
      knowledgeIds: [],
      timeLimit: 0,
      points: [
        { name: 'a', selectors: {}, repeat: 3, judgeWay: 'once', requireCorrect: 2, onOK: '@end', onError: 'a' },
      ],
    },
  ],
};
const data = (students: number): DryRunData => ({
  questions: Array.from({ length: 30 }, (_, i) => sc(i + 1, i < 15 ? 'x.a' : 'x.b')),
  edges: [['x.a', 'x.b']],
  engine,
  students,
  spread: 'mix',
  seed: 1,
});
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('runDryRunProcess', () => {
  it('answers the same figures as the run in this process, with progress to the end', async () => {
    const seen: [number, number][] = [];
    const d = data(60);
    const r = await runDryRunProcess({
      data: d,
      memoryMb: 256,
      onProgress: async (p, t) => void seen.push([p, t]),
      signal: new AbortController().signal,
    });
    const here = await dryRun(buildWorld(DEFAULT_MODEL, 1, d), engine, { students: 60, spread: 'mix', seed: 1 });
    expect({ ...r, seconds: 0 }).toEqual({ ...here, seconds: 0 });
    expect(seen.at(-1)).toEqual([120, 120]);
  });

  it('kills the child when aborted and rejects with the reason', async () => {
    const abort = new AbortController();
    let pid = 0;
    const run = runDryRunProcess({
      data: data(10_000),
      memoryMb: 256,
      onProgress: async () => abort.abort(new Error('任务超过时限 60 秒')),
      signal: abort.signal,
      onSpawn: (p) => (pid = p),
    });
    await expect(run).rejects.toThrow('任务超过时限 60 秒');
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('fails with the memory message when the child runs out of heap', async () => {
    const run = runDryRunProcess({
      data: data(10),
      memoryMb: 4,
      onProgress: async () => {},
      signal: new AbortController().signal,
    });
    await expect(run).rejects.toThrow(new JobFailure(DRY_RUN_PROCESS_MESSAGES.memory(4)));
  });
});
