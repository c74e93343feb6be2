// Unit tests of token validity and the in-memory login limiter.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { needsTouch, tokenState } from './auth.policy.js';
import { MemoryLoginLimiter } from './login-limiter.js';

describe('tokenState', () => {
  const at = (ms: number) => new Date(ms);
  it('checks revocation, absolute expiry and idle time', () => {
    const t = { expiresAt: at(10_000_000), lastSeenAt: at(1_000_000), revokedAt: null };
    expect(tokenState(t, 1_000_000 + 7_199_999, 7200)).toBe('valid');
    expect(tokenState(t, 1_000_000 + 7_200_000, 7200)).toBe('idle');
    expect(tokenState({ ...t, lastSeenAt: at(9_999_000) }, 10_000_000, 7200)).toBe('expired');
    expect(tokenState({ ...t, revokedAt: at(1) }, 1_000_001, 7200)).toBe('revoked');
  });

  it('touches last-seen once a minute', () => {
    expect(needsTouch(new Date(0), 59_999)).toBe(false);
    expect(needsTouch(new Date(0), 60_000)).toBe(true);
  });
});

describe('MemoryLoginLimiter', () => {
  const limits = {
    maxFailuresPerAccount: 3,
    accountWindowSeconds: 60,
    maxFailuresPerAddress: 5,
    addressWindowSeconds: 10,
  };
  const k = (account: string, address = '1.1.1.1') => ({ account, address });

  it('blocks an account after its failures until the window ends; success clears the account', async () => {
    const clock = manualClock(0);
    const l = new MemoryLoginLimiter(limits, clock);
    for (let i = 0; i < 3; i++) {
      expect(await l.blockedFor(k('a', `10.0.0.${i}`))).toBe(0);
      await l.recordFailure(k('a', `10.0.0.${i}`));
    }
    expect(await l.blockedFor(k('a', '10.0.0.9'))).toBe(60_000);
    clock.advance(59_000);
    expect(await l.blockedFor(k('a', '10.0.0.9'))).toBe(1_000);
    clock.advance(1_000);
    expect(await l.blockedFor(k('a', '10.0.0.9'))).toBe(0);
    await l.recordFailure(k('b'));
    await l.recordFailure(k('b'));
    await l.recordSuccess(k('b'));
    await l.recordFailure(k('b'));
    await l.recordFailure(k('b'));
    expect(await l.blockedFor(k('b', '2.2.2.2'))).toBe(0);
  });

  it('blocks an address spraying many accounts', async () => {
    const clock = manualClock(0);
    const l = new MemoryLoginLimiter(limits, clock);
    for (let i = 0; i < 5; i++) await l.recordFailure(k(`user${i}`));
    expect(await l.blockedFor(k('fresh'))).toBe(10_000);
    expect(await l.blockedFor(k('fresh', '3.3.3.3'))).toBe(0);
  });
});
