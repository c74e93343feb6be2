// Writes apps/server/openapi.json from the contract (`npm run openapi -w @edu/server`).
// The file is committed; lib/openapi.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiFileText } from '../lib/openapi.js';

export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi.json', import.meta.url));

writeFileSync(OPENAPI_FILE, openApiFileText());
console.log(`Wrote ${OPENAPI_FILE}`);
