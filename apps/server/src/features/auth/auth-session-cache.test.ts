// The token lookup is reused for READ_CACHE_SECONDS from the moment it was read (docs/performance.md "What a page
// costs now", its session cache): a session in constant use is still read again once that time is up, so a change
// another process made to the user (a new name, a role taken away) reaches this one within it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { memoryLoginLimiter } from './login-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { readCacheSeconds: 5 } });
});
afterAll(() => t.close());

/** Another process's AuthService on the same database. */
const otherProcess = () =>
  new AuthService(
    new AuthRepository(t.db),
    t.app.services.agency,
    memoryLoginLimiter(t.config.login, t.clock),
    t.config,
    t.clock,
  );

describe('the session cache', () => {
  it('reads a session in constant use again once READ_CACHE_SECONDS have passed since it was read', async () => {
    const token = await t.login('parent');
    const auth = otherProcess();
    const before = (await auth.authenticate(token))?.name;
    await t.db.update(users).set({ name: '改过名的家长' }).where(eq(users.username, 'parent'));
    for (let second = 1; second < 5; second++) {
      t.clock.advance(1_000);
      expect((await auth.authenticate(token))?.name).toBe(before);
    }
    t.clock.advance(1_001);
    expect((await auth.authenticate(token))?.name).toBe('改过名的家长');
    await auth.drain();
  });
});
