// Builds the parents service from the app's shared parts (one line in services.ts).
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RedisFailureLog } from '../../lib/redis.js';
import type { LoginLimiter, LoginLimits } from '../auth/login-limiter.js';
import type { TrainingService } from '../training/training.service.js';
import { pairingLimiter } from './pairing-limiter.js';
import { ParentsRepository } from './parents.repository.js';
import { ParentsService } from './parents.service.js';

export function createParentsService(deps: {
  db: Db;
  clock: Clock;
  training: TrainingService;
  redisKeyPrefix: string;
  redis?: { client: Redis; failures: RedisFailureLog };
  limiter?: LoginLimiter;
  /** The `PAIRING_*` settings (config.ts); absent: the defaults of parents.policy.ts and pairing-limiter.ts. */
  pairing?: { codeValidMs: number; limits: LoginLimits };
  /** Forgets cached sessions of a parent whose password an agency reset. */
  forgetUser?: (userId: number) => void;
}) {
  const limiter =
    deps.limiter ??
    pairingLimiter(
      deps.clock,
      deps.redis ? { ...deps.redis, keyPrefix: deps.redisKeyPrefix } : undefined,
      deps.pairing?.limits,
    );
  return new ParentsService(new ParentsRepository(deps.db), deps.training, limiter, deps.clock, undefined, {
    codeValidMs: deps.pairing?.codeValidMs,
    forgetUser: deps.forgetUser,
  });
}
