// The README's test command: lint beside typecheck-then-format, unit + API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set, for the files that read it), then the e2e journeys in headless Chromium, two files at
// once. Ends with one "N passed, N failed" line summed over every vitest run. The unit and API runs use every core
// (TEST_WORKERS overrides; docs/testing.md "Running the suite").
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles } from './database-tests.mjs';

const reports = mkdtempSync(join(tmpdir(), 'edu-test-'));
const workers = process.env.TEST_WORKERS ?? String(Math.max(availableParallelism(), 1));
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

/**
 * Each entry runs after the one before; the steps of one entry run at the same time, and a step's `then` after it
 * (whatever its status). Lint is the longest of the checks (about 155 s alone on 2 cores, typecheck 64 s, format 27 s):
 * it gets a core to itself while typecheck and then format share the other, instead of three processes on two cores
 * (docs/testing.md "Running the suite").
 */
const stages = [
  [
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'], buffered: true },
    {
      name: 'typecheck',
      cmd: 'npm',
      args: ['run', 'typecheck'],
      buffered: true,
      then: { name: 'format', cmd: 'npm', args: ['run', 'format:check'], buffered: true },
    },
  ],
  [vitest('unit + API (PGlite)', 'pglite', [`--maxWorkers=${workers}`], { TEST_DB: 'pglite' })],
];
if (process.env.TEST_DATABASE_URL) {
  // Only the files that can run differently there: the rest ran in the stage before (scripts/database-tests.mjs).
  const files = databaseTestFiles(fileURLToPath(new URL('..', import.meta.url)));
  stages.push([
    vitest('API (PostgreSQL)', 'postgres', ['--project', 'server', `--maxWorkers=${workers}`, ...files], {
      TEST_DB: 'postgres',
    }),
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
if (process.env.SKIP_E2E !== '1') stages.push([vitest('e2e', 'e2e', ['--config', 'e2e/vitest.config.ts'])]);

/** Runs a step and then its `then`, if any; the status is the first failure's. */
async function runChain(step) {
  const status = await run(step);
  if (!step.then) return status;
  const next = await runChain(step.then);
  return status !== 0 ? status : next;
}

/** Runs one step; a buffered step's output is printed in one piece when it ends, so that parallel steps do not interleave. */
function run({ name, cmd, args, env, buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const out = [];
    if (buffered) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('close', (status) => {
      if (buffered) console.log(`\n=== ${name} ===\n${Buffer.concat(out).toString()}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
      resolve(status ?? 1);
    });
  });
}

let passed = 0;
let failed = 0;
let code = 0;
const began = Date.now();
for (const stage of stages) {
  for (const step of stage) if (!step.buffered) console.log(`\n=== ${step.name} ===`);
  const statuses = await Promise.all(stage.map(runChain));
  for (const { report } of stage) {
    if (report && existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      passed += json.numPassedTests ?? 0;
      failed += json.numFailedTests ?? 0;
    }
  }
  const bad = statuses.find((s) => s !== 0);
  if (bad !== undefined) {
    code = bad;
    if (failed === 0) failed = 1;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed (${((Date.now() - began) / 60000).toFixed(1)} min)`);
process.exit(code);
