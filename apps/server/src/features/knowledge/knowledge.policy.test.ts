// Unit tests of the knowledge tree's pure rules.
import { describe, expect, it } from 'vitest';
import {
  ancestorCodes,
  levelOf,
  MAX_DEPTH,
  nextChildCode,
  ordinalOf,
  parentChains,
  subtreeCounts,
  ZERO_COUNTS,
} from './knowledge.policy.js';

describe('codes', () => {
  it('levels by depth, lv4 the deepest', () => {
    expect([0, 1, 2, 3, 6].map(levelOf)).toEqual(['subject', 'grade', 'chapter', 'lv1', 'lv4']);
    expect(MAX_DEPTH).toBe(6);
  });

  it('reads ordinals only from segments with the level prefix', () => {
    expect(ordinalOf('en.g7', 1)).toBe(7);
    expect(ordinalOf('en.g7.c12', 2)).toBe(12);
    expect(ordinalOf('en', 0)).toBe(0);
    expect(ordinalOf('s3', 0)).toBe(3);
    expect(ordinalOf('en.g7.c1.k2', 3)).toBe(2);
    expect(ordinalOf('en.g7.c1.x9', 3)).toBe(0);
  });

  it('assigns prefix + next ordinal, past both the counter and the present siblings', () => {
    expect(nextChildCode(null, 0, 0, ['en', 'math'])).toEqual({ code: 's1', ordinal: 1 });
    expect(nextChildCode('en', 1, 9, ['en.g7', 'en.g9'])).toEqual({ code: 'en.g10', ordinal: 10 });
    expect(nextChildCode('en.g7', 2, 0, [])).toEqual({ code: 'en.g7.c1', ordinal: 1 });
    // A deleted last child (counter 3, siblings up to 2) does not hand out c3 again.
    expect(nextChildCode('en.g7', 2, 3, ['en.g7.c1', 'en.g7.c2'])).toEqual({ code: 'en.g7.c4', ordinal: 4 });
    expect(nextChildCode('en.g7.c1.k1.k1.k1', 6, 0, [])).toEqual({ code: 'en.g7.c1.k1.k1.k1.k1', ordinal: 1 });
  });

  it('lists ancestors root first', () => {
    expect(ancestorCodes('en.g7.c1.k1')).toEqual(['en', 'en.g7', 'en.g7.c1']);
    expect(ancestorCodes('en')).toEqual([]);
  });
});

describe('parentChains', () => {
  const rows = [
    { code: 'en', parentCode: null, name: '英语', lv: 'subject', sort: 1 },
    { code: 'en.g7', parentCode: 'en', name: '初一', lv: 'grade', sort: 7 },
    { code: 'en.g7.c1', parentCode: 'en.g7', name: '词汇', lv: 'chapter', sort: 1 },
    { code: 'en.g7.c2', parentCode: 'en.g7', name: '语法', lv: 'chapter', sort: 2 },
  ];

  it('nests each chain up to the subject and shares common ancestors', () => {
    const chains = parentChains(rows);
    expect(chains.get('en')).toBeNull();
    expect(chains.get('en.g7.c1')).toEqual({
      code: 'en.g7',
      name: '初一',
      lv: 'grade',
      parent: { code: 'en', name: '英语', lv: 'subject', parent: null },
    });
    expect(chains.get('en.g7.c1')).toBe(chains.get('en.g7.c2'));
  });

  it('ends a chain where an ancestor row is missing', () => {
    expect(parentChains(rows.slice(1)).get('en.g7.c1')).toEqual({
      code: 'en.g7',
      name: '初一',
      lv: 'grade',
      parent: null,
    });
  });
});

describe('subtreeCounts', () => {
  it('adds each point’s counts to the point and every ancestor', () => {
    const direct = new Map([
      ['en.g7.c1', { refCount: 2, exampleRefCount: 1, mockRefCount: 0, varRefCount: 0 }],
      ['en.g7.c2', { refCount: 3, exampleRefCount: 0, mockRefCount: 1, varRefCount: 2 }],
    ]);
    const s = subtreeCounts(direct);
    expect(s.get('en')).toEqual({ refCount: 5, exampleRefCount: 1, mockRefCount: 1, varRefCount: 2 });
    expect(s.get('en.g7.c1')).toEqual(direct.get('en.g7.c1'));
    expect(s.get('math')).toBeUndefined();
    expect(subtreeCounts(new Map()).size).toBe(0);
    expect(ZERO_COUNTS.refCount).toBe(0);
  });
});
