import { describe, expect, it } from 'vitest';
import { AGENCY, agencyOfRole, agencyRole, agencyRolePrefix } from './roles.js';

describe('agency role strings', () => {
  it('name a role of one agency, or the rule tables’ pattern without an id', () => {
    expect(agencyRole('student', 'north-1')).toBe('edu:agency:north-1:student');
    expect(agencyRole('question:admin', 'north-1')).toBe('edu:agency:north-1:question:admin');
    expect(agencyRole('admin')).toBe(`edu:agency:${AGENCY}:admin`);
  });

  it('begin every role of the agency with its prefix, and no role of another agency', () => {
    const prefix = agencyRolePrefix('north-1');
    expect(prefix).toBe('edu:agency:north-1:');
    expect(agencyRole('teacher:admin', 'north-1').startsWith(prefix)).toBe(true);
    expect(agencyRole('admin', 'north-10').startsWith(prefix)).toBe(false);
    expect(agencyRole('train:admin', 'north-1').slice(prefix.length)).toBe('train:admin');
  });

  it('read the agency back from a role, null for platform roles', () => {
    expect(agencyOfRole(agencyRole('parent:admin', 'north-1'))).toBe('north-1');
    expect(agencyOfRole('edu:parent')).toBeNull();
  });
});
