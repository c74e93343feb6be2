// Which shared demo server a journey drives. The e2e run starts one per worker (global-setup.ts) and runs that many
// files at once (e2e/vitest.config.ts), so two journeys that run side by side never see each other's writes
// (docs/testing.md "Journeys side by side").
import { inject } from 'vitest';

/** The base URL of the demo server of the worker running this file. */
export function demoServerURL(): string {
  const urls = inject('baseURLs');
  // VITEST_POOL_ID is 1…maxWorkers, and no two files that run at the same time share one.
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % urls.length];
}
