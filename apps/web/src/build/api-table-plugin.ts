// Build step (docs/performance.md "Bundle"): the web calls the API through the contract's route table, but
// the table carries every route's zod schemas, and zod with the schemas is ~34 KB brotli of the student's
// first load. This plugin serves the virtual module `virtual:api-table`: the same table with only what a call
// uses (method, path and the raw body/response flags), read from the contract at build time so that it cannot
// drift. src/api/routes.ts gives it the contract's types.
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import type { ApiRoute } from '@edu/contract';
import { routeInfo } from './api-table';

export const API_TABLE_MODULE = 'virtual:api-table';
const RESOLVED = `\0${API_TABLE_MODULE}`;

export function apiTablePlugin(): Plugin {
  return {
    name: 'edu-api-table',
    resolveId: (id) => (id === API_TABLE_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // Loaded with tsx: Vite's config loader leaves the workspace package (TypeScript sources) to Node.
      const contract = (await tsImport('@edu/contract', import.meta.url)) as { API: Record<string, ApiRoute> };
      return `export const API_TABLE = ${JSON.stringify(routeInfo(contract.API))};`;
    },
  };
}
