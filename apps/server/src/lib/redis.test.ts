// The shared Redis's failure reporting and connection (docs/security.md "When Redis is unavailable").
import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { firstConnection, openRedis, RedisFailureLog } from './redis.js';

describe('RedisFailureLog', () => {
  it('logs a failure at most once per minute', () => {
    const clock = manualClock();
    const logged: string[] = [];
    const failures = new RedisFailureLog((_err, msg) => logged.push(msg), clock);
    failures.report(new Error('down'), 'login read');
    clock.advance(59_999);
    failures.report(new Error('down'), 'upload rate');
    expect(logged).toEqual(["Redis unavailable (login read): counting in this process's memory meanwhile"]);
    clock.advance(1);
    failures.report(new Error('down'), 'upload rate');
    expect(logged).toHaveLength(2);
    expect(logged[1]).toContain('(upload rate)');
  });
});

describe('openRedis', () => {
  it('fails a command at once while Redis is unreachable, instead of queueing it', async () => {
    const logged: unknown[] = [];
    const failures = new RedisFailureLog((err) => logged.push(err), manualClock());
    const redis = openRedis('redis://127.0.0.1:1', { connectMs: 500, commandMs: 500 }, failures);
    try {
      await firstConnection(redis, 5000);
      await expect(redis.get('x')).rejects.toThrow();
      expect(logged).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});
