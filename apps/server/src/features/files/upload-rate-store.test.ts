// The upload rate's two fixed windows (docs/security.md "When Redis is unavailable"), in memory and in Redis.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { LocalWindowStore, RedisWindowStore } from './upload-rate-store.js';

const hit = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, result) => (err ? reject(err) : resolve(result!)), windowMs, 3),
  );

describe('LocalWindowStore', () => {
  it('counts per key within a window and starts a new window when it has passed', async () => {
    let now = 1_000;
    const store = new LocalWindowStore(() => now);
    expect(await hit(store, 'u1', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await hit(store, 'u1', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(await hit(store, 'u2', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 50_000;
    expect(await hit(store, 'u1', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most 5,000 keys, dropping the oldest', async () => {
    const store = new LocalWindowStore(() => 0);
    for (let i = 0; i < 5_001; i++) await hit(store, `k${i}`, 60_000);
    expect((await hit(store, 'k0', 60_000)).current).toBe(1);
    expect((await hit(store, 'k5000', 60_000)).current).toBe(2);
  });
});

describe('RedisWindowStore', () => {
  const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: false, maxRetriesPerRequest: 1 });
  const prefix = `edu-test:${randomBytes(6).toString('hex')}:rate:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts in one key per route and user that expires with the window', async () => {
    const store = new RedisWindowStore(redis, prefix).child({
      routeInfo: { method: 'POST', url: '/v1/files' },
    } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
    expect((await hit(store, 'user:7', 60_000)).current).toBe(1);
    const second = await hit(store, 'user:7', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.keys(`${prefix}*`)).toEqual([`${prefix}POST/v1/files-user:7`]);
    expect(await redis.pttl(`${prefix}POST/v1/files-user:7`)).toBeGreaterThan(0);
  });
});
