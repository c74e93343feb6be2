// The job queue on a real database (PGlite, or PostgreSQL with TEST_DB=postgres): claiming within the
// concurrency, results and Chinese failures, the heartbeat, the sweep of a stopped node's jobs at start,
// graceful shutdown and the time limit. Time is a manual clock; the time limit runs on fake timers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../lib/clock.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { JobFailure, JobQueue, JOB_MESSAGES, type JobHandler } from './job-queue.js';

let t: TestApp;
const clock = manualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
const queues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t.close();
});

function newQueue(kinds: Record<string, JobHandler>, concurrency = 1, soleNode = false): JobQueue {
  const q = new JobQueue(t.db, clock, { soleNode, staleMs: 60_000 });
  for (const [kind, handler] of Object.entries(kinds)) q.register(kind, handler, { concurrency, timeoutSeconds: 60 });
  queues.push(q);
  return q;
}

/** A promise a test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('JobQueue', () => {
  it('runs queued jobs at most `concurrency` at a time, oldest first, and stores results and progress', async () => {
    let now = 0;
    let most = 0;
    const order: unknown[] = [];
    const q = newQueue({
      'test.count': async ({ job, progress }) => {
        most = Math.max(most, ++now);
        order.push(job.payload.n);
        await progress({ processed: 1, total: 2, phase: 'counting' });
        await new Promise((r) => setImmediate(r));
        now--;
        return { doubled: Number(job.payload.n) * 2 };
      },
    });
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(await q.enqueue({ kind: 'test.count', payload: { n } }));
      clock.advance(1);
    }
    await q.drain();
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3]);
    const rows = await Promise.all(ids.map((id) => q.store.get(id)));
    expect(rows.map((r) => [r?.status, r?.result, r?.processed, r?.total, r?.phase])).toEqual([
      ['done', { doubled: 2 }, 1, 2, 'counting'],
      ['done', { doubled: 4 }, 1, 2, 'counting'],
      ['done', { doubled: 6 }, 1, 2, 'counting'],
    ]);
  });

  it('stores a JobFailure message as it is, and any other error as a generic Chinese message', async () => {
    const q = newQueue({
      'test.refuse': () => Promise.reject(new JobFailure('文件中没有题目')),
      'test.crash': () => Promise.reject(new TypeError('x is undefined')),
    });
    const refused = await q.enqueue({ kind: 'test.refuse', payload: {} });
    const crashed = await q.enqueue({ kind: 'test.crash', payload: {} });
    await q.drain();
    expect((await q.store.get(refused))?.message).toBe('文件中没有题目');
    expect(await q.store.get(crashed)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.unexpected });
  });

  it('a receiving job waits for release; only the owner node claims it once', async () => {
    let runs = 0;
    const handler: JobHandler = () => Promise.resolve({ run: ++runs });
    const a = newQueue({ 'test.once': handler });
    const b = newQueue({ 'test.once': handler });
    const id = await a.enqueue({ kind: 'test.once', payload: {}, receiving: true });
    await Promise.all([a.drain(), b.drain()]);
    expect((await a.store.get(id))?.status).toBe('receiving');
    expect(await a.release(id)).toBe(true);
    await Promise.all([a.drain(), b.drain(), a.pump(), b.pump()]);
    expect(runs).toBe(1);
    expect((await a.store.get(id))?.status).toBe('done');
  });

  it('a node that stopped beating has its running job failed by the next sweep (a restart), never left running', async () => {
    const stuck = gate();
    const dead = newQueue({ 'test.hang': () => stuck.opened.then(() => ({})) });
    const id = await dead.enqueue({ kind: 'test.hang', payload: {} });
    await dead.pump();
    expect(await dead.store.get(id)).toMatchObject({ status: 'running', node: dead.node });

    // Another node starts 30 s later: the job is still alive.
    clock.advance(30_000);
    const next = newQueue({ 'test.hang': () => Promise.resolve({}) });
    await next.start();
    expect((await next.store.get(id))?.status).toBe('running');
    // The first node beats at 50 s, then stops beating (killed); at 2 min the sweep fails the job.
    clock.advance(20_000);
    await dead.beat();
    clock.advance(59_000);
    expect(await next.sweep(false)).toEqual([]);
    clock.advance(2_000);
    expect(await next.sweep(false)).toEqual([id]);
    expect(await next.store.get(id)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.abandoned });
    // The dead node's late result does not resurrect it.
    stuck.open();
    await dead.drain();
    expect((await next.store.get(id))?.status).toBe('failed');
  });

  it('a PGlite process starting alone fails every running and receiving job at once', async () => {
    const stuck = gate();
    const old = newQueue({ 'test.hang2': () => stuck.opened.then(() => ({})) });
    const running = await old.enqueue({ kind: 'test.hang2', payload: {} });
    const receiving = await old.enqueue({ kind: 'test.hang2', payload: {}, receiving: true });
    await old.pump();
    const restarted = newQueue({}, 1, true);
    await restarted.start();
    for (const id of [running, receiving])
      expect(await restarted.store.get(id)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.abandoned });
    stuck.open();
    await old.drain();
  });

  it('stop() aborts the running jobs, which fail as interrupted, and claims nothing more', async () => {
    const handler: JobHandler = ({ signal }) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const q = newQueue({ 'test.long': handler });
    const first = await q.enqueue({ kind: 'test.long', payload: {} });
    const second = await q.enqueue({ kind: 'test.long', payload: {} });
    await q.pump();
    await q.stop();
    expect(await q.store.get(first)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.shutdown });
    expect((await q.store.get(second))?.status).toBe('queued');
    await q.store.update(second, { status: 'failed' });
  });

  it('cancel(): a running job is aborted and a queued one never runs; both fail as cancelled (docs/jobs.md "Cancelling")', async () => {
    let ran = 0;
    const q = newQueue({
      'test.cancel': ({ signal }) => {
        ran++;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    const running = await q.enqueue({ kind: 'test.cancel', payload: {} });
    const queued = await q.enqueue({ kind: 'test.cancel', payload: {} });
    await q.pump();
    expect((await q.store.get(running))?.status).toBe('running');
    expect(await q.cancel(queued)).toBe(true);
    expect(await q.cancel(running)).toBe(true);
    await q.drain();
    expect(ran).toBe(1);
    for (const id of [running, queued])
      expect(await q.store.get(id)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.cancelled });
    // A finished job is not cancelled again.
    expect(await q.cancel(running)).toBe(false);
  });

  it('cancel() leaves a job that reached its final phase, and one another node runs fails in the table', async () => {
    const q = newQueue({});
    const id = await q.enqueue({ kind: 'test.elsewhere', payload: {} });
    await q.store.update(id, { status: 'running', node: 'other-node', phase: 'saving' });
    expect(await q.cancel(id, 'saving')).toBe(false);
    expect((await q.store.get(id))?.status).toBe('running');
    await q.store.update(id, { phase: 'checking' });
    expect(await q.cancel(id, 'saving')).toBe(true);
    expect(await q.store.get(id)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.cancelled });
  });

  it('a job past its time limit is aborted and fails naming the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const q = newQueue({
        'test.slow': ({ signal }) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      });
      const id = await q.enqueue({ kind: 'test.slow', payload: {} });
      await q.pump();
      vi.advanceTimersByTime(60_000);
      await q.drain();
      expect(await q.store.get(id)).toMatchObject({ status: 'failed', message: JOB_MESSAGES.timeout(60) });
    } finally {
      vi.useRealTimers();
    }
  });
});
