// An exam on a paper (docs/performance.md "An exam on a paper"), on PostgreSQL, given as a task (an exam is: a paper
// given through a task is reachable only through it): STUDENTS students of one class start the task's paper of PAPER
// questions drawn from the training bench's bank all at once (`PUT /v1/student/task/:id/do`, each on a fresh
// connection), then hand it in all at once — in START_ROUNDS rounds, a task of the same paper each. The last round's
// students answer between the two over 50 connections in a closed loop (each training one answer at a time, through
// the paper in order and round again: a running paper takes any number of answers, the last of each question counts)
// in ROUNDS rounds of DURATION seconds. Reported: each burst's p99 and the CPU a start or hand-in costs; per answer
// round, answers a second, p50/p99 and the CPU an answer costs the server, the database's backends and the load
// generator (/proc).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../e2e/support/server-process.js';
import { call } from '../lib/api.js';
import { answerFor } from '../lib/answer-requests.js';
import { cpuSampler, monotonicUs } from '../lib/cpu.js';
import { machine, writeResult } from '../lib/knowledge-graph.js';
import { rawRequest } from '../lib/raw-http.js';
import { generateTrainingBench, mintTrainingAccounts } from '../generators/trainings.js';

const smoke = process.argv.includes('--smoke');
/**
 * `--br`: every request says `Accept-Encoding: br, gzip` as a browser's does, so the answers come compressed
 * (plugins/compression.ts): the bursts' client inflates them, the answers' client does not read them.
 */
const compressed = process.argv.includes('--br');
const STUDENTS = smoke ? 60 : 500;
/** Tasks of the paper started and handed in at once, one after the other: one burst is one sample. */
const START_ROUNDS = smoke ? 1 : 3;
const PAPER = smoke ? 20 : 50;
const QUESTIONS = smoke ? 100 : 200;
const ROUNDS = smoke ? 1 : 3;
const DURATION = Number(process.env.BENCH_DURATION ?? (smoke ? 2 : 10));
const CONNECTIONS = 50;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_exam_paper_${Date.now()}`;
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface PaperQuestion {
  id: string;
  type: string;
}
interface PaperView {
  trainId: string;
  status: string;
  paper: { questions: PaperQuestion[] } | null;
}
/** A started paper and where its student is in it. */
interface Sitting {
  trainId: string;
  token: string;
  questions: PaperQuestion[];
  at: number;
}

psql(`CREATE DATABASE ${dbName}`);
console.log(`database ${dbName}`);
const server = await startServer({ DATABASE_URL: databaseUrl, SEED: 'demo', LOG_LEVEL: 'warn' });
const sql = new pg.Client({ connectionString: databaseUrl });
await sql.connect();
let out: Record<string, unknown> | undefined;
try {
  const accounts = await mintTrainingAccounts(sql, STUDENTS);
  const bench = await generateTrainingBench(server.baseURL, accounts, { questions: QUESTIONS });
  const agency = { baseURL: server.baseURL, token: bench.agencyToken, agencyId: 'demo' };
  // The paper: PAPER questions of the bench's bank (the agency's newest: the demo's own came before them).
  const { rows } = await sql.query<{ id: string }>(
    `select id::text from (select id from questions where agency_id = 'demo' order by id desc limit $1) q order by id`,
    [PAPER],
  );
  const trainRepos = await call<{ list: { id: string; owned: boolean }[] }>(agency, 'GET', '/v1/train/repositories');
  const paper = await call<{ schemeId: string }>(agency, 'POST', '/v1/train/scheme/ordered/submit', {
    request: {
      title: '试卷基准考试',
      kpRange: [bench.kp],
      timeLimit: 0,
      questionIds: rows.map((r) => r.id),
      trainRepoId: trainRepos.list.find((r) => r.owned)!.id,
    },
  });
  await call(agency, 'POST', `/v1/train/scheme/${paper.schemeId}/on`);
  // The class sitting the exam.
  const cls = await sql.query<{ id: string }>(
    `insert into classes (agency_id, kind, name) values ('demo', 'ordinary', '试卷基准班') returning id::text`,
  );
  await sql.query('insert into class_members (class_id, user_id) select $1, unnest($2::bigint[])', [
    Number(cls.rows[0].id),
    bench.students.map((s) => s.id),
  ]);
  const headersOf = (token: string): Record<string, string> => ({
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'X-Agency-Id': 'demo',
    ...(compressed ? { 'Accept-Encoding': 'br, gzip' } : {}),
  });
  const cpu = await cpuSampler(server.pid, PG_ADMIN_URL, dbName);
  /** Every student at once, each on a fresh connection: the burst's wall time, p50/p99 and CPU per request. */
  const burst = async (label: string, send: (s: (typeof bench.students)[number]) => ReturnType<typeof rawRequest>) => {
    const before = await cpu.sample();
    const t0 = performance.now();
    const from = monotonicUs();
    const replies = await Promise.all(bench.students.map(send));
    const wallMs = performance.now() - t0;
    const to = monotonicUs();
    const latencies = replies.map((h) => h.ms).sort((a, b) => a - b);
    const figures = {
      requests: replies.length,
      succeeded: replies.filter((h) => h.status === 200).length,
      wallMs: Math.round(wallMs),
      p50ms: Math.round(pct(latencies, 50)),
      p99ms: Math.round(pct(latencies, 99)),
      ...cpu.perRequest(before, await cpu.sample(), replies.length),
      window: [from, to],
    };
    console.log(label, JSON.stringify(figures));
    return { figures, replies };
  };
  const starts = [];
  const handIns = [];
  let sittings: Sitting[] = [];
  let taskId = '';
  for (let round = 1; round <= START_ROUNDS; round++) {
    const task = await call<{ taskId: string }>(agency, 'PUT', '/v1/task', {
      request: {
        title: `试卷基准考试 第 ${round} 场`,
        schemeId: paper.schemeId,
        classId: cls.rows[0].id,
        startTime: Date.now() - 1000,
        deadline: Date.now() + 3_600_000,
        latePolicy: 'none',
        homework: false,
      },
    });
    taskId = task.taskId;
    const started = await burst(`starts [${round}/${START_ROUNDS}]`, (s) =>
      rawRequest(server.baseURL, 'PUT', `/v1/student/task/${task.taskId}/do`, headersOf(s.token)),
    );
    const held = await sql.query<{ n: string; students: string }>(
      `select count(*) as n, count(distinct user_id) as students from trainings where task_id = $1`,
      [Number(task.taskId)],
    );
    starts.push({
      round,
      ...started.figures,
      trainings: Number(held.rows[0].n),
      students: Number(held.rows[0].students),
    });
    sittings = started.replies.map((r, i) => {
      const view = (JSON.parse(r.body) as { response: PaperView }).response;
      if (!view.paper) throw new Error('the paper started without its questions');
      return { trainId: view.trainId, token: bench.students[i].token, questions: view.paper.questions, at: 0 };
    });
    if (round < START_ROUNDS) handIns.push({ round, ...(await handIn(sittings, task.taskId)) });
  }
  await sql.query('analyze');
  console.log(`${sittings.length} students sat the paper of ${rows.length} questions`);

  // The closed loop: a request takes an idle sitting and answers its next question; its answer gives it back.
  const idle = [...sittings];
  const busy = new Map<string, Sitting>();
  const runTag = Date.now().toString(36);
  let n = 0;
  let failed = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      // The request's context (autocannon keeps one per connection, from a request's setup to its response)
      // names the sitting it answers, so the response need not be read (it may come compressed).
      setupRequest: (req, context: { trainId?: string }) => {
        const s = idle.shift();
        if (!s) throw new Error('no idle sitting left: more students');
        busy.set(s.trainId, s);
        context.trainId = s.trainId;
        const q = s.questions[s.at % s.questions.length];
        return {
          ...req,
          path: `/v1/train/${s.trainId}/answer`,
          headers: {
            Authorization: `Bearer ${s.token}`,
            'X-Agency-Id': 'demo',
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(compressed ? { 'Accept-Encoding': 'br, gzip' } : {}),
          },
          body: JSON.stringify({
            request: { clientAnswerId: `paper-${runTag}-${n}`, questionId: q.id, answer: answerFor(q.type, n++) },
          }),
        };
      },
      onResponse: (status, _body, context: { trainId?: string }) => {
        if (status !== 200) {
          failed++;
          return;
        }
        const s = context.trainId === undefined ? undefined : busy.get(context.trainId);
        if (!s) return;
        busy.delete(s.trainId);
        s.at++;
        idle.push(s);
      },
    },
  ];
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await cpu.sample();
    const r = await autocannon({
      url: `${server.baseURL}/v1/train/0/answer`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests,
    });
    const figures = {
      round,
      answersPerSec: Math.round(r.requests.total / DURATION),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      ...cpu.perRequest(before, await cpu.sample(), r.requests.total),
    };
    console.log('answers', JSON.stringify(figures));
    rounds.push(figures);
    // Answers cut off by the round's end: their sittings go back (each answer is stored or not; the next one is new).
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const s of busy.values()) idle.push(s);
    busy.clear();
  }

  // The end of the exam: every student hands in at once.
  handIns.push({ round: START_ROUNDS, ...(await handIn(sittings, taskId)) });

  /** Every sitting handed in at once (each on a fresh connection); every training of the task must have ended. */
  async function handIn(of: Sitting[], task: string) {
    const before = await cpu.sample();
    const t0 = performance.now();
    const from = monotonicUs();
    const replies = await Promise.all(
      of.map((s) => rawRequest(server.baseURL, 'POST', `/v1/train/${s.trainId}/finish`, headersOf(s.token))),
    );
    const wallMs = performance.now() - t0;
    const to = monotonicUs();
    const latencies = replies.map((h) => h.ms).sort((a, b) => a - b);
    const ended = await sql.query<{ n: string }>(
      `select count(*) as n from trainings where task_id = $1 and status <> 'running'`,
      [Number(task)],
    );
    const figures = {
      students: of.length,
      succeeded: replies.filter((h) => h.status === 200).length,
      ended: Number(ended.rows[0].n),
      wallMs: Math.round(wallMs),
      p50ms: Math.round(pct(latencies, 50)),
      p99ms: Math.round(pct(latencies, 99)),
      ...cpu.perRequest(before, await cpu.sample(), of.length),
      window: [from, to],
    };
    console.log('hand-in', JSON.stringify(figures));
    return figures;
  }
  await cpu.close();
  const middle = <T>(xs: T[], key: keyof T) => [...xs].sort((a, b) => Number(a[key]) - Number(b[key]))[xs.length >> 1];
  out = {
    scenario: 'exam-paper',
    smoke,
    acceptEncoding: compressed ? 'br, gzip' : null,
    date: new Date().toISOString(),
    machine: machine(),
    students: sittings.length,
    paperQuestions: rows.length,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    failedAnswers: failed,
    medianRound: middle(rounds, 'answersPerSec'),
    rounds,
    starts,
    startsMedianP99ms: middle(starts, 'p99ms').p99ms,
    allStarted: starts.every(
      (r) => r.succeeded === r.requests && r.trainings === r.requests && r.students === r.requests,
    ),
    handIns,
    handInsMedianP99ms: middle(handIns, 'p99ms').p99ms,
    allHandedIn: handIns.every((r) => r.succeeded === r.students && r.ended === r.students),
  };
} finally {
  await sql.end();
  await server.stop();
  psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
await writeResult(
  join(import.meta.dirname, `../results/exam-paper${smoke ? '.smoke' : ''}${compressed ? '.br' : ''}.json`),
  out,
);
