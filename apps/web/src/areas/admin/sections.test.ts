import { describe, expect, it } from 'vitest';
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
    expect(keys(['edu:knowledge:admin'])).toEqual([
      'home',
      'knowledge',
      'class-ordinary',
      'class-event',
      'task',
      'store',
    ]);
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
