// The store of the upload rate counts (docs/security.md "When Redis is unavailable"): @fastify/rate-limit's own
// Redis store, and for each call that Redis fails its own in-memory store of this process, so that an upload never
// fails (500) because Redis is down and is still rate-limited per node meanwhile. (The plugin's `skipOnError`
// would let every upload through instead.)
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's two stores; it exports neither, but uses them itself when given `redis` or nothing.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

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
    // A plain fixed window, as the plugin's default (no continueExceeding, no exponentialBackoff).
    constructor() {
      super(new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false), onFailure);
    }
  };
