// API tests of the login contract (docs/domain.md "Login contract"): login, me, logout, password, expiry and limits.
import { randomBytes } from 'node:crypto';
import { LoginInfo } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/seed-data.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.call<LoginInfo>('POST', '/v1/auth/login', { body: { request: { username, password } } });
const me = (token: string) => t.call<LoginInfo>('GET', '/v1/auth/me', { token });

describe('POST /v1/auth/login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a] as const))(
    'logs in %s with the demo password',
    async (_, account) => {
      const r = await login(account.username, DEMO_PASSWORD);
      const info = LoginInfo.parse(expectOk(r));
      expect(r.body.module).toBe('auth');
      expect(info.roles).toEqual(account.roles);
      expect(info.user).toMatchObject({ username: account.username, name: account.name, mustChangePassword: false });
      expect(info.user.id).toMatch(/^\d+$/);
      // ≥ 128 bits of randomness, base64url.
      expect(info.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(info.expires_at).toBe(t.clock.now() + 12 * 3600 * 1000);
    },
  );

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await login('agency', 'wrong-password');
    const unknown = await login('nobody', 'wrong-password');
    expectError(wrong, 401);
    expectError(unknown, 401);
    expect(wrong.body.errmsg).toBe(unknown.body.errmsg);
    expect(wrong.body.errmsg).toBe('用户名或密码错误');
  });

  it('answers 400 naming the fields for bad input', async () => {
    const r = await t.call('POST', '/v1/auth/login', { body: { request: { username: '', password: 1 } } });
    expectError(r, 400);
    expect((r.body.response as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual([
      'request.username',
      'request.password',
    ]);
    expectError(
      await t.call('POST', '/v1/auth/login', { body: '{"request":', headers: { 'content-type': 'application/json' } }),
      400,
    );
  });
});

describe('GET /v1/auth/me and POST /v1/auth/logout', () => {
  it('me answers the login info of the current token, logout revokes it', async () => {
    const token = await t.login('teacher');
    const info = LoginInfo.parse(expectOk(await me(token)));
    expect(info).toMatchObject({
      access_token: token,
      roles: ['edu:agency:demo:teacher'],
      agencies: [{ id: 'demo', name: '演示机构' }],
    });
    // An empty JSON body is accepted on body-less calls.
    expectOk(await t.call('POST', '/v1/auth/logout', { token, headers: { 'content-type': 'application/json' } }));
    expectError(await me(token), 401);
    expectError(await t.call('POST', '/v1/auth/logout', { token }), 401);
  });

  it('reloads roles from the database on every request', async () => {
    const token = await t.login('teacher');
    const { userRoles, users } = await import('../../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher'));
    await t.db.insert(userRoles).values({ userId: u.id, role: 'edu:agency:demo:question:admin' });
    expect(expectOk(await me(token)).roles).toEqual(['edu:agency:demo:question:admin', 'edu:agency:demo:teacher']);
    await t.db.delete(userRoles).where(eq(userRoles.role, 'edu:agency:demo:question:admin'));
  });
});

describe('token expiry', () => {
  it('expires after 2 h without use, even inside the 12 h lifetime', async () => {
    const token = await t.login('student');
    // Each use's last-seen write runs after its answer (auth.service.ts touch): drained before the clock jumps
    // hours ahead, as real hours between requests would.
    t.clock.advance(2 * 3600 * 1000 - 1000);
    expectOk(await me(token));
    await t.app.services.auth.drain();
    t.clock.advance(2 * 3600 * 1000 - 1000);
    expectOk(await me(token));
    await t.app.services.auth.drain();
    t.clock.advance(2 * 3600 * 1000);
    expectError(await me(token), 401);
  });

  it('expires 12 h after login however active the user is', async () => {
    const token = await t.login('student');
    for (let h = 1; h < 12; h++) {
      t.clock.advance(3600 * 1000);
      expectOk(await me(token));
      await t.app.services.auth.drain();
    }
    t.clock.advance(3600 * 1000);
    expectError(await me(token), 401);
  });

  it('writes last-seen at most once a minute', async () => {
    const { authTokens } = await import('../../db/schema.js');
    const { desc } = await import('drizzle-orm');
    const token = await t.login('parent');
    const lastSeen = async () =>
      (
        await t.db.select({ at: authTokens.lastSeenAt }).from(authTokens).orderBy(desc(authTokens.createdAt)).limit(1)
      )[0].at.getTime();
    const loginAt = await lastSeen();
    t.clock.advance(30_000);
    expectOk(await me(token));
    await t.app.services.auth.drain();
    expect(await lastSeen()).toBe(loginAt);
    t.clock.advance(31_000);
    expectOk(await me(token));
    await t.app.services.auth.drain();
    expect(await lastSeen()).toBe(t.clock.now());
  });

  it('writes the last-seen of many sessions used together, each to its own token', async () => {
    const { authTokens } = await import('../../db/schema.js');
    const { inArray } = await import('drizzle-orm');
    const { hashToken } = await import('./tokens.js');
    const tokens = await Promise.all(['parent', 'tutor', 'teacher', 'parent'].map((u) => t.login(u)));
    t.clock.advance(61_000);
    const results = await Promise.all([...tokens, ...tokens].map((token) => me(token)));
    results.forEach((r) => expectOk(r));
    await t.app.services.auth.drain();
    const rows = await t.db
      .select({ hash: authTokens.tokenHash, at: authTokens.lastSeenAt })
      .from(authTokens)
      .where(inArray(authTokens.tokenHash, tokens.map(hashToken)));
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.at.getTime()).toBe(t.clock.now());
  });
});

describe('POST /v1/auth/password', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    t.call('POST', '/v1/auth/password', { token, body: { request: { oldPassword, newPassword } } });

  it('changes the password and revokes the other tokens, keeping this one', async () => {
    const [a, b] = [await t.login('tutor'), await t.login('tutor')];
    expectOk(await change(a, DEMO_PASSWORD, 'maple river lantern'));
    expectOk(await me(a));
    expectError(await me(b), 401);
    expectError(await login('tutor', DEMO_PASSWORD), 401);
    expectOk(await login('tutor', 'maple river lantern'));
  });

  it('refuses a wrong old password with 400 (not 401: the web must not log out) and a short new one', async () => {
    const token = await t.login('other');
    const wrong = await change(token, 'not-my-password', 'another quiet secret');
    expectError(wrong, 400);
    expect(wrong.body.response).toEqual({ fields: [{ path: 'request.oldPassword', message: '原密码不正确' }] });
    const short = await change(token, DEMO_PASSWORD, 'short');
    expectError(short, 400);
    expect(short.body.response).toEqual({ fields: [{ path: 'request.newPassword', message: '新密码至少 8 个字符' }] });
    expectError(await change(token, DEMO_PASSWORD, DEMO_PASSWORD), 400);
    expectOk(await login('other', DEMO_PASSWORD));
  });

  it('refuses common, trivial and weak new passwords saying why, and changes nothing', async () => {
    const token = await t.login('other');
    const refusals = {
      '12345678': /^新密码是常见密码/,
      password: /^新密码是常见密码/,
      '        ': /^新密码太容易猜到：不能只由空格或同一个字符组成$/,
      other2026: /./,
      '🐼🦊🐙🦉🐢🦋🐝': /^新密码至少 8 个字符$/,
    };
    for (const [newPassword, message] of Object.entries(refusals)) {
      const r = await change(token, DEMO_PASSWORD, newPassword);
      expectError(r, 400);
      const [field] = (r.body.response as { fields: { path: string; message: string }[] }).fields;
      expect(field.path, newPassword).toBe('request.newPassword');
      expect(field.message, newPassword).toMatch(message);
    }
    expectOk(await login('other', DEMO_PASSWORD));
    expectOk(await change(token, DEMO_PASSWORD, '春眠不觉晓，处处闻啼鸟'));
    expectOk(await login('other', '春眠不觉晓，处处闻啼鸟'));
  });
});

describe('first start without demo data (PostgreSQL default)', () => {
  it('creates admin with a one-time password that must be changed', async () => {
    const fresh = await createTestApp({ seed: 'none' });
    try {
      const line = fresh.seedNotice.find((l) => l.includes('one-time password'))!;
      const password = /one-time password: (\S+)/.exec(line)![1];
      const r = await fresh.call<LoginInfo>('POST', '/v1/auth/login', {
        body: { request: { username: 'admin', password } },
      });
      const info = expectOk(r);
      expect(info.user.mustChangePassword).toBe(true);
      expect(info.roles).toEqual(['edu:admin']);
      expect(info.agencies).toEqual([]);
      // Until the change, the server refuses everything but the auth calls.
      const refused = await fresh.call('GET', '/v1/agencies', { token: info.access_token });
      expectError(refused, 403);
      expect(refused.body.errmsg).toBe('请先修改初始密码');
      expectOk(await fresh.call('GET', '/v1/auth/me', { token: info.access_token }));
      // The forced change follows the same rule.
      const weak = await fresh.call('POST', '/v1/auth/password', {
        token: info.access_token,
        body: { request: { oldPassword: password, newPassword: 'password' } },
      });
      expectError(weak, 400);
      expect(weak.body.errmsg).toMatch(/新密码是常见密码/);
      expectOk(
        await fresh.call('POST', '/v1/auth/password', {
          token: info.access_token,
          body: { request: { oldPassword: password, newPassword: 'quiet harbour morning' } },
        }),
      );
      expect(
        expectOk(await fresh.call<LoginInfo>('GET', '/v1/auth/me', { token: info.access_token })).user
          .mustChangePassword,
      ).toBe(false);
      expectOk(await fresh.call('GET', '/v1/agencies', { token: info.access_token }));
      expectOk(await fresh.call('GET', '/v1/auth/me', { token: await fresh.login('admin', 'quiet harbour morning') }));
    } finally {
      await fresh.close();
    }
  });

  it('refuses to start with a weak ADMIN_PASSWORD, saying why', async () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '12345678' })).toThrow(/ADMIN_PASSWORD: .*新密码是常见密码/);
    expect(() => loadConfig({ ADMIN_PASSWORD: ' '.repeat(8) + 'x' })).toThrow(/ADMIN_PASSWORD: /);
    await expect(
      createTestApp({ seed: 'none', config: { adminUsername: 'rootadmin', adminPassword: 'rootadmin' } }),
    ).rejects.toThrow(/ADMIN_PASSWORD is refused by the password rule: 新密码/);
  });

  it('uses ADMIN_USERNAME / ADMIN_PASSWORD when given, without a forced change', async () => {
    const fresh = await createTestApp({
      seed: 'none',
      config: { adminUsername: 'root', adminPassword: 'granite owl sunrise' },
    });
    try {
      const info = expectOk(
        await fresh.call<LoginInfo>('POST', '/v1/auth/login', {
          body: { request: { username: 'root', password: 'granite owl sunrise' } },
        }),
      );
      expect(info.user.mustChangePassword).toBe(false);
      expect(fresh.seedNotice.join('\n')).not.toContain('granite owl sunrise');
    } finally {
      await fresh.close();
    }
  });
});

describe('login throttling (docs/security.md "Login throttling")', () => {
  const from = (app: TestApp, address: string, username: string, password: string) =>
    app.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: address,
      payload: { request: { username, password } },
    });

  it('100 wrong passwords from 4 addresses never lock the owner out of a 5th', async () => {
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    let refused = 0;
    for (let i = 0; i < 25; i++)
      for (const address of attackers) {
        const r = await from(t, address, 'agency', `guess-${i}`);
        expect([401, 429]).toContain(r.statusCode);
        if (r.statusCode === 429) refused++;
      }
    // The attackers are slowed (most of their tries are refused unread)…
    expect(refused).toBeGreaterThan(50);
    // …and the owner logs in at once from elsewhere.
    const owner = await from(t, '198.51.100.7', 'agency', DEMO_PASSWORD);
    expect(owner.statusCode).toBe(200);
    t.clock.advance(24 * 3600 * 1000);
  });

  it('answers 429 with the wait in Chinese and Retry-After; a success never counts', async () => {
    for (let i = 0; i < 3; i++) expect((await from(t, '192.0.2.5', 'teacher', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await from(t, '192.0.2.5', 'Teacher', 'wrong')).statusCode).toBe(401);
    const r = await from(t, '192.0.2.5', 'teacher', DEMO_PASSWORD);
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ errno: 429, errmsg: '登录失败次数过多，请 1 秒后再试' });
    expect(r.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await from(t, '192.0.2.5', 'teacher', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an address past its ceiling (configured), and only that address', async () => {
    const limited = await createTestApp({ config: { login: { ...t.config.login, maxFailuresPerAddress: 4 } } });
    try {
      for (const u of ['a1', 'a2', 'a3', 'a4'])
        expect((await from(limited, '192.0.2.7', u, 'guess')).statusCode).toBe(401);
      const r = await from(limited, '192.0.2.7', 'student', DEMO_PASSWORD);
      expect(r.statusCode).toBe(429);
      expect(r.json<{ errmsg: string }>().errmsg).toBe('登录失败次数过多，请 10 分钟后再试');
      expect((await from(limited, '192.0.2.8', 'student', DEMO_PASSWORD)).statusCode).toBe(200);
      limited.clock.advance(600 * 1000);
      expect((await from(limited, '192.0.2.7', 'student', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('keeps the counts in Redis when REDIS_URL is set', async () => {
    const redisKeyPrefix = `edu-test:${randomBytes(6).toString('hex')}:`;
    const shared = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix } });
    try {
      for (let i = 0; i < 6; i++) expect((await from(shared, '192.0.2.30', 'parent', 'wrong')).statusCode).toBe(401);
      expect((await from(shared, '192.0.2.30', 'parent', DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await from(shared, '192.0.2.31', 'parent', DEMO_PASSWORD)).statusCode).toBe(200);
      const keys = await shared.app.services.redis!.keys(`${redisKeyPrefix}login:*`);
      expect(keys.sort()).toEqual(
        ['account:parent', 'address:192.0.2.30', 'pair:parent\n192.0.2.30'].map((k) => `${redisKeyPrefix}login:${k}`),
      );
      await shared.app.services.redis!.del(...keys);
    } finally {
      await shared.close();
    }
  });

  it('with Redis unreachable, logins still answer (never 500) and are still throttled in this node', async () => {
    const down = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      expect(down.app.services.redis!.status).not.toBe('ready');
      expect((await from(down, '192.0.2.40', 'parent', DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 6; i++) expect((await from(down, '192.0.2.40', 'parent', 'wrong')).statusCode).toBe(401);
      const r = await from(down, '192.0.2.40', 'parent', DEMO_PASSWORD);
      expect(r.statusCode).toBe(429);
      expect(r.json<{ errmsg: string }>().errmsg).toBe('登录失败次数过多，请 1 秒后再试');
      expect((await from(down, '192.0.2.41', 'parent', DEMO_PASSWORD)).statusCode).toBe(200);
      down.clock.advance(1000);
      expect((await from(down, '192.0.2.40', 'parent', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('defaults: 200 failures per address in 10 minutes, enough for a lab of 40 behind one address', () => {
    expect(t.config.login).toMatchObject({ maxFailuresPerAddress: 200, addressWindowSeconds: 600, freeFailures: 5 });
  });
});
