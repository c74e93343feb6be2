// The dry run's child process (docs/simulation.md "Dry run of a scheme"): receives the bank, the graph's edges and the
// scheme as plain data, builds the simulated world and runs the cohort (`dry-run.ts`), sending progress and the result
// back. Its heap is bounded (SIMULATION_WORKER_MB): a run that needs more kills this process only.
import { dryRun } from './dry-run.js';
import { PROGRESS_MS, type FromDryRun, type ToDryRun } from './dry-run-protocol.js';
import { DEFAULT_MODEL } from './sim-params.js';
import { buildWorld } from './sim-world.js';

const send = (m: FromDryRun) => process.send!(m);

process.on('message', (m: ToDryRun) => {
  if (m.type !== 'start') return;
  const { data } = m;
  let last = 0;
  void (async () => {
    const world = buildWorld(DEFAULT_MODEL, data.seed, { questions: data.questions, edges: data.edges });
    const result = await dryRun(world, data.engine, {
      students: data.students,
      spread: data.spread,
      seed: data.seed,
      progress: (processed, total) => {
        const now = performance.now();
        if (processed < total && now - last < PROGRESS_MS) return;
        last = now;
        send({ type: 'progress', processed, total });
      },
    });
    send({ type: 'done', result });
  })().catch((e: unknown) => send({ type: 'error', message: e instanceof Error ? e.message : String(e) }));
});
// The server gone (its IPC channel closed): nothing to report to.
process.on('disconnect', () => process.exit(0));
