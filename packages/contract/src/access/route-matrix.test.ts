// Every route of docs/product.md §2 × every demo identity (and a visitor) against the hand-written golden table, in the
// agency demo and in the agency other; plus what an unregistered route shows (docs/product.md §2 "Not-found behaviour").
import { describe, expect, it } from 'vitest';
import { notFoundPage } from '../helpers/not-found.js';
import { canAccessPath, type AccessSubject } from './path-rules.js';
import { IDENTITY_LETTERS, IDENTITY_ORDER, ROUTE_GOLDEN, type IdentityName } from './route-matrix.golden.js';
import { SPEC_ROUTES } from './spec-routes.js';

// docs/domain.md "Demo data", copied by hand.
const IDENTITIES: Record<IdentityName, AccessSubject | null> = {
  admin: { roles: ['edu:admin'] },
  agency: { roles: ['edu:agency:demo:admin'] },
  teacher: { roles: ['edu:agency:demo:teacher'] },
  student: { roles: ['edu:agency:demo:student'] },
  parent: { roles: ['edu:parent'] },
  tutor: { roles: ['edu:homework:teacher'] },
  other: { roles: ['edu:agency:other:admin'] },
  visitor: null,
};

type Outcome = 'page' | 403 | 404;

/** What the web does with the route for this user: register it, or fall through to the not-found page. */
function outcome(path: string, identity: IdentityName, agencyId: string): Outcome {
  const user = IDENTITIES[identity];
  return canAccessPath(path, user, agencyId) ? 'page' : notFoundPage(user !== null).status;
}

/** A route pattern filled with concrete values; the optional parameter either filled or left out. */
function concrete(pattern: string, fillOptional: boolean): string {
  const filled = pattern
    .replace(/\/:[A-Za-z]+\?/g, fillOptional ? '/opt-1' : '')
    .replace(/:[A-Za-z]+/g, (_, i: number) => `v${i}`);
  return filled === '' ? '/' : filled;
}

// The expectation of one cell, from the golden mask and the spec's not-found rule.
function expected(mask: string, index: number): Outcome {
  if (mask[index] !== '.') return 'page';
  return IDENTITY_ORDER[index] === 'visitor' ? 403 : 404;
}

const AGENCIES = ['demo', 'other'] as const;

describe('golden table', () => {
  it('lists exactly the spec routes, in the same order', () => {
    expect(ROUTE_GOLDEN.map((r) => r.pattern)).toEqual(SPEC_ROUTES.map((r) => r.pattern));
  });

  it.each(ROUTE_GOLDEN.map((r) => [r.pattern, r]))('%s has well-formed masks', (_, r) => {
    for (const mask of [r.demo, r.other]) {
      expect(mask).toHaveLength(IDENTITY_LETTERS.length);
      [...mask].forEach((c, i) => expect(['.', IDENTITY_LETTERS[i]]).toContain(c));
    }
  });

  it('has one identity per letter', () => {
    expect(IDENTITY_ORDER).toHaveLength(IDENTITY_LETTERS.length);
    expect(Object.keys(IDENTITIES)).toEqual([...IDENTITY_ORDER]);
  });
});

describe.each(AGENCIES)('route matrix, current agency %s', (agencyId) => {
  const rows = ROUTE_GOLDEN.map((r) => [r.pattern, r[agencyId]] as const);

  it.each(rows)('%s: who may open it (pattern)', (pattern, mask) => {
    const actual = IDENTITY_ORDER.map((id, i) =>
      canAccessPath(pattern, IDENTITIES[id], agencyId) ? IDENTITY_LETTERS[i] : '.',
    );
    expect(actual.join('')).toBe(mask);
  });

  it.each(rows)('%s: the page or the right not-found page for every identity', (pattern, mask) => {
    for (const [i, id] of IDENTITY_ORDER.entries()) {
      const cell = `${id} on ${pattern}`;
      expect(outcome(pattern, id, agencyId), cell).toBe(expected(mask, i));
      // A concrete URL of the route behaves like its pattern.
      expect(outcome(concrete(pattern, true), id, agencyId), cell).toBe(expected(mask, i));
      expect(outcome(concrete(pattern, false), id, agencyId), cell).toBe(expected(mask, i));
    }
  });
});

describe('route matrix summary', () => {
  it('gives each demo account its own area and keeps the other agency out of demo', () => {
    const count = (id: IdentityName, agencyId: string) =>
      SPEC_ROUTES.filter((r) => canAccessPath(r.pattern, IDENTITIES[id], agencyId)).length;
    const open = SPEC_ROUTES.filter((r) => canAccessPath(r.pattern, null, 'demo')).length;
    // /admin, 22 student pages, /parent, /WTPteacher, 4 public pages.
    expect(open).toBe(29);
    expect(count('parent', 'demo')).toBe(open + 3);
    expect(count('tutor', 'demo')).toBe(open + 3);
    expect(count('student', 'demo')).toBe(open);
    expect(count('other', 'demo')).toBe(open);
    expect(count('other', 'other')).toBe(count('agency', 'demo'));
    expect(count('agency', 'other')).toBe(open);
  });

  it('lets every demo account open its landing page (docs/domain.md "Agencies, users, roles")', () => {
    const landing: [IdentityName, string][] = [
      ['admin', '/admin'],
      ['agency', '/admin'],
      ['teacher', '/admin'],
      ['student', '/student/home'],
      ['parent', '/parent/'],
      ['tutor', '/WTPteacher/'],
    ];
    for (const [id, path] of landing) expect(outcome(path, id, 'demo'), id).toBe('page');
  });

  it('sends a visitor to log in and a logged-in user back, never the other way round', () => {
    expect(outcome('/admin/store', 'visitor', 'demo')).toBe(403);
    expect(outcome('/admin/store', 'student', 'demo')).toBe(404);
    expect(notFoundPage(false).button).toEqual({ text: '前往登录', action: 'navigate', to: '/' });
    expect(notFoundPage(true).button).toEqual({ text: '返回', action: 'back' });
  });
});
