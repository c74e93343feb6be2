// The README's test command: typecheck, lint, format check, unit + API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then the e2e journeys in headless Chromium. Ends with one
// "N passed, N failed" line summed over every vitest run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'edu-test-'));
const vitest = (name, key, args, env = {}) => ({
  name,
  report: join(reports, `${key}.json`),
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${key}.json`)}`,
  ],
  env,
});

const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check'] },
  vitest('unit + API (PGlite)', 'pglite', [], { TEST_DB: 'pglite' }),
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(vitest('API (PostgreSQL)', 'postgres', ['--project', 'server'], { TEST_DB: 'postgres' }));
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
if (process.env.SKIP_E2E !== '1') steps.push(vitest('e2e', 'e2e', ['--config', 'e2e/vitest.config.ts']));

let passed = 0;
let failed = 0;
let code = 0;
for (const { name, cmd, args, env, report } of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (report && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
  }
  if (r.status !== 0) {
    code = r.status ?? 1;
    if (failed === 0) failed = 1;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code);
