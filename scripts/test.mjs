// The README's test command: typecheck, unit + API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then the e2e journeys in headless Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit + API (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'postgres' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
if (process.env.SKIP_E2E !== '1') steps.push(['e2e', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
