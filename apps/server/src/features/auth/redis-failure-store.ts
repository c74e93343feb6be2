// Login failure counts in Redis, shared by every node (REDIS_URL; docs/security.md "Login throttling").
// Each count is a hash {n, start, last} whose key expires with it; one Lua script adds a failure to every
// key of an attempt atomically, so concurrent failures on several nodes are all counted.
import type { Redis } from 'ioredis';
import { isLive, type CountSpec, type FailureCount, type FailureStore } from './login-limiter.js';

// KEYS: the counts; ARGV[1]: now; then per key its length in ms and 1 when it runs from its start.
const ADD_SCRIPT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local ms = tonumber(ARGV[i * 2])
  local fromStart = ARGV[i * 2 + 1] == '1'
  local v = redis.call('HMGET', key, 'n', 'start', 'last')
  local start = tonumber(v[2])
  local live = v[1] and ((fromStart and start + ms > now) or ((not fromStart) and tonumber(v[3]) + ms > now))
  if live then
    redis.call('HINCRBY', key, 'n', 1)
    redis.call('HSET', key, 'last', now)
  else
    start = now
    redis.call('HSET', key, 'n', 1, 'start', now, 'last', now)
  end
  local ttl = ms
  if fromStart then ttl = start + ms - now end
  redis.call('PEXPIRE', key, math.max(ttl, 1))
end
return 0
`;

export class RedisFailureStore implements FailureStore {
  /** `prefix` keeps this app's keys apart from others' on a shared Redis (and tests' from each other). */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'edu:login:',
  ) {}

  async read(specs: readonly CountSpec[], now: number): Promise<(FailureCount | undefined)[]> {
    const pipeline = this.redis.pipeline();
    for (const s of specs) pipeline.hmget(this.prefix + s.key, 'n', 'start', 'last');
    const results = (await pipeline.exec()) ?? [];
    return specs.map((spec, i) => {
      const [err, values] = results[i] ?? [];
      if (err) throw err;
      const [n, start, last] = (values as (string | null)[]).map(Number);
      if (!n) return undefined;
      const count = { n, start, last };
      return isLive(count, spec, now) ? count : undefined;
    });
  }

  async add(specs: readonly CountSpec[], now: number): Promise<void> {
    const args = specs.flatMap((s) => [String(s.ms), s.from === 'fromStart' ? '1' : '0']);
    await this.redis.eval(ADD_SCRIPT, specs.length, ...specs.map((s) => this.prefix + s.key), String(now), ...args);
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
