// Login attempt limits per account and per client address (DOMAIN.md "Login contract").
// The interface is what the auth service needs; the in-memory version serves one node, a shared
// store (e.g. Redis INCR + EXPIRE on the same keys) replaces it when several nodes share the load.
import type { Clock } from '../../lib/clock.js';

export interface LoginAttemptKeys {
  /** The username as typed, lower-cased. */
  account: string;
  /** The client address (request.ip; set TRUST_PROXY behind a load balancer). */
  address: string;
}

export interface LoginLimiter {
  /** Milliseconds until another attempt is allowed for these keys; 0 when allowed now. */
  blockedFor(keys: LoginAttemptKeys): Promise<number>;
  recordFailure(keys: LoginAttemptKeys): Promise<void>;
  /** A successful login clears the account's failures (not the address's: one attacker may own an account). */
  recordSuccess(keys: LoginAttemptKeys): Promise<void>;
}

export interface LoginLimits {
  maxFailuresPerAccount: number;
  accountWindowSeconds: number;
  maxFailuresPerAddress: number;
  addressWindowSeconds: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed windows that start at the first failure. */
export class MemoryLoginLimiter implements LoginLimiter {
  private readonly windows = new Map<string, Window>();
  /** Bounds memory under a spray of distinct usernames: expired windows are swept past this size. */
  private static readonly SWEEP_AT = 10_000;

  constructor(
    private readonly limits: LoginLimits,
    private readonly clock: Clock,
  ) {}

  private live(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.clock.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private wait(key: string, max: number): number {
    const w = this.live(key);
    return w && w.count >= max ? w.resetAt - this.clock.now() : 0;
  }

  private bump(key: string, windowSeconds: number) {
    const w = this.live(key);
    if (w) w.count++;
    else this.windows.set(key, { count: 1, resetAt: this.clock.now() + windowSeconds * 1000 });
    if (this.windows.size > MemoryLoginLimiter.SWEEP_AT) for (const k of [...this.windows.keys()]) this.live(k);
  }

  async blockedFor({ account, address }: LoginAttemptKeys): Promise<number> {
    return Math.max(
      this.wait(`account:${account}`, this.limits.maxFailuresPerAccount),
      this.wait(`address:${address}`, this.limits.maxFailuresPerAddress),
    );
  }

  async recordFailure({ account, address }: LoginAttemptKeys): Promise<void> {
    this.bump(`account:${account}`, this.limits.accountWindowSeconds);
    this.bump(`address:${address}`, this.limits.addressWindowSeconds);
  }

  async recordSuccess({ account }: LoginAttemptKeys): Promise<void> {
    this.windows.delete(`account:${account}`);
  }
}
