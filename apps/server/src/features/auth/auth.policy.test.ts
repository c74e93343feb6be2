// Unit tests of token validity.
import { describe, expect, it } from 'vitest';
import { needsTouch, tokenState } from './auth.policy.js';

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
