// Training benchmark (issue 4) on PostgreSQL, in one run:
//  1. the exam-start stampede: STAMPEDE students start the same training at once — every start must succeed,
//     p99 < 500 ms, and the database must hold exactly one training per student;
//  2. answer submission (judge + record + state advance) at 50 connections over every started training (a
//     training is answered by one connection at a time: its answers are sequential, the trainings run in
//     parallel), beside the no-database route and a single-INSERT route measured in the same run. Target:
//     ≥ 25 % of the single-INSERT route's req/s with p99 < 50 ms.
// Writes bench/results/training.json. Usage: npx tsx bench/scenarios/training.ts [--smoke] [--keep-db]
//   --smoke    50 students, 2 s per measurement (training.smoke.json)
//   --keep-db  keep the generated database (its name is printed) instead of dropping it
// BENCH_SERVER_NODE_OPTIONS is given to the server as NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, pool } from '../lib/api.js';
import { measure, type Figures } from '../lib/measure.js';
import { generateTrainingBench } from '../generators/trainings.js';

const smoke = process.argv.includes('--smoke');
const keepDb = process.argv.includes('--keep-db');
const STAMPEDE = smoke ? 50 : 500;
/** Students who start the scheme before the stampede (warming the start path up); they answer too. */
const WARM_STUDENTS = smoke ? 10 : 50;
const QUESTIONS = smoke ? 300 : 600;
const DURATION = Number(process.env.BENCH_DURATION ?? (smoke ? 2 : 10));
const ROUNDS = smoke ? 1 : 3;
const WARMUP = smoke ? 1 : 3;
const CONNECTIONS = 50;
const TARGET = { answerShareOfInsert: 0.25, answerP99ms: 50, stampedeP99ms: 500 };
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const dbName = `bench_training_${Date.now()}`;
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);

interface StartedTraining {
  trainId: string;
  token: string;
  question: { id: string; type: string };
}
interface TrainingView {
  trainId: string;
  question: { id: string; type: string } | null;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** An answer to the question, right about two times in three. */
function answerFor(type: string, n: number): string[] {
  const right = n % 3 !== 0;
  if (type === 'singleChoice') return [right ? 'B' : 'A'];
  if (type === 'multipleChoice') return right ? ['A', 'C'] : ['A'];
  return [right ? 'T' : 'F'];
}

/**
 * Autocannon requests that answer the trainings' current questions. A request takes an idle training, and its
 * answer (which carries the training's next question) gives it back; so every training has at most one answer
 * in flight, and one that ends (or answers an error) leaves the rotation. Requests still in flight when
 * autocannon stops are resynchronised by `resync`.
 */
function answerRequests(baseURL: string, trainings: StartedTraining[]) {
  const idle = [...trainings];
  const busy = new Map<string, StartedTraining>();
  let n = 0;
  const stats = { answered: 0, ended: 0, failed: 0 };
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      setupRequest: (req) => {
        const t = idle.shift();
        if (!t) throw new Error('no idle training left: start more students');
        busy.set(t.trainId, t);
        return {
          ...req,
          path: `/v1/train/${t.trainId}/answer`,
          headers: {
            Authorization: `Bearer ${t.token}`,
            'X-Agency-Id': 'demo',
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify({
            request: {
              clientAnswerId: `bench-${t.trainId}-${randomBytes(6).toString('hex')}`,
              questionId: t.question.id,
              answer: answerFor(t.question.type, n++),
            },
          }),
        };
      },
      onResponse: (status, body) => {
        if (status !== 200) {
          stats.failed++;
          return;
        }
        const env = JSON.parse(body) as { errno: number; response: { training: TrainingView } };
        const training = env.response.training;
        const t = busy.get(training.trainId);
        if (!t) return;
        busy.delete(training.trainId);
        stats.answered++;
        if (!training.question) {
          stats.ended++;
          return;
        }
        t.question = training.question;
        idle.push(t);
      },
    },
  ];
  /** The trainings whose answer was cut off by the end of a run: read where they stand and put them back. */
  const resync = async () => {
    await new Promise((r) => setTimeout(r, 500));
    const left = [...busy.values()];
    busy.clear();
    await pool(left, 10, async (t) => {
      const view = await call<TrainingView>(
        { baseURL, token: t.token, agencyId: 'demo' },
        'GET',
        `/v1/train/${t.trainId}`,
      );
      if (view.question) idle.push({ ...t, question: view.question });
    });
  };
  return { requests, resync, stats, idle: () => idle.length };
}

psql(`CREATE DATABASE ${dbName}`);
console.log(`database ${dbName}`);
const serverEnv = {
  DATABASE_URL: databaseUrl,
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
};
const server = await startServer(serverEnv);
type RoundFigures = Figures & { setup: string; round: number };
const roundResults: RoundFigures[] = [];
let stampede: Record<string, unknown> | undefined;
let generation: Awaited<ReturnType<typeof generateTrainingBench>> | undefined;
let answerStats: Record<string, number> | undefined;
let records: Record<string, number> | undefined;
let droppedTriggers: string[] = [];
try {
  generation = await generateTrainingBench(server.baseURL, databaseUrl, {
    questions: QUESTIONS,
    students: WARM_STUDENTS + STAMPEDE,
  });
  console.log(
    `generated ${generation.questions} questions, ${generation.students.length} students with tokens, scheme ${generation.schemeId} in ${generation.seconds.toFixed(1)} s`,
  );
  const { schemeId } = generation;
  const start = async (token: string) => {
    const t0 = performance.now();
    const t = await call<TrainingView>(
      { baseURL: server.baseURL, token, agencyId: 'demo' },
      'PUT',
      `/v1/train/scheme/${schemeId}/start`,
    );
    return { t, ms: performance.now() - t0 };
  };
  const started: StartedTraining[] = [];
  const warm = generation.students.slice(0, WARM_STUDENTS);
  await pool(warm, 5, async (s) => {
    const { t } = await start(s.token);
    started.push({ trainId: t.trainId, token: s.token, question: t.question! });
  });

  // 1. The stampede: every request sent at once.
  const crowd = generation.students.slice(WARM_STUDENTS);
  const t0 = performance.now();
  const outcomes = await Promise.allSettled(crowd.map((s) => start(s.token)));
  const wallMs = performance.now() - t0;
  const ok = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ ...o.value, token: crowd[i].token }] : []));
  const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
  for (const o of ok) started.push({ trainId: o.t.trainId, token: o.token, question: o.t.question! });
  const latencies = ok.map((o) => o.ms).sort((a, b) => a - b);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const crowdIds = crowd.map((s) => s.id);
  const { rows } = await client.query<{ trainings: string; students: string; running: string; most: string }>(
    `select count(*) as trainings, count(distinct user_id) as students,
            count(*) filter (where status = 'running') as running,
            coalesce(max(n), 0) as most
       from trainings t
       join (select user_id as u, count(*) as n from trainings where scheme_id = $1 group by user_id) c on c.u = t.user_id
      where scheme_id = $1 and user_id = any($2::bigint[])`,
    [Number(schemeId), crowdIds],
  );
  await client.end();
  const db = rows[0];
  stampede = {
    students: STAMPEDE,
    succeeded: ok.length,
    failed: failures.length,
    firstFailures: failures.slice(0, 3),
    distinctTrainIds: new Set(ok.map((o) => o.t.trainId)).size,
    wallMs: Math.round(wallMs),
    p50ms: Math.round(pct(latencies, 50)),
    p99ms: Math.round(pct(latencies, 99)),
    maxMs: Math.round(latencies[latencies.length - 1]),
    database: {
      trainings: Number(db.trainings),
      students: Number(db.students),
      running: Number(db.running),
      mostPerStudent: Number(db.most),
    },
  };
  console.log('stampede', JSON.stringify(stampede));

  // 2. Answers beside the no-database and the single-INSERT routes.
  const answers = answerRequests(server.baseURL, started);
  const agencyHeaders = {
    Authorization: `Bearer ${generation.agencyToken}`,
    'X-Agency-Id': 'demo',
    'Content-Type': 'application/json',
  };
  type Run = {
    name: string;
    opts: Omit<Parameters<typeof measure>[1], 'connections' | 'duration'>;
    after?: () => Promise<void>;
  };
  const health: Run = { name: 'GET /v1/health (no database)', opts: { url: `${server.baseURL}/v1/health` } };
  const insert: Run = {
    name: 'PUT /v1/train/repository (single INSERT)',
    opts: {
      url: `${server.baseURL}/v1/train/repository`,
      method: 'PUT',
      headers: agencyHeaders,
      body: JSON.stringify({ request: { name: '基准方案库', description: '', shared: false } }),
    },
  };
  const answer: Run = {
    name: 'POST /v1/train/:id/answer',
    opts: { url: `${server.baseURL}/v1/train/0/answer`, method: 'POST', requests: answers.requests },
    after: answers.resync,
  };
  const once = async (run: Run, label: string, duration: number) => {
    const f = await measure(`${label} ${run.name}`, { ...run.opts, connections: CONNECTIONS, duration });
    await run.after?.();
    return f;
  };
  // The machine is shared and its load drifts: the routes take turns, round after round, and the figures
  // are each route's median round.
  const rounds = async (setup: string, runs: Run[]) => {
    if (WARMUP) for (const run of runs) await once(run, '(warm-up)', WARMUP);
    for (let round = 1; round <= ROUNDS; round++)
      for (const run of runs)
        roundResults.push({ ...(await once(run, `[${setup} ${round}/${ROUNDS}]`, DURATION)), setup, round });
  };
  await rounds('as shipped', [health, insert, answer]);
  answerStats = { ...answers.stats, trainingsStillRunning: answers.idle() };

  // Diagnostic: answers without the scheme-statistics triggers on trainings and answer_records (dropped in
  // this throw-away database only), beside the single-INSERT route again, to show what they cost an answer.
  const diag = new pg.Client({ connectionString: databaseUrl });
  await diag.connect();
  const { rows: triggers } = await diag.query<{ name: string; tbl: string }>(
    `select tgname as name, tgrelid::regclass::text as tbl from pg_trigger
      where not tgisinternal and tgname like 'scheme\\_stats\\_%' and tgrelid in ('trainings'::regclass, 'answer_records'::regclass)`,
  );
  for (const t of triggers) await diag.query(`drop trigger ${t.name} on ${t.tbl}`);
  await diag.end();
  if (triggers.length > 0) {
    droppedTriggers = triggers.map((t) => `${t.tbl}.${t.name}`);
    await rounds('stats triggers dropped', [insert, answer]);
  }

  // Every acknowledged answer is one record, and each training's record count equals its answers.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const r = await check.query<{ records: string; answers: string; dup: string }>(
    `select (select count(*) from answer_records a join trainings t on t.id = a.training_id where t.scheme_id = $1) as records,
            (select coalesce(sum(jsonb_array_length(state->'answers')), 0) from trainings where scheme_id = $1) as answers,
            (select count(*) from (select training_id, client_answer_id from answer_records group by 1, 2 having count(*) > 1) d) as dup`,
    [Number(schemeId)],
  );
  await check.end();
  records = {
    records: Number(r.rows[0].records),
    stateAnswers: Number(r.rows[0].answers),
    duplicates: Number(r.rows[0].dup),
  };
  console.log('records', JSON.stringify(records), 'answer stats', JSON.stringify(answerStats));
} finally {
  await server.stop();
  if (keepDb) console.log(`kept database ${dbName}`);
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

/** Per setup and route, the round with the median req/s. */
const median = (setup: string, url: string) => {
  const xs = roundResults.filter((f) => f.setup === setup && f.url === url).sort((a, b) => a.reqPerSec - b.reqPerSec);
  return xs[Math.floor(xs.length / 2)];
};
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * Per setup: each round's answers req/s as a share of the single-INSERT route's in the same round (measured
 * seconds apart, so under about the same load), and the answers' p99 — the medians over the rounds.
 */
const shares = (setup: string) => {
  const inRound = (round: number, url: string) =>
    roundResults.find((f) => f.setup === setup && f.round === round && f.url === url);
  const pairs = Array.from({ length: ROUNDS }, (_, i) => [
    inRound(i + 1, '/v1/train/repository'),
    inRound(i + 1, '/v1/train/0/answer'),
  ]).filter((p): p is [RoundFigures, RoundFigures] => !!p[0] && !!p[1]);
  if (pairs.length === 0) return null;
  return {
    perRound: pairs.map(([i, a]) => Number((a.reqPerSec / i.reqPerSec).toFixed(3))),
    shareOfInsert: Number(middle(pairs.map(([i, a]) => a.reqPerSec / i.reqPerSec)).toFixed(3)),
    answerP99ms: middle(pairs.map(([, a]) => a.p99ms)),
  };
};
const results = ['as shipped', 'stats triggers dropped'].flatMap((setup) =>
  ['/v1/health', '/v1/train/repository', '/v1/train/0/answer'].flatMap((url) => {
    const m = median(setup, url);
    return m ? [m] : [];
  }),
);
const shipped = shares('as shipped');
const verdict = {
  answers: shipped,
  answersWithoutStatsTriggers: shares('stats triggers dropped'),
  answerMet:
    !!shipped && shipped.shareOfInsert >= TARGET.answerShareOfInsert && shipped.answerP99ms < TARGET.answerP99ms,
  stampedeMet:
    stampede.failed === 0 &&
    stampede.succeeded === STAMPEDE &&
    (stampede.p99ms as number) < TARGET.stampedeP99ms &&
    (stampede.database as { trainings: number; students: number; mostPerStudent: number }).trainings === STAMPEDE &&
    (stampede.database as { mostPerStudent: number }).mostPerStudent === 1,
};
const out = {
  scenario: 'training',
  smoke,
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  },
  targets: TARGET,
  verdict,
  runs: [
    {
      db: 'postgres',
      questions: generation?.questions,
      students: generation?.students.length,
      generationSeconds: generation ? Number(generation.seconds.toFixed(1)) : null,
      stampede,
      answers: { ...answerStats, ...records },
      droppedTriggers,
      medians: results,
      rounds: roundResults,
    },
  ],
};
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(dir, smoke ? 'training.smoke.json' : 'training.json');
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
console.log(
  `${verdict.answerMet ? 'MET   ' : 'MISSED'} answers ≥ ${TARGET.answerShareOfInsert * 100} % of single INSERT and p99 < ${TARGET.answerP99ms} ms: ${JSON.stringify(shipped)}`,
);
console.log(`(without the scheme-stats triggers: ${JSON.stringify(verdict.answersWithoutStatsTriggers)})`);
console.log(`${verdict.stampedeMet ? 'MET   ' : 'MISSED'} stampede: ${JSON.stringify(stampede)}`);
console.log(`written ${file}`);
