// The Redis connection that several nodes share their counters through (REDIS_URL): login throttling and
// upload rate limits (docs/security.md "When Redis is unavailable"). Absent REDIS_URL, each process keeps them in
// its own memory; when Redis is down, each call that cannot reach it counts in this process instead.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from './clock.js';

export interface RedisTimeouts {
  connectMs: number;
  commandMs: number;
}

/** Logs a failure of the shared store at most once per `intervalMs`: a down Redis does not flood the log. */
export class RedisFailureLog {
  private last = -Infinity;

  constructor(
    private readonly log: (err: unknown, msg: string) => void,
    private readonly clock: Clock,
    private readonly intervalMs = 60_000,
  ) {}

  report(err: unknown, what: string) {
    const now = this.clock.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.log(err, `Redis unavailable (${what}): counting in this process's memory meanwhile`);
  }
}

/**
 * A client whose commands fail at once while it is disconnected (no offline queue) or after `commandMs`, so that
 * a caller falls back instead of waiting; it reconnects in the background, reporting connection errors.
 */
export function openRedis(url: string, timeouts: RedisTimeouts, failures: RedisFailureLog) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
  });
  redis.on('error', (err) => failures.report(err, 'connection'));
  return redis;
}

/** Resolves once the first connection attempt is over, successful or not, or after `ms`: a start never hangs on it. */
export const firstConnection = (redis: Redis, ms: number) =>
  new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
    redis.once('end', done);
  });

/** The app's Redis: its first connection attempt is awaited before the app is ready, and it closes with the app. */
export function sharedRedis(app: FastifyInstance, url: string, timeouts: RedisTimeouts, clock: Clock) {
  const failures = new RedisFailureLog((err, msg) => app.log.error({ err }, msg), clock);
  const client = openRedis(url, timeouts, failures);
  app.addHook('onReady', () => firstConnection(client, timeouts.connectMs + timeouts.commandMs));
  app.addHook('onClose', async () => {
    if (client.status === 'ready') await client.quit();
    else client.disconnect();
  });
  return { client, failures };
}
