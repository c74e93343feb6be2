// Unit tests of login throttling, with the counts in memory and in the real Redis at 127.0.0.1:6379 (a unique
// key prefix per run). Time is the app's manual clock: Redis keeps the counts, the clock judges them.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { manualClock } from '../../lib/clock.js';
import {
  MemoryFailureStore,
  pairDelayMs,
  ThrottlingLoginLimiter,
  type FailureStore,
  type LoginLimits,
} from './login-limiter.js';
import { RedisFailureStore } from './redis-failure-store.js';

/** The defaults: 5 free failures, delays from 1 s doubling to 15 min, 100 per account/h, 200 per address/10 min. */
const limits: LoginLimits = testConfig().login;
const k = (account: string, address = '10.0.0.1') => ({ account, address });

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const prefix = `edu-test:${randomBytes(6).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

let run = 0;
const stores: [string, () => FailureStore][] = [
  ['memory', () => new MemoryFailureStore()],
  ['redis', () => new RedisFailureStore(redis, `${prefix}${run++}:`)],
];

describe('pairDelayMs', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 10, 11, 1000].map((n) => pairDelayMs(limits, n))).toEqual([
      0, 1000, 2000, 4000, 512_000, 900_000, 900_000,
    ]);
  });
});

describe.each(stores)('ThrottlingLoginLimiter (%s)', (_, newStore) => {
  const setup = (l: LoginLimits = limits) => {
    const clock = manualClock(1_000_000);
    return { clock, limiter: new ThrottlingLoginLimiter(l, newStore(), clock) };
  };
  /** Fails `n` times for these keys, each as soon as allowed; answers the time it took. */
  const failAsAllowed = async (s: ReturnType<typeof setup>, keys: ReturnType<typeof k>, n: number) => {
    const t0 = s.clock.now();
    for (let i = 0; i < n; i++) {
      s.clock.advance(await s.limiter.blockedFor(keys));
      await s.limiter.recordFailure(keys);
    }
    return s.clock.now() - t0;
  };

  it('gives a pair its free failures, then delays that double', async () => {
    const s = setup();
    for (let i = 0; i < 5; i++) await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(0);
    await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(1000);
    s.clock.advance(1000);
    await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(2000);
    s.clock.advance(1500);
    expect(await s.limiter.blockedFor(k('alice'))).toBe(500);
    s.clock.advance(500);
    for (let i = 0; i < 20; i++) await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(900_000);
    // The same account from elsewhere, and another account from here, are not delayed.
    expect(await s.limiter.blockedFor(k('alice', '10.0.0.2'))).toBe(0);
    expect(await s.limiter.blockedFor(k('bob'))).toBe(0);
  });

  it('forgets a pair after a success, and nothing else', async () => {
    const s = setup({ ...limits, maxFailuresPerAccount: 8 });
    await failAsAllowed(s, k('alice', '10.0.0.9'), 8);
    await failAsAllowed(s, k('alice'), 7);
    await s.limiter.recordSuccess(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(0);
    // The account is still under a spray (15 ≥ 8 failures): the pair's first failure already delays…
    await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(1000);
    // …and the other address's delay is untouched.
    expect(await s.limiter.blockedFor(k('alice', '10.0.0.9'))).toBeGreaterThan(0);
  });

  it('forgets a pair a day after its last failure', async () => {
    const s = setup();
    await failAsAllowed(s, k('alice'), 8);
    s.clock.advance(86_400_000 - 1);
    await s.limiter.recordFailure(k('alice'));
    s.clock.advance(86_400_000);
    expect(await s.limiter.blockedFor(k('alice'))).toBe(0);
    await s.limiter.recordFailure(k('alice'));
    expect(await s.limiter.blockedFor(k('alice'))).toBe(0);
  });

  it('an account sprayed from 4 addresses is slowed there, and its owner logs in from a 5th at once', async () => {
    const s = setup();
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    for (let i = 0; i < 25; i++) for (const a of attackers) await failAsAllowed(s, k('alice', a), 1);
    // 100 failures took the attackers hours of waiting (doubling delays per address)…
    expect(s.clock.now() - 1_000_000).toBeGreaterThan(3_600_000);
    for (const a of attackers) expect(await s.limiter.blockedFor(k('alice', a))).toBeGreaterThan(0);
    // …while the owner is not delayed at all.
    expect(await s.limiter.blockedFor(k('alice', '198.51.100.7'))).toBe(0);
  });

  it('a school lab behind one address: 40 students each mistyping 4 times are never delayed', async () => {
    const s = setup();
    for (let i = 0; i < 4; i++)
      for (let st = 0; st < 40; st++) {
        expect(await s.limiter.blockedFor(k(`student${st}`, '192.0.2.1'))).toBe(0);
        await s.limiter.recordFailure(k(`student${st}`, '192.0.2.1'));
      }
  });

  it('refuses an address past its ceiling until its window ends', async () => {
    const s = setup({ ...limits, maxFailuresPerAddress: 20 });
    for (let i = 0; i < 20; i++) await s.limiter.recordFailure(k(`user${i}`, '192.0.2.9'));
    expect(await s.limiter.blockedFor(k('fresh', '192.0.2.9'))).toBe(600_000);
    expect(await s.limiter.blockedFor(k('fresh', '192.0.2.10'))).toBe(0);
    s.clock.advance(600_000);
    expect(await s.limiter.blockedFor(k('fresh', '192.0.2.9'))).toBe(0);
  });

  it('counts concurrent failures exactly', async () => {
    const s = setup({ ...limits, maxFailuresPerAddress: 50 });
    await Promise.all(Array.from({ length: 50 }, (_, i) => s.limiter.recordFailure(k(`u${i}`, '192.0.2.20'))));
    expect(await s.limiter.blockedFor(k('other', '192.0.2.20'))).toBe(600_000);
  });
});

describe('MemoryFailureStore', () => {
  it('stays within its size under a spray of distinct names', async () => {
    const store = new MemoryFailureStore(1000);
    const clock = manualClock(0);
    const limiter = new ThrottlingLoginLimiter(limits, store, clock);
    for (let i = 0; i < 3000; i++) await limiter.recordFailure(k(`name${i}`, `10.1.${i >> 8}.${i & 255}`));
    expect(store.size).toBeLessThanOrEqual(1000);
  });
});
