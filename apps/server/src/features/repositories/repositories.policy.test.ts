// Each branch of the repository rules.
import { describe, expect, it } from 'vitest';
import { mayShare, maySubscribe, mayWrite, repoAccess } from './repositories.policy.js';

const own = { agencyId: 'demo', shared: false };
const shared = { agencyId: 'other', shared: true };
const privateForeign = { agencyId: 'other', shared: false };

describe('repository policy', () => {
  it('repoAccess: owned, subscribed (only while shared), none', () => {
    expect(repoAccess(own, 'demo', false)).toBe('owned');
    expect(repoAccess(shared, 'demo', true)).toBe('subscribed');
    expect(repoAccess(shared, 'demo', false)).toBe('none');
    expect(repoAccess(privateForeign, 'demo', true)).toBe('none');
    expect(repoAccess(undefined, 'demo', true)).toBe('none');
  });

  it('mayWrite: own ok, subscribed read-only (403), unseen not found (404)', () => {
    expect(mayWrite('owned')).toBe('ok');
    expect(mayWrite('subscribed')).toBe('read_only');
    expect(mayWrite('none')).toBe('not_found');
  });

  it("maySubscribe: only another agency's shared repository", () => {
    expect(maySubscribe(shared, 'demo')).toBe('ok');
    expect(maySubscribe(own, 'demo')).toBe('own');
    expect(maySubscribe(privateForeign, 'demo')).toBe('not_found');
    expect(maySubscribe(undefined, 'demo')).toBe('not_found');
  });

  it('maySubscribe: a withdrawn repository refuses new subscribers, keeps the ones it has', () => {
    const withdrawn = { ...shared, withdrawnAt: new Date(0) };
    expect(maySubscribe(withdrawn, 'demo')).toBe('withdrawn');
    expect(maySubscribe(withdrawn, 'demo', true)).toBe('ok');
    expect(maySubscribe({ ...withdrawn, shared: false }, 'demo')).toBe('not_found');
  });

  it('mayShare: a withdrawn repository is not shared again until restored', () => {
    const withdrawn = { ...own, withdrawnAt: new Date(0) };
    expect(mayShare(withdrawn, true)).toBe(false);
    expect(mayShare(withdrawn, false)).toBe(true);
    expect(mayShare({ ...withdrawn, shared: true }, true)).toBe(true);
    expect(mayShare(own, true)).toBe(true);
  });
});
