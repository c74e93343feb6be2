// Unit tests of who may act in which agency.
import { describe, expect, it } from 'vitest';
import { actingAgencyIds, actsInByRoles, agenciesOfRoles, NO_LINKS } from './agency.policy.js';

describe('agency policy', () => {
  it('reads agencies from agency roles only', () => {
    expect(
      agenciesOfRoles([
        'edu:agency:demo:admin',
        'edu:agency:demo:teacher',
        'edu:agency:x-1:student',
        'edu:admin',
        'edu:parent',
      ]),
    ).toEqual(['demo', 'x-1']);
    expect(actsInByRoles(['edu:agency:demo:question:admin'], 'demo')).toBe(true);
    expect(actsInByRoles(['edu:agency:demo:admin'], 'dem')).toBe(false);
    expect(actsInByRoles(['edu:agency:admin'], 'admin')).toBe(false);
  });

  it('platform admins act everywhere', () => {
    expect(actingAgencyIds(['edu:admin'], NO_LINKS)).toBe('all');
  });

  it('parents act through children and homework teachers through assignments, only with their role', () => {
    const links = { childAgencies: ['a'], tutorAgencies: ['b'] };
    expect(actingAgencyIds(['edu:parent'], links)).toEqual(new Set(['a']));
    expect(actingAgencyIds(['edu:homework:teacher'], links)).toEqual(new Set(['b']));
    expect(actingAgencyIds(['edu:parent', 'edu:homework:teacher', 'edu:agency:cc:teacher'], links)).toEqual(
      new Set(['cc', 'a', 'b']),
    );
    expect(actingAgencyIds(['edu:knowledge:admin'], links)).toEqual(new Set());
  });
});
