// The agencyId rule of docs/architecture.md §4: a query or body agencyId must equal the X-Agency-Id agency.
// No route of the foundation carries such a field yet (question lists will), so it is tested here.
// Also: routes with their own access check register only through registerCheckedApi, and only they do.
import { API } from '@edu/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { checkAgencyFields, registerApi, registerCheckedApi } from './route.js';

const fieldOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return (e as ApiError).fields?.[0]?.path;
  }
  return null;
};

describe('checkAgencyFields', () => {
  it('accepts matching or absent agencyId fields', () => {
    expect(
      fieldOf(() => checkAgencyFields('demo', { agencyId: 'demo' }, { request: { agencyId: 'demo' } })),
    ).toBeNull();
    expect(fieldOf(() => checkAgencyFields('demo', { start: 0 }, undefined))).toBeNull();
    // Routes without an agency rule have no agency in context: nothing to compare.
    expect(fieldOf(() => checkAgencyFields(null, { agencyId: 'other' }, undefined))).toBeNull();
  });

  it('answers 400 naming the field that names another agency', () => {
    expect(fieldOf(() => checkAgencyFields('demo', { agencyId: 'other' }, undefined))).toBe('agencyId');
    expect(fieldOf(() => checkAgencyFields('demo', {}, { request: { agencyId: 'other' } }))).toBe('request.agencyId');
    expect(() => checkAgencyFields('demo', { agencyId: 'other' }, undefined)).toThrow(ApiError);
  });
});

describe('registering routes with their own access check', () => {
  const app = Fastify();
  const handler = () => ({ isCorrect: true }) as never;

  it('registerApi refuses a route whose rule is its own check', () => {
    expect(() => registerApi(app, API.questionTest, handler)).toThrow('register it with registerCheckedApi');
  });

  it('registerCheckedApi refuses a route guarded by its rule', () => {
    expect(() => registerCheckedApi(app, API.questionGet, async () => null, handler)).toThrow(
      'register it with registerApi',
    );
  });
});
