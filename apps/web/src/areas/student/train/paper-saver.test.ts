import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestFailure } from '../../../api/client';
import { envelope } from '../../../test/fake-api';
import { PaperSaver, type SaveState, type Submission } from './paper-saver';

interface Sent {
  questionId: string;
  submission: Submission;
  id: string;
  resolve: (v: string) => void;
  reject: (e: unknown) => void;
}

/** A saver over a send the test settles by hand; ids are a1, a2, … in the order answers are first sent. */
function setup(debounceMs = 0) {
  const sent: Sent[] = [];
  const states: Record<string, SaveState[]> = {};
  let n = 0;
  const saver = new PaperSaver<string>({
    debounceMs,
    newId: () => `a${++n}`,
    retry: { delay: () => 0, sleep: () => Promise.resolve() },
    send: (questionId, submission, id) =>
      new Promise<string>((resolve, reject) => sent.push({ questionId, submission, id, resolve, reject })),
    onState: (q, s) => (states[q] ??= []).push(s),
  });
  const last = (q: string) => states[q]?.at(-1)?.status;
  return { saver, sent, states, last };
}

const flushPromises = () => new Promise<void>((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('PaperSaver', () => {
  it('sends one answer per question at a time; the newest waits and is sent last (older ones are skipped)', async () => {
    const { saver, sent, last } = setup();
    saver.save('q1', { answer: ['A'] });
    saver.save('q1', { answer: ['B'] });
    saver.save('q1', { answer: ['C'] });
    saver.save('q2', { answer: ['T'] });
    expect(sent.map((s) => [s.questionId, s.submission.answer[0], s.id])).toEqual([
      ['q1', 'A', 'a1'],
      ['q2', 'T', 'a2'],
    ]);
    expect(saver.busy).toBe(true);
    sent[0].resolve('ok');
    await flushPromises();
    expect(sent.map((s) => s.submission.answer[0])).toEqual(['A', 'T', 'C']);
    expect(sent[2].id).toBe('a3');
    expect(last('q1')).toBe('saving');
    sent[2].resolve('ok');
    sent[1].resolve('ok');
    await flushPromises();
    expect(last('q1')).toBe('saved');
    expect(last('q2')).toBe('saved');
    expect(saver.busy).toBe(false);
  });

  it('retries a lost request with the same clientAnswerId and reports retrying, then saved', async () => {
    const { saver, sent, states, last } = setup();
    saver.save('q1', { answer: ['A'] });
    sent[0].reject(new RequestFailure('network'));
    await flushPromises();
    expect(last('q1')).toBe('retrying');
    expect(sent).toHaveLength(2);
    expect(sent[1].id).toBe(sent[0].id);
    sent[1].resolve('ok');
    await flushPromises();
    expect(states.q1.map((s) => s.status)).toEqual(['saving', 'retrying', 'saved']);
  });

  it('a refused answer is marked failed with the server’s message and not retried', async () => {
    const { saver, sent, states } = setup();
    saver.save('q1', { answer: ['A'] });
    sent[0].reject(envelope(null, 409, '训练时间已到'));
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(states.q1.at(-1)).toEqual({ status: 'failed', error: '训练时间已到' });
  });

  it('does not send an answer equal to the one the server already has', async () => {
    const { saver, sent, last } = setup();
    saver.save('q1', { answer: ['A'] });
    sent[0].resolve('ok');
    await flushPromises();
    saver.save('q1', { answer: ['A'] });
    expect(sent).toHaveLength(1);
    expect(last('q1')).toBe('saved');
  });

  it('waits for a pause in typing; flush sends at once and resolves when everything is stored', async () => {
    vi.useFakeTimers();
    const { saver, sent } = setup(800);
    saver.save('q1', { answer: ['h'] });
    saver.save('q1', { answer: ['he'] });
    vi.advanceTimersByTime(799);
    expect(sent).toHaveLength(0);
    saver.save('q1', { answer: ['hel'] });
    vi.advanceTimersByTime(800);
    expect(sent.map((s) => s.submission.answer[0])).toEqual(['hel']);
    saver.save('q1', { answer: ['hello'] }, false);
    saver.save('q2', { answer: ['B'] }, true);
    expect(sent.map((s) => s.submission.answer[0])).toEqual(['hel', 'B']);
    let done = false;
    const flushed = saver.flush().then(() => (done = true));
    sent[0].resolve('ok');
    sent[1].resolve('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.submission.answer[0])).toEqual(['hel', 'B', 'hello']);
    expect(done).toBe(false);
    sent[2].resolve('ok');
    await flushed;
    expect(done).toBe(true);
  });

  it('dispose drops waiting answers and stops retrying', async () => {
    vi.useFakeTimers();
    const { saver, sent } = setup(800);
    saver.save('q1', { answer: ['x'] });
    saver.dispose();
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(0);
    expect(saver.busy).toBe(false);
    await expect(saver.flush()).resolves.toBeUndefined();
  });
});
