// No link leads a role to a page it may not open (docs/routes.md "Links"): every page that links to other pages —
// the statistics pages, the read-only question preview and the student's report — is rendered for each role that
// may open it, and every link's target must pass the contract's route rules for that role and match a route the
// router registers for them (else the link would answer 页面不存在).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { matchPath } from 'react-router';
import { canAccessPath, type TrainingComments } from '@edu/contract';
import { allowedRoutes } from '../../../shell/route-table';
import { loginInfo, question } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { ANSWERS, REPORT, STUDENT_STATS, USERS } from '../../../test/train-stats';

const ROLES = {
  teacher: ['edu:agency:demo:teacher'],
  agencyAdmin: ['edu:agency:demo:admin'],
  trainAdmin: ['edu:agency:demo:train:admin'],
  student: ['edu:agency:demo:student'],
} as const;

const COMMENTS: TrainingComments = { trainId: '301', commentable: true, canComment: true, overall: null, records: [] };
const STUDENT_REPORT = { ...REPORT, training: { ...REPORT.training, type: 'general' as const } };

const API = {
  'GET /v1/train/scheme/7/stats/user': USERS,
  'GET /v1/train/scheme/7/stats/answer': ANSWERS,
  'GET /v1/train/report/301': STUDENT_REPORT,
  'GET /v1/train/301/comments': COMMENTS,
  'GET /v1/train/student/11/stats': STUDENT_STATS,
  'GET /v1/exam/question/1': question({ id: '1' }),
  'GET /v1/train/301/questions': STUDENT_REPORT.records,
};

/** Each page, and a text that says it has loaded. */
const PAGES: [path: string, loaded: string | RegExp][] = [
  ['/admin/train/7/dashboard', '期中模拟卷 · 训练看板'],
  ['/admin/train/7/dashboard/group', '期中模拟卷 · 学生对比'],
  ['/admin/train/report/301', '训练报告 · 期中模拟卷'],
  ['/admin/train/comment/301/stats/11', '训练点评 · 期中模拟卷'],
  ['/admin/train/comment/301/group/7', '训练点评 · 期中模拟卷'],
  ['/admin/train/question/1/preview', 'Which is a noun?'],
  ['/admin/user/student/11/stats', '学生一 · 学生统计'],
  ['/student/train/report/301', /期中模拟卷/],
  ['/student/train/301/questions', '训练题目记录'],
  ['/student/train/comment/301/report', '班级点评 · 期中模拟卷'],
];

/** Staff are checked on the admin pages, the student on the student area's (open to all, but theirs). */
const pagesOf = (role: string, user: { roles: readonly string[] }) =>
  PAGES.filter(([path]) => path.startsWith(role === 'student' ? '/student/' : '/admin/')).filter(([path]) =>
    canAccessPath(path, user, 'demo'),
  );

beforeAll(() => {
  // ECharts measures text on a canvas, which jsdom lacks; without one it falls back quietly.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** The in-app links on the page (the layout's menus included). */
const links = () =>
  Array.from(document.querySelectorAll('a[href]'))
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/'));

describe('links by role', () => {
  for (const [role, roles] of Object.entries(ROLES)) {
    const user = { roles };
    const pages = pagesOf(role, user);
    const registered = allowedRoutes(user, 'demo');

    it(`${role}: every link on ${pages.length} pages leads to a page the ${role} may open`, async () => {
      expect(pages.length).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const [path, loaded] of pages) {
        const s = await makeSession(loginInfo([...roles]), API);
        renderApp(s.session, [path]);
        await screen.findAllByText(loaded);
        for (const href of links()) {
          seen.add(href);
          const bare = href.split(/[?#]/)[0];
          expect(canAccessPath(href, user, 'demo'), `${path} → ${href}`).toBe(true);
          expect(
            registered.some((r) => matchPath(r.pattern, bare)),
            `${path} → ${href}`,
          ).toBe(true);
        }
        cleanup();
      }
      // The links this test is about were there to be checked.
      const all = [...seen];
      if (role !== 'student') {
        expect(all).toContain('/admin/train/question/1/preview');
        // The bank's own page only for those who may open the bank.
        expect(all.includes('/admin/question/preview/1')).toBe(role === 'agencyAdmin');
        expect(all.includes('/admin/user/student/11/stats')).toBe(role === 'agencyAdmin');
      } else expect(all).toContain('/student/question/answer/record/r1');
    });
  }
});
