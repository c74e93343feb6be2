import { describe, expect, it } from 'vitest';
import { adminSections, firstSubjectCode, selectedKey, visibleSections } from './sections';
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
    ]);
    expect(keys(['edu:coach:admin'])).toEqual(['home', 'user-coach']);
    expect(keys(['edu:agency:demo:admin'], 'other')).toEqual(['home']);
    expect(keys([])).toEqual(['home']);
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
