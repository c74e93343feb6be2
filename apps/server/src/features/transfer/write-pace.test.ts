// The pace of an import's writes: steps sized to the target time, rests bounded by a multiple of the step and
// cut short when the last request in progress ends (write-pace.ts, docs/jobs.md "Imports").
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
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('is quiet at once when no request is in progress, else after at most the given time', async () => {
    const activity = new RequestActivity();
    await activity.quiet(60_000);
    vi.useFakeTimers();
    // A request that never ends (as seen by the counter).
    (activity as unknown as { active: number }).active = 1;
    let quiet = false;
    const waiting = activity.quiet(100).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(quiet).toBe(true);
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
    const waiting = activity.quiet(60_000).then(() => (quiet = true));
    await new Promise((r) => setImmediate(r));
    expect(quiet).toBe(false);
    answer!();
    await waiting;
    await response;
    expect(activity.inProgress).toBe(0);
  });
});
