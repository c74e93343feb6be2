// How many journey files run at once: E2E_WORKERS, 2 by default (docs/testing.md "Journeys side by side").
/** The journeys are about three quarters CPU-bound on 2 cores; a third file at once would only queue for a core. */
const DEFAULT_WORKERS = 2;
const MAX_WORKERS = 8;

export function e2eWorkers(): number {
  const set = Number(process.env.E2E_WORKERS);
  return Number.isInteger(set) && set >= 1 && set <= MAX_WORKERS ? set : DEFAULT_WORKERS;
}
