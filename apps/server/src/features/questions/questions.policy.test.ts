// Each branch of the question rules.
import { describe, expect, it } from 'vitest';
import { editability, plainText, questionAccess, readsFullQuestion, searchTextOf } from './questions.policy.js';
import { normaliseTagNames, tagMatches } from '../tags/tags.policy.js';

describe('question policy', () => {
  it('staff of the agency read the full question; students, parents and other agencies do not', () => {
    expect(readsFullQuestion(['edu:agency:demo:admin'], 'demo')).toBe(true);
    expect(readsFullQuestion(['edu:agency:demo:question:admin'], 'demo')).toBe(true);
    expect(readsFullQuestion(['edu:agency:demo:train:admin'], 'demo')).toBe(true);
    expect(readsFullQuestion(['edu:agency:demo:teacher'], 'demo')).toBe(true);
    expect(readsFullQuestion(['edu:agency:demo:student'], 'demo')).toBe(false);
    expect(readsFullQuestion(['edu:parent'], 'demo')).toBe(false);
    expect(readsFullQuestion(['edu:agency:other:admin'], 'demo')).toBe(false);
    expect(readsFullQuestion(['edu:admin'], 'demo')).toBe(false);
  });

  it('questionAccess: own agency, subscribed repository, or none', () => {
    expect(questionAccess({ agencyId: 'demo', repoId: 1 }, 'demo', [])).toBe('owned');
    expect(questionAccess({ agencyId: 'other', repoId: 3 }, 'demo', [3])).toBe('subscribed');
    expect(questionAccess({ agencyId: 'other', repoId: 2 }, 'demo', [3])).toBe('none');
    expect(questionAccess(undefined, 'demo', [3])).toBe('none');
  });

  it('editability: versions once there are records; read-only by reference', () => {
    expect(editability('owned', 0, 1)).toEqual({
      editable: true,
      willVersion: false,
      records: 0,
      version: 1,
      reason: null,
    });
    expect(editability('owned', 3, 2)).toMatchObject({ editable: true, willVersion: true, records: 3, version: 2 });
    expect(editability('subscribed', 3, 2)).toMatchObject({ editable: false, willVersion: false });
    expect(editability('subscribed', 0, 1).reason).toContain('共享题库');
  });

  it('plain text and search text', () => {
    expect(plainText('<p>A &amp; <b>B</b>&nbsp;c</p>')).toBe('A & B c');
    expect(
      searchTextOf({
        title: 'T',
        question: '<p>stem</p>',
        options: [{ content: 'opt' }],
        questionSub: [{ title: 'sub', desc: '', options: [{ content: 'so' }] }],
      }),
    ).toBe('T stem opt sub so');
  });

  it('tags: matched by name or system key; names trimmed and de-duplicated', () => {
    expect(tagMatches({ name: '变式题', key: 'variant' }, 'variant')).toBe(true);
    expect(tagMatches({ name: '变式题', key: 'variant' }, '变式题')).toBe(true);
    expect(tagMatches({ name: 'variant', key: null }, 'variant')).toBe(true);
    expect(tagMatches({ name: '其他', key: null }, 'mock')).toBe(false);
    expect(normaliseTagNames([' a ', 'a', '', 'b'])).toEqual(['a', 'b']);
  });
});
