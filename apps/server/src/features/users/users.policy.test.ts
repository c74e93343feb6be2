import { describe, expect, it } from 'vitest';
import { agencyOwnsAccount, managesTeacherProfiles } from './users.policy.js';

describe('agencyOwnsAccount', () => {
  it('needs the account created here', () => {
    expect(agencyOwnsAccount('demo', false, ['edu:agency:demo:student'])).toBe(false);
    expect(agencyOwnsAccount('demo', true, ['edu:agency:demo:student'])).toBe(true);
    expect(agencyOwnsAccount('demo', true, [])).toBe(true);
  });
  it('is lost to a role of another agency or a platform role other than parent', () => {
    expect(agencyOwnsAccount('demo', true, ['edu:agency:demo:student', 'edu:agency:other:student'])).toBe(false);
    expect(agencyOwnsAccount('demo', true, ['edu:agency:demo:teacher', 'edu:admin'])).toBe(false);
    expect(agencyOwnsAccount('demo', true, ['edu:agency:demo:teacher', 'edu:homework:teacher'])).toBe(false);
    expect(agencyOwnsAccount('demo', true, ['edu:agency:demo:student', 'edu:parent'])).toBe(true);
  });
});

describe('managesTeacherProfiles', () => {
  it('is the agency admin or teacher admin of that agency', () => {
    expect(managesTeacherProfiles(['edu:agency:demo:admin'], 'demo')).toBe(true);
    expect(managesTeacherProfiles(['edu:agency:demo:teacher:admin'], 'demo')).toBe(true);
    expect(managesTeacherProfiles(['edu:agency:demo:teacher'], 'demo')).toBe(false);
    expect(managesTeacherProfiles(['edu:agency:other:admin'], 'demo')).toBe(false);
  });
});
