// Edge cases of the docs/product.md §6 evaluator: agency substitution, first match, exact rules, normalisation, AND/OR.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PATH_RULES, canAccessPath, findPathRule, normalisePath, type PathRule } from './path-rules.js';
import { SPEC_ROUTES } from './spec-routes.js';

const as = (...roles: string[]) => ({ roles });
const agencyAdmin = as('edu:agency:demo:admin');
const platformAdmin = as('edu:admin');
const coachAdmin = as('edu:coach:admin');
const student = as('edu:agency:demo:student');
const parent = as('edu:parent');
const tutor = as('edu:homework:teacher');
const nobody = as();

describe('{agency} substitution', () => {
  it('matches agency roles against the current agency only', () => {
    expect(canAccessPath('/admin/question', agencyAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/question', agencyAdmin, 'other')).toBe(false);
    expect(canAccessPath('/admin/question', as('edu:agency:other:admin'), 'other')).toBe(true);
    expect(canAccessPath('/admin/question/list', as('edu:agency:demo:question:admin'), 'demo')).toBe(true);
    expect(canAccessPath('/admin/tag/list', as('edu:agency:demo:question:admin'), 'other')).toBe(false);
  });

  it('admits no agency role when there is no current agency', () => {
    for (const agencyId of [null, undefined, '']) {
      expect(canAccessPath('/admin/question', agencyAdmin, agencyId)).toBe(false);
      // …while platform roles do not depend on it.
      expect(canAccessPath('/admin/knowledge', platformAdmin, agencyId)).toBe(true);
    }
  });

  it('does not treat the literal placeholder as a role a user could hold', () => {
    expect(canAccessPath('/admin/question', as('edu:agency:{agency}:admin'), 'demo')).toBe(false);
  });
});

describe('first matching rule decides', () => {
  it('decides /admin/user/WTteacher by its own rule, not by /admin/user', () => {
    expect(findPathRule('/admin/user/WTteacher/list')?.path).toBe('/admin/user/WTteacher');
    // The agency admin passes /admin/user but not /admin/user/WTteacher.
    expect(canAccessPath('/admin/user', agencyAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/user/WTteacher/list', agencyAdmin, 'demo')).toBe(false);
    expect(canAccessPath('/admin/user/WTteacher/list', coachAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/user/WTteacher/list', platformAdmin, 'demo')).toBe(true);
  });

  it('opens a teacher profile page to agency teachers, and nothing else under /admin/user/teacher', () => {
    const teacher = { roles: ['edu:agency:demo:teacher'] };
    expect(findPathRule('/admin/user/teacher/:id/profile')?.match).toBe('segments');
    expect(canAccessPath('/admin/user/teacher/:id/profile', teacher, 'demo')).toBe(true);
    expect(canAccessPath('/admin/user/teacher/42/profile/', teacher, 'demo')).toBe(true);
    expect(canAccessPath('/admin/user/teacher/42/profile', teacher, 'other')).toBe(false);
    expect(canAccessPath('/admin/user/teacher/list', teacher, 'demo')).toBe(false);
    expect(canAccessPath('/admin/user/teacher/42/profile/x', teacher, 'demo')).toBe(false);
    expect(canAccessPath('/admin/user/teacher/list/classInfo/42/x', teacher, 'demo')).toBe(false);
  });

  it('decides /admin/user/teacher by the teacher rule, which the coach admin does not pass', () => {
    expect(canAccessPath('/admin/user', coachAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/user/teacher/list', coachAdmin, 'demo')).toBe(false);
    expect(canAccessPath('/admin/user/teacher/list', agencyAdmin, 'demo')).toBe(true);
  });

  it('matches prefixes on whole path segments', () => {
    // /admin/user/teachers is not under /admin/user/teacher: the /admin/user rule decides.
    expect(findPathRule('/admin/user/teachers')?.path).toBe('/admin/user');
    expect(canAccessPath('/admin/user/teachers', coachAdmin, 'demo')).toBe(true);
    expect(findPathRule('/admin/questions')?.path).toBe('/admin');
    expect(findPathRule('/administrator')).toBeNull();
    expect(canAccessPath('/administrator', null, 'demo')).toBe(true);
  });

  it('keeps /admin exactly open while any deeper /admin page needs a role', () => {
    expect(canAccessPath('/admin', null, 'demo')).toBe(true);
    expect(canAccessPath('/admin', student, 'demo')).toBe(true);
    expect(canAccessPath('/admin/x', null, 'demo')).toBe(false);
    expect(canAccessPath('/admin/x', student, 'demo')).toBe(false);
    expect(canAccessPath('/admin/x', agencyAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/x', as('edu:knowledge:admin'), 'demo')).toBe(true);
  });

  it('lets a sub-admin into the admin area but not into pages of other rules', () => {
    const trainAdmin = as('edu:agency:demo:train:admin');
    expect(canAccessPath('/admin/store', trainAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/train/list', trainAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/question/list', trainAdmin, 'demo')).toBe(false);
    // edu:admin is not in the /admin/train rule (docs/product.md §6 lists agency roles only).
    expect(canAccessPath('/admin/train/list', platformAdmin, 'demo')).toBe(false);
  });
});

describe('missing user', () => {
  it.each([null, undefined])('treats %s as not logged in', (user) => {
    expect(canAccessPath('/admin/store', user, 'demo')).toBe(false);
    expect(canAccessPath('/parent/history/1', user, 'demo')).toBe(false);
    expect(canAccessPath('/WTPteacher/history', user, 'demo')).toBe(false);
    expect(canAccessPath('/admin', user, 'demo')).toBe(true);
    expect(canAccessPath('/student/home', user, 'demo')).toBe(true);
    expect(canAccessPath('/', user, 'demo')).toBe(true);
  });

  it('treats a user without roles as logged in but admitted to open paths only', () => {
    expect(canAccessPath('/admin/store', nobody, 'demo')).toBe(false);
    expect(canAccessPath('/student', nobody, 'demo')).toBe(true);
  });
});

describe('exact-path rules', () => {
  it('opens /parent and /parent/ but needs edu:parent deeper', () => {
    for (const path of ['/parent', '/parent/', '/parent?tab=1']) expect(canAccessPath(path, null, 'demo')).toBe(true);
    expect(canAccessPath('/parent/history/1', null, 'demo')).toBe(false);
    expect(canAccessPath('/parent/history/1', student, 'demo')).toBe(false);
    expect(canAccessPath('/parent/history/1', parent, 'demo')).toBe(true);
    // Unmatched paths beside the prefix stay open.
    expect(canAccessPath('/parents', null, 'demo')).toBe(true);
  });

  it('opens /WTPteacher and /WTPteacher/ but needs edu:homework:teacher deeper', () => {
    for (const path of ['/WTPteacher', '/WTPteacher/', '/WTPteacher#top'])
      expect(canAccessPath(path, null, 'demo')).toBe(true);
    expect(canAccessPath('/WTPteacher/history', null, 'demo')).toBe(false);
    expect(canAccessPath('/WTPteacher/history', platformAdmin, 'demo')).toBe(false);
    expect(canAccessPath('/WTPteacher/history', tutor, 'demo')).toBe(true);
    expect(canAccessPath('/WTPteacher/change/1/2', tutor, 'other')).toBe(true);
  });
});

describe('normalisation', () => {
  it.each([
    ['/admin/question/list/', '/admin/question/list'],
    ['/admin/question/list?x=1', '/admin/question/list'],
    ['/admin/question/list/?x=1#h', '/admin/question/list'],
    ['/admin//', '/admin'],
    ['/', '/'],
    ['', '/'],
    ['?x=1', '/'],
    ['admin/store', '/admin/store'],
  ])('%j reads as %j', (raw, path) => {
    expect(normalisePath(raw)).toBe(path);
  });

  it('gives a path with a trailing slash, a query or a hash the answer of the bare path', () => {
    const paths = fc.constantFrom(
      ...SPEC_ROUTES.map((r) => r.pattern),
      '/admin/user',
      '/admin/x',
      '/parent/x',
      '/nowhere',
    );
    const users = fc.constantFrom(null, platformAdmin, agencyAdmin, student, parent, tutor, coachAdmin, nobody);
    const suffix = fc.oneof(
      fc.constant('/'),
      fc.string({ unit: fc.constantFrom('a', '=', '&', '/', '1') }).map((q) => `?${q}`),
      fc.string({ unit: fc.constantFrom('a', '/', '?') }).map((h) => `#${h}`),
      fc.integer({ min: 1, max: 3 }).map((n) => '/'.repeat(n)),
    );
    fc.assert(
      fc.property(paths, users, fc.constantFrom('demo', 'other'), suffix, (path, user, agencyId, extra) => {
        const target = path === '/' ? `/${extra.replace(/^\/+/, '')}` : `${path}${extra}`;
        expect(canAccessPath(target, user, agencyId)).toBe(canAccessPath(path, user, agencyId));
      }),
      { numRuns: 500 },
    );
  });
});

describe('alternatives', () => {
  const rules: readonly PathRule[] = [
    { path: '/x', match: 'prefix', allow: [['r1', 'r2'], ['r3']] },
    { path: '/y', match: 'prefix', allow: [['edu:agency:{agency}:admin', 'edu:parent']] },
    { path: '/z', match: 'exact', allow: [] },
  ];

  it('needs every role of one alternative', () => {
    expect(canAccessPath('/x', as('r1'), 'demo', rules)).toBe(false);
    expect(canAccessPath('/x', as('r2'), 'demo', rules)).toBe(false);
    expect(canAccessPath('/x', as('r1', 'r2'), 'demo', rules)).toBe(true);
    expect(canAccessPath('/x/deep', as('r3'), 'demo', rules)).toBe(true);
    expect(canAccessPath('/x', as('r2', 'r4'), 'demo', rules)).toBe(false);
  });

  it('substitutes {agency} inside a multi-role alternative', () => {
    expect(canAccessPath('/y', as('edu:agency:demo:admin', 'edu:parent'), 'demo', rules)).toBe(true);
    expect(canAccessPath('/y', as('edu:agency:demo:admin', 'edu:parent'), 'other', rules)).toBe(false);
    expect(canAccessPath('/y', as('edu:agency:demo:admin'), 'demo', rules)).toBe(false);
  });

  it('admits nobody when a rule has no alternatives, and everybody where no rule matches', () => {
    expect(canAccessPath('/z', platformAdmin, 'demo', rules)).toBe(false);
    expect(canAccessPath('/z/deeper', null, 'demo', rules)).toBe(true);
    expect(canAccessPath('/admin/store', null, 'demo', rules)).toBe(true);
  });

  it('is monotonic: more roles never close a path', () => {
    const role = fc.constantFrom('r1', 'r2', 'r3', 'r4', 'edu:agency:demo:admin', 'edu:parent');
    fc.assert(
      fc.property(fc.array(role), fc.array(role), fc.constantFrom('/x', '/y', '/z'), (some, more, path) => {
        if (canAccessPath(path, as(...some), 'demo', rules)) {
          expect(canAccessPath(path, as(...some, ...more), 'demo', rules)).toBe(true);
        }
      }),
    );
  });
});

/** Admin pages of our own beyond docs/product.md §2 (docs/routes.md): the AI settings. */
const OWN_ADMIN_PAGES = ['/admin/settings/ai', '/admin/platform/ai'];

describe('our own admin pages', () => {
  it('the agency AI settings open to the agency admin and a platform admin, the platform page to a platform admin only', () => {
    const agencyAdmin = as('edu:agency:demo:admin');
    const teacher = as('edu:agency:demo:teacher');
    expect(canAccessPath('/admin/settings/ai', agencyAdmin, 'demo')).toBe(true);
    expect(canAccessPath('/admin/settings/ai', agencyAdmin, 'other')).toBe(false);
    expect(canAccessPath('/admin/settings/ai', teacher, 'demo')).toBe(false);
    expect(canAccessPath('/admin/settings/ai', as('edu:admin'), 'demo')).toBe(true);
    expect(canAccessPath('/admin/platform/ai', as('edu:admin'), null)).toBe(true);
    expect(canAccessPath('/admin/platform/ai', agencyAdmin, 'demo')).toBe(false);
  });
});

describe('unknown paths', () => {
  it.each(['/', '/nowhere', '/public/anything', '/public/teacher/1/profile', '/studentx', '/student/anything/deep'])(
    '%s is open to everyone',
    (path) => {
      expect(findPathRule(path) === null || findPathRule(path)?.allow === 'open').toBe(true);
      expect(canAccessPath(path, null, 'demo')).toBe(true);
      expect(canAccessPath(path, nobody, 'demo')).toBe(true);
    },
  );

  it('covers every PATH_RULES entry with at least one spec route or edge case above', () => {
    const decided = new Set(
      [...SPEC_ROUTES.map((r) => r.pattern), '/admin/user', '/admin/knowledge', ...OWN_ADMIN_PAGES].map((p) =>
        findPathRule(p),
      ),
    );
    for (const r of PATH_RULES) expect(decided, `${r.match} ${r.path}`).toContain(r);
  });
});
