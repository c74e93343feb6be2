// The schema → arbitrary mapper of the route fuzz test: valid values follow the schema, mixed ones carry
// hostile values, and a seed gives the same values every time.
import { AgencyCreate, KnowledgePointCreate, LoginRequest, PageQuery, TagName, requestOf } from '@edu/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBadText } from '../lib/input-hygiene.js';
import { mixedArbitrary, validArbitrary } from './zod-arbitrary.js';

const SCHEMAS = { LoginRequest: requestOf(LoginRequest), PageQuery, TagName, KnowledgePointCreate, AgencyCreate };

/** Whether a value holds a string no database can store, anywhere inside it. */
const hasBadText = (v: unknown): boolean =>
  typeof v === 'string'
    ? isBadText(v)
    : v !== null && typeof v === 'object' && Object.entries(v).some(([k, x]) => isBadText(k) || hasBadText(x));

describe('zod-arbitrary', () => {
  it.each(Object.entries(SCHEMAS))('valid values of %s pass its schema', (_, schema) => {
    for (const v of fc.sample(validArbitrary(schema), { seed: 7, numRuns: 100 })) {
      expect(schema.safeParse(v).success, JSON.stringify(v)).toBe(true);
    }
  });

  it('mixed values carry U+0000 or lone surrogates, and some still pass the schema', () => {
    const schema = SCHEMAS.LoginRequest;
    const values = fc.sample(mixedArbitrary(schema), { seed: 7, numRuns: 200 });
    expect(values.some(hasBadText)).toBe(true);
    expect(values.some((v) => schema.safeParse(v).success)).toBe(true);
    expect(values.some((v) => !schema.safeParse(v).success)).toBe(true);
  });

  it('the same seed gives the same values', () => {
    const sample = () => fc.sample(mixedArbitrary(SCHEMAS.AgencyCreate), { seed: 42, numRuns: 20 });
    expect(JSON.stringify(sample())).toBe(JSON.stringify(sample()));
  });
});
