// Each branch of the store's rules.
import { describe, expect, it } from 'vitest';
import { adminPreviewLevel, mayRestore, mayWithdraw, previewLevel } from './store.policy.js';

const at = new Date(0);
const shared = { agencyId: 'other', shared: true, withdrawnAt: null, subscribed: false };

describe('store policy', () => {
  it('previewLevel: own and subscribed in full, the store in stems, nothing else', () => {
    expect(previewLevel({ ...shared, agencyId: 'demo', shared: false }, 'demo')).toBe('full');
    expect(previewLevel({ ...shared, subscribed: true }, 'demo')).toBe('full');
    expect(previewLevel({ ...shared, subscribed: true, withdrawnAt: at }, 'demo')).toBe('full');
    expect(previewLevel(shared, 'demo')).toBe('stems');
    expect(previewLevel({ ...shared, withdrawnAt: at }, 'demo')).toBe('none');
    expect(previewLevel({ ...shared, shared: false, subscribed: true }, 'demo')).toBe('none');
    expect(previewLevel(undefined, 'demo')).toBe('none');
  });

  it('adminPreviewLevel: shared or withdrawn repositories, stems only', () => {
    expect(adminPreviewLevel(shared)).toBe('stems');
    expect(adminPreviewLevel({ ...shared, shared: false, withdrawnAt: at })).toBe('stems');
    expect(adminPreviewLevel({ ...shared, shared: false })).toBe('none');
    expect(adminPreviewLevel(undefined)).toBe('none');
  });

  it('mayWithdraw and mayRestore', () => {
    expect(mayWithdraw(shared)).toBe('ok');
    expect(mayWithdraw({ ...shared, withdrawnAt: at })).toBe('already_withdrawn');
    expect(mayWithdraw({ ...shared, shared: false })).toBe('not_shared');
    expect(mayWithdraw(undefined)).toBe('not_found');
    expect(mayRestore({ ...shared, withdrawnAt: at })).toBe('ok');
    expect(mayRestore(shared)).toBe('not_withdrawn');
    expect(mayRestore(undefined)).toBe('not_found');
  });
});
