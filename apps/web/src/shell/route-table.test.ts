import { describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from '@edu/contract';
import { allowedRoutes, ROUTES } from './route-table';
import { homePathFor } from '../app/home-path';
import { AGENCY_ROLE_KINDS, PLATFORM_ROLES, agencyRole } from '@edu/contract';
import { lazyAreaOf, lazyAreasFor } from './area-tables';
import { loginInfo } from '../test/fixtures';

const patterns = (list: readonly { pattern: string }[]) => list.map((r) => r.pattern);

describe('route table', () => {
  it('holds every docs/product.md §2 route of the contract, in the same area', () => {
    const byPattern = new Map(ROUTES.map((r) => [r.pattern, r]));
    const missing = SPEC_ROUTES.filter((s) => !byPattern.has(s.pattern));
    expect(missing).toEqual([]);
    for (const s of SPEC_ROUTES) expect(byPattern.get(s.pattern)?.area).toBe(s.area);
  });

  it('adds only the change-password and invitations pages, the gradebook, the AI settings and the teaching helpers beyond docs/product.md §2, and no pattern twice', () => {
    const spec = new Set(patterns(SPEC_ROUTES));
    expect(ROUTES.filter((r) => !spec.has(r.pattern)).map((r) => r.pattern)).toEqual([
      '/password',
      '/invitations',
      '/admin/class/:classId/gradebook',
      '/admin/settings/ai',
      '/admin/platform/ai',
      '/admin/recitation/list',
      '/admin/recitation/create',
      '/admin/recitation/:id/edit',
      '/admin/recitation/compare',
      '/student/recitation',
      '/student/recitation/:id',
    ]);
    expect(new Set(patterns(ROUTES)).size).toBe(ROUTES.length);
  });

  it('every route has a page or names the issue that builds it', () => {
    for (const r of ROUTES) expect(!!r.page !== !!r.issue, r.pattern).toBe(true);
  });
});

describe('route filtering by docs/product.md §6 (routes failing the check are not registered)', () => {
  const reg = (user: Parameters<typeof allowedRoutes>[0], agency = 'demo') =>
    new Set(patterns(allowedRoutes(user, agency)));

  it('visitor: open pages only', () => {
    const r = reg(null);
    for (const p of [
      '/',
      '/password',
      '/invitations',
      '/admin',
      '/student',
      '/student/train/:trainId/do',
      '/parent',
      '/WTPteacher',
      '/public/question/preview',
    ]) {
      expect(r.has(p), p).toBe(true);
    }
    for (const p of [
      '/admin/agency/list',
      '/admin/knowledge/list/:subject',
      '/admin/store',
      '/parent/history/:id',
      '/WTPteacher/history',
    ]) {
      expect(r.has(p), p).toBe(false);
    }
  });

  it('platform admin (edu:admin): knowledge, agency, knowledge graph, users; not agency question pages', () => {
    const r = reg(loginInfo(['edu:admin']));
    for (const p of [
      '/admin/knowledge/list/:subject',
      '/admin/agency/list',
      '/admin/knowledgraph/groups',
      '/admin/user/WTteacher/list',
      '/admin/store',
    ]) {
      expect(r.has(p), p).toBe(true);
    }
    for (const p of [
      '/admin/question/list',
      '/admin/tag/list',
      '/admin/train/list',
      '/admin/user/student/list',
      '/parent/history/:id',
    ]) {
      expect(r.has(p), p).toBe(false);
    }
  });

  it('agency admin: the agency pages in their own agency only', () => {
    const user = loginInfo(['edu:agency:demo:admin']);
    const demo = reg(user, 'demo');
    for (const p of [
      '/admin/question/list',
      '/admin/train/list',
      '/admin/user/student/list',
      '/admin/class/ordinary/list',
    ]) {
      expect(demo.has(p), p).toBe(true);
    }
    for (const p of ['/admin/knowledge/list/:subject', '/admin/agency/list', '/admin/user/WTteacher/list']) {
      expect(demo.has(p), p).toBe(false);
    }
    const other = reg(user, 'other');
    expect(other.has('/admin/question/list')).toBe(false);
    expect(other.has('/admin')).toBe(true);
  });

  it('agency teacher: training pages, not question pages', () => {
    const r = reg(loginInfo(['edu:agency:demo:teacher']));
    expect(r.has('/admin/train/:id/dashboard')).toBe(true);
    expect(r.has('/admin/question/list')).toBe(false);
  });

  it('parent and tutor: their deeper pages', () => {
    expect(reg(loginInfo(['edu:parent'], [])).has('/parent/history/:id')).toBe(true);
    expect(reg(loginInfo(['edu:parent'], [])).has('/WTPteacher/history')).toBe(false);
    expect(reg(loginInfo(['edu:homework:teacher'])).has('/WTPteacher/history')).toBe(true);
    expect(reg(loginInfo(['edu:homework:teacher'])).has('/admin/store')).toBe(false);
  });
});

describe('lazy area tables (area-tables.ts)', () => {
  const roleSets: string[][] = [
    [],
    ...PLATFORM_ROLES.map((r) => [r]),
    ...AGENCY_ROLE_KINDS.map((k) => [agencyRole(k, 'demo')]),
    ...AGENCY_ROLE_KINDS.map((k) => [agencyRole(k, 'other')]),
    ['edu:parent', agencyRole('student', 'demo')],
    ['edu:homework:teacher', agencyRole('teacher', 'demo')],
  ];

  it.each(roleSets)('loads the table of every area in which %j may open a page', (...roles) => {
    const users = roles.length === 0 ? [null, loginInfo([])] : [loginInfo(roles)];
    for (const user of users) {
      const areas = lazyAreasFor(user, 'demo');
      for (const r of allowedRoutes(user, 'demo')) {
        const area = lazyAreaOf(r.pattern);
        if (area) expect(areas, r.pattern).toContain(area);
      }
    }
  });

  it('keeps only the public and student tables in the first load', () => {
    expect(lazyAreaOf('/admin/question/list')).toBe('admin');
    expect(lazyAreaOf('/admin')).toBe('admin');
    expect(lazyAreaOf('/WTPteacher/history')).toBe('teacher');
    expect(lazyAreaOf('/parent')).toBe('parent');
    expect(lazyAreaOf('/administration')).toBeNull();
    expect(lazyAreaOf('/student/home')).toBeNull();
  });
});

describe('landing area after login (docs/domain.md "Agencies, users, roles")', () => {
  it.each([
    [['edu:admin'], '/admin'],
    [['edu:agency:demo:admin'], '/admin'],
    [['edu:agency:demo:teacher'], '/admin'],
    [['edu:agency:demo:question:admin'], '/admin'],
    [['edu:knowledge:admin'], '/admin'],
    [['edu:agency:demo:student'], '/student/home'],
    [['edu:parent'], '/parent/'],
    [['edu:homework:teacher'], '/WTPteacher/'],
    [['edu:agency:demo:student', 'edu:agency:demo:teacher'], '/admin'],
    [[], null],
  ])('%j → %s', (roles, home) => {
    expect(homePathFor(roles)).toBe(home);
  });
});
