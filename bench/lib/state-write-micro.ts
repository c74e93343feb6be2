// Measures the answer's state write on its own (docs/performance.md "The answer's write as small as the change"): one
// training answered N times on one connection, its state stored whole (before migration 0047) or without its answers
// plus one appended row (after). The backend's CPU from /proc (the database must run on this machine) and the
// server-side parse and serialise per answer, averaged over M trainings of N answers each. Usage:
// npx tsx bench/lib/state-write-micro.ts <database url> [N=300] [M=1]
// (it creates and drops the tables m_trainings and m_answers in that database).
import fs from 'node:fs';
import pg from 'pg';
const url = process.argv[2];
const N = Number(process.argv[3] ?? 300);
const M = Number(process.argv[4] ?? 1);
const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query<{ p: number }>('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
await c.query(`drop table if exists m_answers; drop table if exists m_trainings;
  create table m_trainings (id bigint primary key, state json not null);
  create table m_answers (training_id bigint not null references m_trainings(id) on delete cascade, n int not null, answer json not null, primary key (training_id, n))`);
try {
  await c.query('alter table m_trainings alter column state set compression lz4');
} catch {
  // lz4 is missing on this server: pglz, as the migration leaves it.
}
const drawn = Array.from({ length: 350 }, (_, i) => String(100000 + i));
const base = {
  status: 'running',
  phase: '练习',
  point: '甲',
  pending: { kind: 'answer', questionId: '100001' },
  drawn,
  visit: { phase: '练习', point: '甲', n: 1, questionIds: drawn.slice(0, 50) },
  entries: { '练习/甲': 1 },
  answers: [] as ReturnType<typeof answerAt>[],
  score: 0,
  maxScore: 350,
  startedAt: 1795990000000,
  phaseStartedAt: 1795990000000,
  endedAt: null,
  phaseDeadline: null,
  schemeDeadline: null,
  seed: 12345,
  passed: {},
  redirected: [],
};
const answerAt = (i: number) => ({
  questionId: String(100000 + i),
  phase: '练习',
  point: '甲',
  visit: 1,
  at: 1795990000000 + i * 5000,
  score: i % 3 ? 1 : 0,
  isCorrect: i % 3 !== 0,
  mark: 1,
  first: true,
});
const fullState = `m.state::text || chr(1) || coalesce((select string_agg(a.answer::text, ',') from (select answer from m_answers where training_id = m.id order by n) a), '')`;
for (const mode of ['before', 'after', 'before', 'after', 'before', 'after']) {
  let dbWrite = 0,
    dbRead = 0,
    js = 0,
    bytes = 0;
  for (let m = 0; m < M; m++) {
    await c.query('truncate m_answers, m_trainings');
    await c.query('insert into m_trainings values (1, $1::json)', [
      JSON.stringify(mode === 'before' ? base : { ...base, answers: undefined }),
    ]);
    const state = structuredClone(base);
    for (let i = 0; i < N; i++) {
      let t = cpu();
      const r = await c.query<{ s: string }>(
        mode === 'before'
          ? 'select state::text as s from m_trainings m where id = 1'
          : `select ${fullState} as s from m_trainings m where id = 1`,
      );
      dbRead += cpu() - t;
      const j0 = performance.now();
      const text = r.rows[0].s;
      const cut = text.indexOf('\u0001');
      const got = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as { answers: unknown[] };
      if (cut >= 0) got.answers = JSON.parse(`[${text.slice(cut + 1)}]`) as unknown[];
      state.answers.push(answerAt(i));
      state.score = got.answers.length;
      state.pending.questionId = String(100001 + i);
      const params =
        mode === 'before'
          ? [JSON.stringify(state)]
          : [JSON.stringify({ ...state, answers: undefined }), i, JSON.stringify(state.answers[i])];
      js += performance.now() - j0;
      bytes += params.reduce<number>((s, p) => s + String(p).length, 0);
      t = cpu();
      if (mode === 'before') await c.query('update m_trainings set state = $1::json where id = 1', params);
      else
        await c.query(
          'with s as (update m_trainings set state = $1::json where id = 1 returning id) insert into m_answers select s.id, $2::int, $3::json from s',
          params,
        );
      dbWrite += cpu() - t;
    }
  }
  const size = (
    await c.query<{ b: string }>(
      "select pg_total_relation_size('m_trainings') + pg_total_relation_size('m_answers') as b",
    )
  ).rows[0].b;
  console.log(
    JSON.stringify({
      mode,
      answers: N,
      dbWriteMsPerAnswer: +(dbWrite / N / M).toFixed(3),
      dbReadMsPerAnswer: +(dbRead / N / M).toFixed(3),
      serverParseAndStringifyMsPerAnswer: +(js / N / M).toFixed(3),
      paramBytesPerAnswer: Math.round(bytes / N / M),
      tablesBytesAfter: Number(size),
    }),
  );
}
await c.query('drop table m_answers; drop table m_trainings');
await c.end();
