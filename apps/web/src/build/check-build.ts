// `npm run check:bundle -w @edu/web`, after a build (docs/web.md "Bundle budget"): fails when the student's
// initial JavaScript exceeds its brotli budget or when a text asset lacks its precompressed .br/.gz, and
// prints the figures. Usage: tsx src/build/check-build.ts [dist directory, default apps/web/dist]
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { studentInitialJs } from './bundle-budget';
import { COMPRESSIBLE_ASSET, listFiles } from './precompress';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'dist'));
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

const missing = listFiles(dist)
  .filter((f) => COMPRESSIBLE_ASSET.test(f) && !f.startsWith('.vite/'))
  .filter((f) => !existsSync(join(dist, `${f}.br`)) || !existsSync(join(dist, `${f}.gz`)));
const r = studentInitialJs(dist);
console.log(`student initial JS (/student/home): ${r.files.length} files, ${kb(r.bytes)} raw, ${kb(r.brotli)} brotli`);
for (const f of [...r.files].sort((a, b) => b.brotli - a.brotli).slice(0, 8))
  console.log(`  ${f.file}  ${kb(f.bytes)} → ${kb(f.brotli)}`);
if (!r.ok) console.error(`FAILED: over the budget of ${kb(r.budget)} brotli`);
if (missing.length > 0) console.error(`FAILED: assets without .br/.gz: ${missing.join(', ')}`);
process.exitCode = r.ok && missing.length === 0 ? 0 : 1;
