// The last-seen write does not hold the request up: a session back from a minute's pause is answered while its
// write is under way, `drain` waits for it, and a failed write is reported without failing the request.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { memoryLoginLimiter } from './login-limiter.js';
import { hashToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { readCacheSeconds: 0 } });
});
afterAll(() => t.close());

/** An AuthService on the real database whose last-seen writes wait for `release` (and may fail). */
function gatedService() {
  const repo = new AuthRepository(t.db);
  const reported: unknown[] = [];
  let release: (fail?: Error) => void = () => undefined;
  const touch = repo.touchToken.bind(repo);
  repo.touchToken = (hash, at) =>
    new Promise<void>((resolve, reject) => {
      release = (fail) => {
        if (fail) reject(fail);
        else void touch(hash, at).then(resolve, reject);
      };
    });
  const auth = new AuthService(
    repo,
    t.app.services.agency,
    memoryLoginLimiter(t.config.login, t.clock),
    t.config,
    t.clock,
    (err) => reported.push(err),
  );
  return { auth, reported, release: (fail?: Error) => release(fail) };
}

const lastSeen = async (token: string) =>
  (
    await t.db
      .select({ at: authTokens.lastSeenAt })
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)))
  )[0].at.getTime();

describe('last-seen writes', () => {
  it('answers while the write is under way; drain waits for it', async () => {
    const token = await t.login('parent');
    const { auth, release } = gatedService();
    const before = await lastSeen(token);
    t.clock.advance(61_000);
    const user = await auth.authenticate(token);
    expect(user?.username).toBe('parent');
    expect(await lastSeen(token)).toBe(before);
    let drained = false;
    const draining = auth.drain().then(() => (drained = true));
    // However many turns of the event loop pass, the drain waits for the held write.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    release();
    await draining;
    expect(await lastSeen(token)).toBe(t.clock.now());
  });

  it('reports a failed write and still answers the request', async () => {
    const token = await t.login('tutor');
    const { auth, reported, release } = gatedService();
    t.clock.advance(61_000);
    expect((await auth.authenticate(token))?.username).toBe('tutor');
    release(new Error('disk full'));
    await auth.drain();
    expect(reported.map(String)).toEqual(['Error: disk full']);
  });
});
