import { afterEach, describe, expect, it, vi } from 'vitest';
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
      { maxInFlight: 1 },
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
      { maxBatch: 2, maxInFlight: 5 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => b.load(k)));
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });

  describe('lingering while busy', () => {
    afterEach(() => vi.useRealTimers());
    const recording = (lingerMs?: number) => {
      const runs: number[][] = [];
      const b = new MicroBatch<number, number>(
        async (keys) => {
          runs.push(keys);
          return keys;
        },
        lingerMs === undefined ? {} : { lingerMs },
      );
      return { runs, b };
    };

    it('sends a key after a quiet spell at the end of its turn, without a timer', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
      const { runs, b } = recording();
      const value = b.load(1);
      await vi.advanceTimersToNextTimerAsync();
      expect(await value).toBe(1);
      expect(runs).toEqual([[1]]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('gathers the keys that trickle in within lingerMs of a batch sent just before', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
      const { runs, b } = recording(2);
      await Promise.all([b.load(1), vi.advanceTimersToNextTimerAsync()]);
      const trickle = [b.load(2)];
      await vi.advanceTimersByTimeAsync(1);
      trickle.push(b.load(3));
      await vi.advanceTimersByTimeAsync(0.5);
      expect(runs).toEqual([[1]]);
      trickle.push(b.load(4));
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all(trickle)).toEqual([2, 3, 4]);
      expect(runs).toEqual([[1], [2, 3, 4]]);
      // Quiet again: the next key goes at once.
      await vi.advanceTimersByTimeAsync(50);
      const late = b.load(5);
      await vi.advanceTimersByTimeAsync(0);
      expect(await late).toBe(5);
      expect(runs).toEqual([[1], [2, 3, 4], [5]]);
    });

    it('never lingers with lingerMs 0', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
      const { runs, b } = recording(0);
      await Promise.all([b.load(1), vi.advanceTimersToNextTimerAsync()]);
      const next = b.load(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(await next).toBe(2);
      expect(runs).toEqual([[1], [2]]);
    });
  });
});
