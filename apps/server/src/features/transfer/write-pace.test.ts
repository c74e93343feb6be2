// The pace of an import's writes: steps sized to the target time, rests bounded by a multiple of the step and
// cut short once no request has been in progress for a moment (write-pace.ts, docs/jobs.md "Imports").
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paced, RequestActivity, type WritePace } from './write-pace.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('paced', () => {
  it('sizes each step from the last one to the target time, within the bounds, and stops at 0', async () => {
    let clock = 0;
    const left = { n: 1000 };
    const sizes: number[] = [];
    const rests: number[] = [];
    const pace: WritePace = { stepMs: 10, rest: 2, quiet: async (ms) => void rests.push(ms) };
    // A step costs 0.5 ms per item.
    const step = async (size: number) => {
      const n = Math.min(size, left.n);
      sizes.push(size);
      left.n -= n;
      clock += n * 0.5;
      return n;
    };
    const done = await paced(pace, { first: 50, min: 10, max: 500 }, step, undefined, () => clock);
    expect(done).toBe(1000);
    expect(sizes.slice(0, 3)).toEqual([50, 20, 20]);
    // After a step of t ms, a rest of at most 2·t.
    expect(rests.slice(0, 2)).toEqual([50, 20]);
    expect(sizes.at(-1)).toBe(20);
  });

  it('keeps to the smallest step however slow one is, and to the largest however fast', async () => {
    let clock = 0;
    const sizes: number[] = [];
    const run = (msPerItem: number, total: number) => {
      let left = total;
      sizes.length = 0;
      return paced(
        { stepMs: 10, rest: 0, quiet: async () => undefined },
        { first: 50, min: 10, max: 100 },
        async (size) => {
          const n = Math.min(size, left);
          sizes.push(size);
          left -= n;
          clock += n * msPerItem;
          return n;
        },
        undefined,
        () => clock,
      );
    };
    expect(await run(5, 100)).toBe(100);
    expect(Math.min(...sizes)).toBe(10);
    expect(await run(0.001, 1000)).toBe(1000);
    expect(Math.max(...sizes)).toBe(100);
  });
});

describe('RequestActivity', () => {
  let server: Server | undefined;
  afterEach(
    () =>
      new Promise<void>((r) => {
        server?.closeAllConnections();
        return server ? server.close(() => r()) : r();
      }),
  );

  it('is quiet at once before any request; else after a gap with none in progress, or at most the given time', async () => {
    vi.useFakeTimers();
    const activity = new RequestActivity(() => Date.now());
    const settled = (p: Promise<void>) => {
      const state = { done: false };
      void p.then(() => (state.done = true));
      return state;
    };
    const first = settled(activity.quiet(60_000, 10));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.done).toBe(true);

    // A request that does not end: the rest runs out.
    activity.begin();
    const busy = settled(activity.quiet(100, 10));
    await vi.advanceTimersByTimeAsync(99);
    expect(busy.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(busy.done).toBe(true);

    // It ends: quiet once none has been in progress for the gap, not at the moment it ends.
    const gap = settled(activity.quiet(1000, 10));
    await vi.advanceTimersByTimeAsync(50);
    activity.end();
    await vi.advanceTimersByTimeAsync(9);
    expect(gap.done).toBe(false);
    // Another request in the gap starts the wait again.
    activity.begin();
    await vi.advanceTimersByTimeAsync(5);
    activity.end();
    await vi.advanceTimersByTimeAsync(9);
    expect(gap.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(gap.done).toBe(true);
  });

  it('counts the requests a server receives until their responses close, and wakes the waiter then', async () => {
    const activity = new RequestActivity();
    let answer: (() => void) | undefined;
    const received = new Promise<void>((r) => {
      server = createServer((_req, res) => {
        answer = () => res.end('ok');
        r();
      });
    });
    activity.track(server!);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server!.address() as AddressInfo;
    const response = new Promise<void>((r) =>
      request({ port, host: '127.0.0.1' }, (res) => res.resume().on('end', r)).end(),
    );
    await received;
    expect(activity.inProgress).toBe(1);
    let quiet = false;
    const waiting = activity.quiet(60_000, 0).then(() => (quiet = true));
    await new Promise((r) => setImmediate(r));
    expect(quiet).toBe(false);
    answer!();
    await waiting;
    await response;
    expect(activity.inProgress).toBe(0);
  });
});
