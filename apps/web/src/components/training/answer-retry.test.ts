import { describe, expect, it, vi } from 'vitest';
import { API } from '../../api/routes';
import { createCall } from '../../api/call';
import { createHttpClient, RequestFailure } from '../../api/client';
import { envelope, fakeFetch, type RecordedCall } from '../../test/fake-api';
import { training } from '../../test/trainings';
import { AbortedError, backoffDelay, isTransient, newAnswerId, sendUntilSaved } from './answer-retry';

const ANSWER = 'POST /v1/train/t1/answer';

/** A fetch whose first `drops` calls never reach the server (network error), then the fake server answers. */
function flakyFetch(drops: number, routes: Record<string, unknown>) {
  const fake = fakeFetch(routes);
  const tried: unknown[] = [];
  let left = drops;
  const fetch: typeof globalThis.fetch = (input, init) => {
    tried.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
    if (left-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
    return fake.fetch(input, init);
  };
  const call = createCall(
    createHttpClient({
      fetch,
      getToken: () => 'tok',
      getAgencyId: () => 'demo',
      onUnauthorized: () => {},
      notify: () => {},
    }),
  );
  return { call, tried, calls: fake.calls };
}

const noSleep = () => Promise.resolve();
const request = { clientAnswerId: 'a1b2c3d4-0000-4000-8000-000000000001', questionId: 'q1', answer: ['B'] };

describe('sendUntilSaved', () => {
  it('retries a request lost on the network with the same clientAnswerId until the server answers', async () => {
    const stored: RecordedCall[] = [];
    const { call, tried } = flakyFetch(3, {
      [ANSWER]: (c: RecordedCall) => {
        stored.push(c);
        return {
          json: envelope({ recordId: 'r1', repeated: false, result: null, training: training({ answered: 1 }) }),
        };
      },
    });
    const onRetry = vi.fn();
    const delays: number[] = [];
    const res = await sendUntilSaved(() => call(API.trainingAnswer, { params: { id: 't1' }, body: { request } }), {
      onRetry,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
      delay: (a) => a * 10,
    });
    expect(res.recordId).toBe('r1');
    expect(tried).toHaveLength(4);
    expect(new Set(tried.map((b) => (b as { request: { clientAnswerId: string } }).request.clientAnswerId))).toEqual(
      new Set([request.clientAnswerId]),
    );
    expect(stored).toHaveLength(1);
    expect(onRetry).toHaveBeenCalledTimes(3);
    expect(onRetry.mock.calls[0][0]).toBeInstanceOf(RequestFailure);
    expect(delays).toEqual([10, 20, 30]);
  });

  it('does not retry an answer the server refused (409), and rejects with its envelope', async () => {
    const { call, tried } = flakyFetch(0, {
      [ANSWER]: () => ({ status: 409, json: envelope(null, 409, '训练已结束') }),
    });
    const run = sendUntilSaved(() => call(API.trainingAnswer, { params: { id: 't1' }, body: { request } }), {
      sleep: noSleep,
    });
    await expect(run).rejects.toMatchObject({ errno: 409, errmsg: '训练已结束' });
    expect(tried).toHaveLength(1);
  });

  it('retries 503 and 500 envelopes (the server may come back), not 400/401/404', () => {
    expect(isTransient(envelope(null, 503))).toBe(true);
    expect(isTransient(envelope(null, 500))).toBe(true);
    expect(isTransient(envelope(null, 429))).toBe(true);
    for (const errno of [400, 401, 403, 404, 409]) expect(isTransient(envelope(null, errno))).toBe(false);
    expect(isTransient(envelope(null, 409, '训练已结束'))).toBe(false);
    expect(isTransient(envelope(null, 409, '训练时间已到'))).toBe(false);
    expect(isTransient(new RequestFailure('timeout'))).toBe(true);
    expect(isTransient(new Error('bug'))).toBe(false);
  });

  it('retries 训练正忙 (503: parallel answers collided on the server) with the same request', async () => {
    let n = 0;
    const { call, tried } = flakyFetch(0, {
      [ANSWER]: () =>
        ++n < 3
          ? { status: 503, json: envelope(null, 503, '训练正忙，请稍后重试') }
          : { json: envelope({ recordId: 'r1', repeated: false, result: null, training: training({ answered: 1 }) }) },
    });
    const res = await sendUntilSaved(() => call(API.trainingAnswer, { params: { id: 't1' }, body: { request } }), {
      sleep: noSleep,
      delay: () => 0,
    });
    expect(res.recordId).toBe('r1');
    expect(tried).toHaveLength(3);
    expect(new Set(tried.map((b) => (b as { request: { clientAnswerId: string } }).request.clientAnswerId)).size).toBe(
      1,
    );
  });

  it('stops when aborted (the page went away)', async () => {
    const controller = new AbortController();
    const send = vi.fn(() => Promise.reject(new RequestFailure('network')));
    const run = sendUntilSaved(send, {
      signal: controller.signal,
      delay: () => 0,
      sleep: () => {
        controller.abort();
        return Promise.resolve();
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 15 s, with ±25 % jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, mid))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(750);
    expect(backoffDelay(1, () => 1)).toBe(1250);
  });
});

describe('newAnswerId', () => {
  it('uses randomUUID when there is one, else builds a v4 UUID from random bytes', () => {
    expect(newAnswerId({ randomUUID: () => 'x-uuid', getRandomValues: (a) => a })).toBe('x-uuid');
    const id = newAnswerId({
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
        if (a instanceof Uint8Array) a.fill(0xff);
        return a;
      },
    });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newAnswerId()).not.toBe(newAnswerId());
  });
});
