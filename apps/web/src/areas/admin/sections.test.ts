import { describe, expect, it } from 'vitest';
import { API, type ApiRoute } from '@edu/contract';
import { adminSections, firstSubjectCode, profileSection, selectedKey, visibleSections } from './sections';
import { KPS, loginInfo } from '../../test/fixtures';

const all = adminSections('en');
const keys = (roles: string[], agency = 'demo') =>
  visibleSections(all, loginInfo(roles), agency).flatMap((s) => s.links.map((l) => l.key));

describe('admin sections', () => {
  it('the knowledge entry opens the first subject', () => {
    expect(firstSubjectCode(KPS)).toBe('en');
    expect(firstSubjectCode([])).toBe('first');
    expect(all.find((s) => s.key === 'knowledge')?.links[0].path).toBe('/admin/knowledge/list/en');
  });

  it('each link is shown only when docs/product.md §6 allows its path', () => {
    // The knowledge admin acts in no agency: classes, tasks and the store's agency side are not theirs.
    expect(keys(['edu:knowledge:admin'])).toEqual(['home', 'knowledge']);
    expect(keys(['edu:agency:demo:teacher'])).toEqual([
      'home',
      'train-list',
      'train-repo',
      'train-marking',
      'class-ordinary',
      'class-event',
      'task',
      'store',
      'recitation-list',
      'recitation-compare',
    ]);
    expect(keys(['edu:coach:admin'])).toEqual(['home', 'user-coach']);
    expect(keys(['edu:agency:demo:admin'], 'other')).toEqual(['home']);
    expect(keys([])).toEqual(['home']);
  });

  it('offers the platform admin only pages whose calls answer them (docs/routes.md "The admin menu offers what works")', () => {
    expect(keys(['edu:admin'])).toEqual([
      'home',
      'knowledge',
      'knowledgraph',
      'user-coach',
      'agency',
      'store',
      'ai-agency',
      'ai-platform',
    ]);
    // The same in any agency they choose: classes, tasks, homework scores and recitation are the agency's staff's.
    expect(keys(['edu:admin'], 'other')).toEqual(keys(['edu:admin']));
  });

  it("each link names its page's main calls, and its roles are exactly those calls' rules", () => {
    const rulesOf = (route: ApiRoute) =>
      route.access.kind === 'roles' || route.access.kind === 'ownCheck' ? route.access.roles : undefined;
    for (const l of all.flatMap((s) => s.links)) {
      if (l.key === 'home') {
        expect(l.calls).toEqual([]);
        continue;
      }
      expect(l.calls.length, l.key).toBeGreaterThan(0);
      const rules = l.calls.map((c) => rulesOf(API[c]));
      if (rules.every((r) => r === undefined)) expect(l.roles, l.key).toBeUndefined();
      // Either call will do: the union of their rules' alternatives.
      else
        expect(l.roles, l.key).toEqual([
          ...new Map(rules.flatMap((r) => r ?? []).map((a) => [a.join('+'), a])).values(),
        ]);
    }
  });

  it('shows the AI settings to whom their calls answer: the agency admin, the platform admin', () => {
    expect(keys(['edu:agency:demo:admin']).filter((k) => k.startsWith('ai-'))).toEqual(['ai-agency']);
    expect(keys(['edu:admin']).filter((k) => k.startsWith('ai-'))).toEqual(['ai-agency', 'ai-platform']);
    expect(keys(['edu:agency:demo:question:admin']).filter((k) => k.startsWith('ai-'))).toEqual([]);
    expect(keys(['edu:agency:demo:teacher']).filter((k) => k.startsWith('ai-'))).toEqual([]);
  });

  it('shows the teaching helpers to whom the recitation calls answer: the agency admin and teachers', () => {
    const recitation = (roles: string[], agency = 'demo') =>
      keys(roles, agency).filter((k) => k.startsWith('recitation-'));
    expect(recitation(['edu:agency:demo:admin'])).toEqual(['recitation-list', 'recitation-compare']);
    expect(recitation(['edu:agency:demo:teacher'])).toEqual(['recitation-list', 'recitation-compare']);
    expect(recitation(['edu:agency:demo:question:admin'])).toEqual([]);
    expect(recitation(['edu:agency:demo:teacher'], 'other')).toEqual([]);
    expect(selectedKey(all, '/admin/recitation/7/edit')).toBe('recitation-list');
    expect(selectedKey(all, '/admin/recitation/compare')).toBe('recitation-compare');
  });

  it('selects the entry with the longest matching prefix', () => {
    expect(selectedKey(all, '/admin')).toBe('home');
    expect(selectedKey(all, '/admin/knowledge/list/ma')).toBe('knowledge');
    expect(selectedKey(all, '/admin/question/edit/3')).toBe('question-list');
    expect(selectedKey(all, '/admin/question/repository/detail/1/x')).toBe('question-repo');
    expect(selectedKey(all, '/admin/train/report/9')).toBe('train-list');
    expect(selectedKey(all, '/admin/train/marking')).toBe('train-marking');
    expect(selectedKey(all, '/admin/user/teacher/5/profile')).toBe('user-teacher');
    expect(selectedKey(all, '/admin/')).toBe('home');
    expect(selectedKey(all, '/admin/class/7/tasks')).toBeUndefined();
  });
});

describe('我的资料', () => {
  it('links an agency teacher of the agency in context to their own profile, and nobody else', () => {
    const teacher = loginInfo(['edu:agency:demo:teacher'], ['demo'], { id: '42' });
    const profile = profileSection(teacher, 'demo');
    expect(profile?.links).toEqual([
      expect.objectContaining({ label: '我的资料', path: '/admin/user/teacher/42/profile' }),
    ]);
    expect(selectedKey([...visibleSections(all, teacher, 'demo'), profile!], '/admin/user/teacher/42/profile')).toBe(
      'profile',
    );
    expect(profileSection(teacher, 'other')).toBeNull();
    expect(profileSection(loginInfo(['edu:agency:demo:admin']), 'demo')).toBeNull();
    expect(profileSection(loginInfo(['edu:agency:demo:teacher:admin']), 'demo')).toBeNull();
    expect(profileSection(null, 'demo')).toBeNull();
  });
});
