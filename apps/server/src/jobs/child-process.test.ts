// A job's child process (docs/jobs.md "Why a child process, not a worker thread"): its answer settles the job; a death
// whose stderr opens with V8's out-of-memory report fails with the memory message however long the report runs on; a
// send to a child that died already leaves the reason to its exit; any other death is the died message; an aborted
// job starts no child.
import { describe, expect, it } from 'vitest';
import { runChildProcess, type ChildRun } from './child-process.js';
import { JobFailure } from './job-queue.js';

type To = { type: 'start'; mode: 'answer' | 'oom' | 'die' } | { type: 'more' };
type From = { type: 'done'; result: number };

const messages = { memory: (mb: number) => `内存超过上限 ${mb} MB`, died: '进程意外退出' };

const run = (start: (r: ChildRun<To, number>) => void, signal = new AbortController().signal) => {
  let spawned = false;
  const done = runChildProcess<From, To, number>({
    worker: new URL('./child-process.test-worker.js', import.meta.url),
    memoryMb: 64,
    signal,
    onSpawn: () => (spawned = true),
    messages,
    onMessage: (m, r) => r.done(m.result),
    start,
  });
  return { done, spawned: () => spawned };
};

describe('runChildProcess', () => {
  it('answers what the child sends back', async () => {
    await expect(run((r) => r.send({ type: 'start', mode: 'answer' })).done).resolves.toBe(42);
  });

  it('names the memory limit when stderr opens with the out-of-memory report, however long it runs on', async () => {
    const { done } = run((r) => r.send({ type: 'start', mode: 'oom' }));
    await expect(done).rejects.toThrow(new JobFailure(messages.memory(64)));
  });

  it('leaves the reason to the exit when a send reaches a child that died already', async () => {
    const { done } = run((r) => {
      r.send({ type: 'start', mode: 'oom' });
      // Keeps sending, as the import sends its chunks, while the child dies.
      void (async () => {
        while (!r.settled()) {
          r.send({ type: 'more' });
          await new Promise((next) => setImmediate(next));
        }
      })();
    });
    await expect(done).rejects.toThrow(new JobFailure(messages.memory(64)));
  });

  it('fails with the died message for any other death', async () => {
    await expect(run((r) => r.send({ type: 'start', mode: 'die' })).done).rejects.toThrow(
      new JobFailure(messages.died),
    );
  });

  it('starts no child for a job aborted already, and rejects with its reason', async () => {
    const abort = new AbortController();
    abort.abort(new Error('任务已取消'));
    const r = run(() => undefined, abort.signal);
    await expect(r.done).rejects.toThrow('任务已取消');
    expect(r.spawned()).toBe(false);
  });
});
