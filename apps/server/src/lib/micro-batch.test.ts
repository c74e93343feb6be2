import { describe, expect, it } from 'vitest';
import { MicroBatch } from './micro-batch.js';

describe('MicroBatch', () => {
  it('answers keys queued in one turn with one run, each its own value in order', async () => {
    const runs: number[][] = [];
    const b = new MicroBatch<number, string>(async (keys) => {
      runs.push(keys);
      return keys.map((k) => `v${k}`);
    });
    const values = await Promise.all([1, 2, 3].map((k) => b.load(k)));
    expect(values).toEqual(['v1', 'v2', 'v3']);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('lets keys wait while the batches in flight run, then sends them together', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const b = new MicroBatch<number, number>(
      async (keys) => {
        runs.push(keys);
        if (runs.length === 1) await gate;
        return keys.map((k) => k * 10);
      },
      500,
      1,
    );
    const first = b.load(1);
    await new Promise((r) => setImmediate(r));
    const later = [2, 3, 4].map((k) => b.load(k));
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('splits batches at maxBatch and rejects every key of a failed batch', async () => {
    const runs: number[][] = [];
    const b = new MicroBatch<number, number>(
      async (keys) => {
        runs.push(keys);
        if (keys.includes(3)) throw new Error('boom');
        return keys;
      },
      2,
      5,
    );
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => b.load(k)));
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });
});
