// Login throttling (docs/security.md "Login throttling"): growing delays per account and client address
// together, so failures sent from elsewhere never lock an account's owner out; a generous ceiling per address;
// an account under a spray loses its free failures (its attackers are slowed, its owner is not blocked).
// Only failures count. The counters live in a FailureStore: this process's memory, or Redis for several nodes.
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
  /** A success forgets this pair's failures only: nothing of the account's or the address's other failures. */
  recordSuccess(keys: LoginAttemptKeys): Promise<void>;
}

export interface LoginLimits {
  /** Failures of one (account, address) pair before its delays start. */
  freeFailures: number;
  /** The first delay; each further failure doubles it, up to delayMaxSeconds. */
  delayBaseSeconds: number;
  delayMaxSeconds: number;
  /** A pair's failures are forgotten this long after its last one. */
  pairMemorySeconds: number;
  /** With this many failures in its window, an account's pairs get no free failures. */
  maxFailuresPerAccount: number;
  accountWindowSeconds: number;
  /** With this many failures in its window, an address is refused until the window ends. */
  maxFailuresPerAddress: number;
  addressWindowSeconds: number;
}

/** Failures counted under one key: how many, when the count started, when the last one was. */
export interface FailureCount {
  n: number;
  start: number;
  last: number;
}

/**
 * How long a count lives: `fromStart` a fixed window from its first failure (the account's and the address's
 * counts), `fromLast` as long after its last failure (a pair's, so that a slow guesser never starts afresh).
 */
export interface CountSpec {
  key: string;
  ms: number;
  from: 'fromStart' | 'fromLast';
}

/** Where the counts live. Each method answers after the store has applied it (atomic per key). */
export interface FailureStore {
  /** The live counts of these keys (undefined when absent or expired), in order. */
  read(specs: readonly CountSpec[], now: number): Promise<(FailureCount | undefined)[]>;
  /** Adds one failure under each key, starting a new count where the old one has expired. */
  add(specs: readonly CountSpec[], now: number): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Whether a count is still live at `now` under its spec. */
export const isLive = (c: FailureCount, spec: CountSpec, now: number) =>
  (spec.from === 'fromStart' ? c.start : c.last) + spec.ms > now;

/** The three counts an attempt is judged by. */
export function countSpecs(limits: LoginLimits, { account, address }: LoginAttemptKeys): CountSpec[] {
  return [
    { key: `pair:${account}\n${address}`, ms: limits.pairMemorySeconds * 1000, from: 'fromLast' },
    { key: `account:${account}`, ms: limits.accountWindowSeconds * 1000, from: 'fromStart' },
    { key: `address:${address}`, ms: limits.addressWindowSeconds * 1000, from: 'fromStart' },
  ];
}

/** The pair's delay after `over` failures beyond its free ones: base, 2×base, 4×base… capped. */
export const pairDelayMs = (limits: LoginLimits, over: number) =>
  over <= 0 ? 0 : Math.min(limits.delayBaseSeconds * 2 ** Math.min(over - 1, 40), limits.delayMaxSeconds) * 1000;

/** Milliseconds to wait before the next attempt, from the pair's, the account's and the address's counts. */
export function waitMs(
  limits: LoginLimits,
  [pair, account, address]: (FailureCount | undefined)[],
  specs: readonly CountSpec[],
  now: number,
): number {
  const addressWait = address && address.n >= limits.maxFailuresPerAddress ? address.start + specs[2].ms - now : 0;
  const sprayed = account !== undefined && account.n >= limits.maxFailuresPerAccount;
  const free = sprayed ? 0 : limits.freeFailures;
  const pairWait = pair ? pair.last + pairDelayMs(limits, pair.n - free) - now : 0;
  return Math.max(0, addressWait, pairWait);
}

export class ThrottlingLoginLimiter implements LoginLimiter {
  constructor(
    private readonly limits: LoginLimits,
    private readonly store: FailureStore,
    private readonly clock: Clock,
  ) {}

  async blockedFor(keys: LoginAttemptKeys): Promise<number> {
    const specs = countSpecs(this.limits, keys);
    const now = this.clock.now();
    return waitMs(this.limits, await this.store.read(specs, now), specs, now);
  }

  async recordFailure(keys: LoginAttemptKeys): Promise<void> {
    await this.store.add(countSpecs(this.limits, keys), this.clock.now());
  }

  async recordSuccess(keys: LoginAttemptKeys): Promise<void> {
    await this.store.remove(countSpecs(this.limits, keys)[0].key);
  }
}

/** Counts in this process's memory, bounded: expired counts are swept, then the oldest dropped past the cap. */
export class MemoryFailureStore implements FailureStore {
  private readonly counts = new Map<string, { count: FailureCount; spec: CountSpec }>();

  constructor(private readonly maxEntries = 100_000) {}

  async read(specs: readonly CountSpec[], now: number) {
    return specs.map((spec) => {
      const e = this.counts.get(spec.key);
      return e && isLive(e.count, spec, now) ? { ...e.count } : undefined;
    });
  }

  async add(specs: readonly CountSpec[], now: number) {
    for (const spec of specs) {
      const e = this.counts.get(spec.key);
      if (e && isLive(e.count, spec, now)) {
        e.count.n++;
        e.count.last = now;
        // Re-inserted: the map's order is then the order of last failures, oldest first.
        this.counts.delete(spec.key);
        this.counts.set(spec.key, e);
      } else {
        this.counts.delete(spec.key);
        this.counts.set(spec.key, { count: { n: 1, start: now, last: now }, spec });
      }
    }
    if (this.counts.size > this.maxEntries) this.shrink(now);
  }

  async remove(key: string) {
    this.counts.delete(key);
  }

  get size() {
    return this.counts.size;
  }

  private shrink(now: number) {
    for (const [key, e] of this.counts) if (!isLive(e.count, e.spec, now)) this.counts.delete(key);
    for (const key of this.counts.keys()) {
      if (this.counts.size <= this.maxEntries * 0.9) break;
      this.counts.delete(key);
    }
  }
}

/** The in-memory limiter of one node. */
export const memoryLoginLimiter = (limits: LoginLimits, clock: Clock) =>
  new ThrottlingLoginLimiter(limits, new MemoryFailureStore(), clock);
