// The pairing settings (docs/parents.md "Pairing codes"): PAIRING_* parsed and checked at boot, and an app built
// with other values gives codes that lifetime and throttles guessing with those limits.
import type { Envelope, PairingCode, ParentChild } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from '../../config.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { PAIRING_LIMITS } from './pairing-limiter.js';
import { PAIRING_VALID_MS } from './parents.policy.js';

describe('PAIRING_* settings', () => {
  it('default to 7 days and the limits of pairing-limiter.ts', () => {
    expect(loadConfig({}).pairing).toEqual({ codeValidMs: PAIRING_VALID_MS, limits: PAIRING_LIMITS });
  });

  it('parse days and limits', () => {
    const c = loadConfig({
      PAIRING_CODE_DAYS: '2',
      PAIRING_FREE_FAILURES: '0',
      PAIRING_DELAY_BASE_SECONDS: '10',
      PAIRING_DELAY_MAX_SECONDS: '60',
      PAIRING_MAX_FAILURES_PER_ACCOUNT: '8',
      PAIRING_MAX_FAILURES_PER_ADDRESS: '12',
      PAIRING_WINDOW_SECONDS: '600',
    });
    expect(c.pairing).toEqual({
      codeValidMs: 2 * 24 * 3600 * 1000,
      limits: {
        freeFailures: 0,
        delayBaseSeconds: 10,
        delayMaxSeconds: 60,
        pairMemorySeconds: 600,
        maxFailuresPerAccount: 8,
        accountWindowSeconds: 600,
        maxFailuresPerAddress: 12,
        addressWindowSeconds: 600,
      },
    });
  });

  it.each([
    [{ PAIRING_CODE_DAYS: '0' }, 'PAIRING_CODE_DAYS'],
    [{ PAIRING_CODE_DAYS: '31' }, 'PAIRING_CODE_DAYS'],
    [{ PAIRING_CODE_DAYS: 'a week' }, 'PAIRING_CODE_DAYS'],
    [{ PAIRING_FREE_FAILURES: '-1' }, 'PAIRING_FREE_FAILURES'],
    [{ PAIRING_DELAY_BASE_SECONDS: '0' }, 'PAIRING_DELAY_BASE_SECONDS'],
    [{ PAIRING_MAX_FAILURES_PER_ADDRESS: '1.5' }, 'PAIRING_MAX_FAILURES_PER_ADDRESS'],
    [{ PAIRING_WINDOW_SECONDS: '30' }, 'PAIRING_WINDOW_SECONDS'],
    [{ PAIRING_DELAY_BASE_SECONDS: '120', PAIRING_DELAY_MAX_SECONDS: '60' }, 'PAIRING_DELAY_MAX_SECONDS'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^  ${name}: `, 'm'));
  });
});

describe('an app with other pairing settings', () => {
  let t: TestApp;
  const DAY = 24 * 3600 * 1000;
  beforeAll(async () => {
    const base = testConfig();
    t = await createTestApp({
      config: {
        pairing: { codeValidMs: DAY, limits: { ...base.pairing.limits, freeFailures: 1, delayBaseSeconds: 5 } },
      },
    });
  });
  afterAll(() => t.close());

  const pair = async (token: string, code: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parent/pair',
      remoteAddress: '192.0.2.77',
      headers: { authorization: `Bearer ${token}` },
      payload: { request: { code } },
    });
    return { status: res.statusCode, body: res.json<Envelope<ParentChild>>(), headers: res.headers };
  };

  it('gives codes of that lifetime', async () => {
    await addUser(t, 'cfg-kid', '配置学生', ['edu:agency:demo:student']);
    const kid = await t.login('cfg-kid');
    const code = expectOk(await t.call<PairingCode>('PUT', '/v1/student/pairing-code', { token: kid, agency: 'demo' }));
    expect(code.expiresAt).toBe(t.clock.now() + DAY);
    t.clock.advance(DAY);
    const again = await t.call('GET', '/v1/student/pairing-code', { token: await t.login('cfg-kid'), agency: 'demo' });
    expect(expectOk(again)).toBeNull();
  });

  it('throttles with those limits', async () => {
    await addUser(t, 'cfg-guesser', '猜码家长', ['edu:parent']);
    const g = await t.login('cfg-guesser');
    // One free failure, a second that starts the delays, then the configured 5 s.
    for (let i = 0; i < 2; i++) expectError(await pair(g, 'ZZZZZZ'), 400);
    const blocked = await pair(g, 'ZZZZZZ');
    expectError(blocked, 429);
    expect(blocked.headers['retry-after']).toBe('5');
  });
});
