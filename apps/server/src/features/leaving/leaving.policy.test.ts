import { describe, expect, it } from 'vitest';
import { leaveRefusal, purgeAt } from './leaving.policy.js';

describe('leaveRefusal', () => {
  const student = ['edu:agency:demo:student'];
  it('lets a student leave and staff mark another student as left', () => {
    expect(leaveRefusal('demo', student, { self: true })).toBeNull();
    expect(leaveRefusal('demo', student, { self: false, actorId: 1, targetId: 2 })).toBeNull();
  });
  it("refuses the agency's admin either way", () => {
    const admin = [...student, 'edu:agency:demo:admin'];
    expect(leaveRefusal('demo', admin, { self: true })).toBe('机构管理员不能退出机构');
    expect(leaveRefusal('demo', admin, { self: false, actorId: 1, targetId: 2 })).toMatch(/机构管理员/);
  });
  it('refuses staff marking their own account', () => {
    expect(leaveRefusal('demo', student, { self: false, actorId: 2, targetId: 2 })).toMatch(/不能把自己/);
  });
});

describe('purgeAt', () => {
  it('is the retention in days after leaving', () => {
    expect(purgeAt(1000, 2)).toBe(1000 + 2 * 24 * 3600_000);
  });
});
