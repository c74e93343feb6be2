// The committed openapi.json must be what the contract generates now (docs/conventions.md §6).
import { readFileSync } from 'node:fs';
import { API_ROUTES } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiFileText } from './openapi.js';

const FILE = new URL('../../openapi.json', import.meta.url);

describe('openapi.json', () => {
  it('is current (regenerate with `npm run openapi -w @edu/server`)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(openApiFileText());
  });

  it('documents every route of the table with its access rule', () => {
    const doc = buildOpenApiDocument();
    for (const r of API_ROUTES) {
      const op = (
        doc.paths[r.path.replace(/:(\w+)/g, '{$1}')] as Record<string, { description: string; operationId: string }>
      )[r.method.toLowerCase()];
      expect(op?.description, `${r.method} ${r.path}`).toMatch(/^访问规则：/);
    }
    // Every path parameter is documented, also where routes share one params schema (IdParams).
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops as Record<string, { parameters?: { in: string; name: string }[] }>))
        expect(
          (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          `${method} ${path}`,
        ).toEqual(names);
    }
    // Every $ref points at a component that exists.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    for (const id of refs) expect(doc.components.schemas, id).toHaveProperty([id]);
  });
});
