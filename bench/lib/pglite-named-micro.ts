// PGlite with and without named statements (docs/pglite.md "Named statements"): two copies of the demo database in
// one process, one opened as the server opens it (data statements named, PGLITE_NAMED_STATEMENTS) and one with every
// statement unnamed (0); the demo student starts the demo's adaptive scheme and answers it, over and over, in
// alternating rounds on the two, through the real app (`inject`: routing, validation, access, envelope). The
// process's CPU per answer (starts included, one every training) is the figure: PGlite runs inside this process.
// Usage: npx tsx bench/lib/pglite-named-micro.ts [rounds=10] [answers a round=40]
import type { Training, TrainingAnswerResult } from '@edu/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed-data.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';
import { seedDemoPractice } from '../../apps/server/src/seed/seed-trainings.js';
import { createServices } from '../../apps/server/src/services.js';

const ROUNDS = Number(process.argv[2] ?? 10);
const PER_ROUND = Number(process.argv[3] ?? 40);
const WARM_ROUNDS = 2;

const seeded = await openDatabase({});
await migrateDatabase(seeded);
const seedConfig = testConfig({ seed: 'demo' });
await seedDatabase(seeded.db, seedConfig);
// The demo's schemes and practice, as the server seeds them on its first start (server.ts).
await seedDemoPractice(seeded.db, (clock) => createServices({ db: seeded.db, config: seedConfig, clock }).training);
if (seeded.kind !== 'pglite') throw new Error('expected PGlite');
const dump = await seeded.client.dumpDataDir('none');
await seeded.close();

async function variant(label: string, namedStatements: number) {
  const database = await openDatabase({ loadDataDir: dump, namedStatements });
  const config = testConfig({ seed: 'demo', pgliteNamedStatements: namedStatements });
  const app = await buildApp({ db: database.db, config });
  await app.ready();
  await app.services.jobs.stop();
  const call = async <T>(method: 'PUT' | 'POST', url: string, token?: string, body?: unknown): Promise<T> => {
    const r = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}`, 'x-agency-id': 'demo' } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const env = r.json<{ errno: number; errmsg: string; response: T }>();
    if (env.errno !== 0) throw new Error(`${label} ${method} ${url}: ${env.errno} ${env.errmsg}`);
    return env.response;
  };
  const login = await call<{ access_token: string }>('POST', '/v1/auth/login', undefined, {
    request: { username: 'student', password: DEMO_PASSWORD },
  });
  const token = login.access_token;
  // The demo's adaptive scheme (its general scheme open to the student).
  const open = await app.inject({
    method: 'GET',
    url: '/v1/train/open/schemes',
    headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo' },
  });
  const schemes = open.json<{ response: { list: { schemeId: string; type: string }[] } }>().response.list;
  const scheme = schemes.find((s) => s.type === 'general');
  if (!scheme) throw new Error(`${label}: no general scheme open to the demo student`);
  return { label, app, database, call, token, schemeId: scheme.schemeId, cpuMs: 0, answers: 0 };
}

const variants = [await variant('named', testConfig().pgliteNamedStatements), await variant('unnamed', 0)];
let n = 0;
const answerOf = (type: string) => (type === 'trueFalse' ? ['T'] : /choice/i.test(type) ? ['A'] : ['answer']);
for (let round = 0; round < ROUNDS + WARM_ROUNDS; round++) {
  for (const v of variants) {
    const c0 = process.cpuUsage();
    let training: Training | undefined;
    for (let i = 0; i < PER_ROUND; i++) {
      if (!training?.question)
        training = await v.call<Training>('PUT', `/v1/train/scheme/${v.schemeId}/start`, v.token);
      const q = training.question!;
      const answered = await v.call<TrainingAnswerResult>('POST', `/v1/train/${training.trainId}/answer`, v.token, {
        request: { clientAnswerId: `named-micro-${n++}`, questionId: q.id, answer: answerOf(q.type) },
      });
      training = answered.training;
    }
    // Leave no training running, so the next round starts one as a student does.
    if (training?.question) await v.call('POST', `/v1/train/${training.trainId}/finish`, v.token);
    const c = process.cpuUsage(c0);
    if (round >= WARM_ROUNDS) {
      v.cpuMs += (c.user + c.system) / 1000;
      v.answers += PER_ROUND;
    }
  }
}
for (const v of variants) {
  console.log(
    JSON.stringify({ variant: v.label, answers: v.answers, cpuMsPerAnswer: +(v.cpuMs / v.answers).toFixed(2) }),
  );
  await v.app.close();
  await v.database.close();
}
