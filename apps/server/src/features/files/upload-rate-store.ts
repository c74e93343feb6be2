// The store of the upload rate counts (docs/security.md "When Redis is unavailable"): a fixed window counted in Redis,
// and for each call that Redis fails a fixed window counted in this process, so that an upload never fails (500)
// because Redis is down and is still rate-limited per node meanwhile. (The plugin's `skipOnError` would let every
// upload through instead.) Both windows are ours: @fastify/rate-limit exports no store, and reaching into its files
// would break on any release that moves them.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Keys a process keeps at most; the oldest window is dropped first (a Map iterates in insertion order). */
const LOCAL_KEYS = 5_000;

/** One counter per key that starts at the first hit and lasts `timeWindow` ms. */
export class LocalWindowStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      this.windows.delete(key);
      if (this.windows.size >= LOCAL_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  child() {
    return new LocalWindowStore(this.now);
  }
}

// INCR, and on the window's first hit its expiry; answers the count and the milliseconds the window has left.
const INCR_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** The same fixed window in Redis, shared by every node, under `prefix`. */
export class RedisWindowStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number) {
    this.redis.eval(INCR_WINDOW, 1, this.prefix + key, timeWindow).then(
      (reply) => {
        const [current, ttl] = reply as [number, number];
        callback(null, { current, ttl });
      },
      (err: Error) => callback(err),
    );
  }

  child(routeOptions: RouteOptions) {
    // The plugin passes its merged options with the route under `routeInfo` (its types say the route itself).
    const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? routeOptions;
    return new RedisWindowStore(this.redis, `${this.prefix}${String(route.method)}${String(route.url)}-`);
  }
}

class FallbackRateStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly onFailure: (err: unknown, what: string) => void,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.onFailure(err, 'upload rate');
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions) {
    return new FallbackRateStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onFailure);
  }
}

/** The `store` option of @fastify/rate-limit: counts in Redis under `nameSpace`, else in this process. */
export const fallbackRateStore = (
  redis: Redis,
  nameSpace: string,
  onFailure: (err: unknown, what: string) => void,
): FastifyRateLimitStoreCtor =>
  class extends FallbackRateStore {
    constructor() {
      super(new RedisWindowStore(redis, nameSpace), new LocalWindowStore(), onFailure);
    }
  };
