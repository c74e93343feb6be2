// The Redis connection that several nodes share their counters through (REDIS_URL): login throttling and
// upload rate limits (docs/security.md). Absent REDIS_URL, each process keeps them in its own memory.
import { Redis } from 'ioredis';

/** A client that fails a command after a few reconnection attempts instead of queueing it forever. */
export const openRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: 3, connectTimeout: 5000 });
