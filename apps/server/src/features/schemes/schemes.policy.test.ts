// Unit tests of the pure scheme rules: access by agency and subscription, the paper's shape, duplicates.
import { validateScheme } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { duplicatePositions, paperScheme, schemeAccess } from './schemes.policy.js';

describe('schemeAccess', () => {
  const scheme = { agencyId: 'other', trainRepoId: 7 };
  it('owned, subscribed through its train repository, or none', () => {
    expect(schemeAccess(scheme, 'other', [])).toBe('owned');
    expect(schemeAccess(scheme, 'demo', [7])).toBe('subscribed');
    expect(schemeAccess(scheme, 'demo', [8])).toBe('none');
    expect(schemeAccess(undefined, 'demo', [7])).toBe('none');
  });
});

describe('paperScheme', () => {
  it('is one phase with one point fixing the questions in order, drawn at once, judged once', () => {
    const s = paperScheme({ kpRange: ['en'], timeLimit: 600, questionIds: ['3', '1', '2'] });
    expect(s).toMatchObject({ type: 'paper', timeLimit: 600, kpRange: ['en'] });
    expect(s.phases).toHaveLength(1);
    expect(s.phases[0].points).toEqual([
      expect.objectContaining({ selectors: { questionIds: ['3', '1', '2'] }, repeat: 3, judgeWay: 'once' }),
    ]);
    expect(s.initPhase).toBe(s.phases[0].phase);
    expect(s.initPoint).toBe(s.phases[0].points[0].name);
  });

  it("passes the engine's structure rules", () => {
    expect(validateScheme(paperScheme({ kpRange: [], timeLimit: 0, questionIds: ['1'] }))).toEqual([]);
  });
});

describe('duplicatePositions', () => {
  it('names every repeat after the first occurrence', () => {
    expect(duplicatePositions(['1', '2', '1', '3', '2', '1'])).toEqual([2, 4, 5]);
    expect(duplicatePositions([])).toEqual([]);
  });
});
