// Guessing pairing codes is throttled like logins (docs/parents.md "Pairing codes", docs/security.md "Login
// throttling"): only wrong codes count, per (account, address) pair with growing delays, with a ceiling per
// address. The counts live apart from the login counts (their own key prefix), in Redis when there is one.
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.js';
import type { RedisFailureLog } from '../../lib/redis.js';
import { FallbackFailureStore } from '../auth/fallback-failure-store.js';
import {
  MemoryFailureStore,
  ThrottlingLoginLimiter,
  type LoginLimiter,
  type LoginLimits,
} from '../auth/login-limiter.js';
import { RedisFailureStore } from '../auth/redis-failure-store.js';

/**
 * The defaults of the `PAIRING_*` settings (apps/server/src/config.ts): 5 free wrong codes per account and address,
 * then 30 s doubling up to 15 min; 30 wrong codes an hour from one address stop it for the rest of the hour. A
 * code has 31^6 ≈ 887 million values, so guessing a live one is hopeless at these rates.
 */
export const PAIRING_LIMITS: LoginLimits = {
  freeFailures: 5,
  delayBaseSeconds: 30,
  delayMaxSeconds: 900,
  pairMemorySeconds: 3600,
  maxFailuresPerAccount: 20,
  accountWindowSeconds: 3600,
  maxFailuresPerAddress: 30,
  addressWindowSeconds: 3600,
};

export function pairingLimiter(
  clock: Clock,
  shared?: { client: Redis; failures: RedisFailureLog; keyPrefix: string },
  limits: LoginLimits = PAIRING_LIMITS,
): LoginLimiter {
  const store = shared
    ? new FallbackFailureStore(
        new RedisFailureStore(shared.client, `${shared.keyPrefix}pairing:`),
        new MemoryFailureStore(),
        (err, what) => shared.failures.report(err, what),
      )
    : new MemoryFailureStore();
  return new ThrottlingLoginLimiter(limits, store, clock);
}
