import { describe, expect, it } from 'vitest';
import { API as CONTRACT_API, type ApiRoute } from '@edu/contract';
import { API } from '../api/routes';
import { routeInfo } from './api-table';

describe('the web API table (virtual:api-table)', () => {
  it('has every route of the contract with its method, path and flags', () => {
    const contract = CONTRACT_API as Record<string, ApiRoute>;
    expect(Object.keys(API).sort()).toEqual(Object.keys(contract).sort());
    for (const [name, r] of Object.entries(contract)) {
      const web = (API as Record<string, ApiRoute>)[name];
      expect({ name, method: web.method, path: web.path }).toEqual({ name, method: r.method, path: r.path });
      expect(Boolean(web.rawBody)).toBe(Boolean(r.rawBody));
      expect(Boolean(web.rawResponse)).toBe(Boolean(r.rawResponse));
    }
  });

  it('carries no zod schema (they would bring zod into the first load)', () => {
    for (const r of Object.values(API as Record<string, ApiRoute>)) {
      expect(Object.keys(r).sort()).toEqual(expect.arrayContaining(['method', 'path']));
      for (const key of ['params', 'query', 'body', 'response']) expect(r).not.toHaveProperty(key);
    }
    expect(JSON.stringify(routeInfo({ me: CONTRACT_API.me }))).toBe('{"me":{"method":"GET","path":"/v1/auth/me"}}');
  });
});
