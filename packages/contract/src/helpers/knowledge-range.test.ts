import { describe, expect, it } from 'vitest';
import { knowledgeRange } from './knowledge-range.js';

describe('knowledgeRange', () => {
  it('is unrestricted when neither side names a subtree, and one side when the other is empty', () => {
    expect(knowledgeRange([], [])).toBeNull();
    expect(knowledgeRange(['m.g1'], [])).toEqual(['m.g1']);
    expect(knowledgeRange([], ['m'])).toEqual(['m']);
  });

  it('keeps the deeper code of each nested pair and drops disjoint ones', () => {
    expect(knowledgeRange(['m.g1', 'e'], ['m'])).toEqual(['m.g1']);
    expect(knowledgeRange(['m'], ['m.g1.c2', 'm.g2'])).toEqual(['m.g1.c2', 'm.g2']);
    expect(knowledgeRange(['m.g1'], ['m.g10'])).toEqual([]);
    expect(knowledgeRange(['m.g1'], ['m.g1'])).toEqual(['m.g1']);
  });
});
