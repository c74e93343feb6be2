import { describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from './spec-routes.js';

const PREFIX = { admin: '/admin', student: '/student', parent: '/parent', teacher: '/WTPteacher', public: '/public' };

describe('SPEC_ROUTES', () => {
  it('lists every docs/product.md §2 route once', () => {
    const patterns = SPEC_ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    const byArea = Object.fromEntries(
      Object.keys(PREFIX).map((a) => [a, SPEC_ROUTES.filter((r) => r.area === a).length]),
    );
    // Admin: /admin, 8 top-level and 43 nested pages, class/tldraw/:id listed once, plus the read-only question
    // preview of issue 17 (not in docs/product.md §2). Public includes '/'.
    expect(byArea).toEqual({ admin: 53, student: 22, parent: 4, teacher: 4, public: 4 });
  });

  it('writes absolute react-router patterns inside their area', () => {
    for (const { area, pattern } of SPEC_ROUTES) {
      expect(pattern).toMatch(/^\/([A-Za-z]+|:[A-Za-z]+\??)?(\/([A-Za-z]+|:[A-Za-z]+\??))*$/);
      if (pattern !== '/') expect(pattern === PREFIX[area] || pattern.startsWith(`${PREFIX[area]}/`)).toBe(true);
      const params = pattern.match(/:[A-Za-z]+/g) ?? [];
      expect(new Set(params).size, pattern).toBe(params.length);
    }
  });

  it('has one optional parameter, the last segment of question/create', () => {
    expect(SPEC_ROUTES.filter((r) => r.pattern.includes('?')).map((r) => r.pattern)).toEqual([
      '/admin/question/create/:type/:from?',
    ]);
  });

  it('keeps the spec spellings', () => {
    const all = SPEC_ROUTES.map((r) => r.pattern).join(' ');
    for (const word of [
      '/admin/class/homework/sroce/:id',
      '/admin/class/homework/sroceAll',
      '/admin/class/sroce/:id/:classId',
      '/admin/knowledgraph/groups',
      '/admin/user/WTteacher/list',
      '/student/knowledgegraph/mine',
      '/WTPteacher/change/:taskId/:homeworkId',
    ])
      expect(all).toContain(word);
  });

  it('includes the bare area prefixes and the root', () => {
    const patterns = SPEC_ROUTES.map((r) => r.pattern);
    for (const p of ['/admin', '/student', '/student/home', '/parent', '/WTPteacher', '/'])
      expect(patterns).toContain(p);
  });
});
