// Data for the scheme statistics benchmark, straight into a PostgreSQL database that the server migrated
// and seeded (SEED=demo): one switched-on paper of 50 demo questions, 2,000 students of demo and 20,000
// ended trainings of that paper (10 rounds of one training per student, 180 days apart in all), 50 first
// answers each = 1,000,000 answer records. A student answers right with the probability of a Rasch model,
// logistic(ability − difficulty), so the indices look like a real class's. Each round is written as a student
// would leave it — running trainings, their answers, then one statement ending them — so the statistics
// triggers (migration 0013) do the work they do in production; the time they take is reported.
import pg from 'pg';

export interface StatsBench {
  schemeId: number;
  questions: number;
  students: number;
  trainings: number;
  answerRecords: number;
  /** Seconds: everything, and the part spent ending trainings (the triggers folding them into buckets). */
  seconds: number;
  foldSeconds: number;
  /** First and last training start (epoch ms). */
  firstStart: number;
  lastStart: number;
}

export const FULL = { students: 2000, rounds: 10, questions: 50, days: 180 };
export const SMOKE = { students: 40, rounds: 3, questions: 20, days: 20 };

export async function generateSchemeStats(url: string, size: typeof FULL): Promise<StatsBench> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: qs } = await c.query<{ id: string }>(
      `select id from questions where agency_id = 'demo' and status = 'active' order by id limit $1`,
      [size.questions],
    );
    if (qs.length < size.questions) throw new Error(`only ${qs.length} demo questions`);
    const ids = qs.map((q) => q.id);
    const phases = [
      {
        phase: '试卷',
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: '作答',
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds: ids },
            repeat: 1,
            judgeWay: 'once',
            requireCorrect: 0,
          },
        ],
      },
    ];
    const { rows: repo } = await c.query<{ id: string }>(
      `select id from train_repos where agency_id = 'demo' order by id limit 1`,
    );
    const {
      rows: [scheme],
    } = await c.query<{ id: string }>(
      `insert into schemes (agency_id, train_repo_id, title, type, status, init_phase, init_point, time_limit, kp_range, phases)
       values ('demo', $1, '期末统测（基准）', 'paper', 'on', '试卷', '作答', 3600, '{}', $2) returning id`,
      [repo[0].id, JSON.stringify(phases)],
    );
    const schemeId = Number(scheme.id);
    const snapshot = {
      title: '期末统测（基准）',
      type: 'paper',
      engine: { type: 'paper', initPhase: '试卷', initPoint: '作答', timeLimit: 3600, kpRange: [], phases },
    };

    // Students with an ability, questions with a difficulty (standard normal, Box–Muller).
    await c.query(
      `create temp table bench_q as
      select id::bigint as id, row_number() over (order by id) as ord,
             sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) as difficulty
      from unnest($1::bigint[]) as id`,
      [ids],
    );
    const {
      rows: [{ hash }],
    } = await c.query<{ hash: string }>(`select password_hash as hash from users where username = 'student'`);
    await c.query(
      `create temp table bench_s as
       with u as (
         insert into users (username, name, password_hash)
         select 'bench-stats-' || g, '学生' || g, $1 from generate_series(1, $2) g
         returning id
       )
       select id, sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) as ability from u`,
      [hash, size.students],
    );
    await c.query(`insert into user_roles (user_id, role) select id, 'edu:agency:demo:student' from bench_s`);

    const start0 = Date.UTC(2026, 0, 1);
    const spanMs = size.days * 86_400_000;
    const drawn = JSON.stringify({ drawn: ids, pending: { kind: 'done' } });
    let foldMs = 0;
    for (let round = 0; round < size.rounds; round++) {
      // Round r's trainings start at random times in its slice of the span.
      const from = start0 + Math.floor((spanMs * round) / size.rounds);
      const width = Math.floor(spanMs / size.rounds);
      await c.query(
        `insert into trainings (agency_id, scheme_id, user_id, scheme, seed, status, state, started_at, max_score)
         select 'demo', $1, s.id, $2::jsonb, 1, 'running', $3::jsonb,
                to_timestamp(($4 + floor(random() * $5)) / 1000.0), $6
         from bench_s s`,
        [schemeId, JSON.stringify(snapshot), drawn, from, width, size.questions],
      );
      // One answer per question, about 20 s apart.
      await c.query(
        `insert into answer_records (agency_id, question_id, version, user_id, training_id, client_answer_id,
                                     submission, result, score, is_correct, first, phase, point, created_at)
         select 'demo', q.id, 1, t.user_id, t.id, 'bench-' || t.id || '-' || q.ord,
                jsonb_build_object('answer', jsonb_build_array(case when r.ok then 'A' else 'B' end)),
                jsonb_build_object('score', case when r.ok then 1 else 0 end, 'isCorrect', r.ok, 'pending', false),
                case when r.ok then 1 else 0 end, r.ok, true, '试卷', '作答', t.started_at + q.ord * interval '20 seconds'
         from trainings t
         join bench_s s on s.id = t.user_id
         cross join bench_q q
         cross join lateral (select random() < 1 / (1 + exp(q.difficulty - s.ability)) as ok) r
         where t.scheme_id = $1 and t.status = 'running'`,
        [schemeId],
      );
      const tf = performance.now();
      // The last round leaves 2 % running; 5 % of the others run out of time (expired).
      await c.query(
        `update trainings t set
           status = case when random() < 0.05 then 'expired' else 'finished' end,
           ended_at = t.started_at + (a.n * 20 + 30) * interval '1 second',
           answered = a.n, correct = a.c, score = a.c
         from (select training_id, count(*)::int as n, (count(*) filter (where is_correct))::int as c
               from answer_records where training_id in (select id from trainings where scheme_id = $1 and status = 'running')
               group by training_id) a
         where t.id = a.training_id and ($2::boolean or random() >= 0.02)`,
        [schemeId, round < size.rounds - 1],
      );
      // The ended trainings were noted (migration 0051): fold them all now, as the background fold would.
      await c.query('select scheme_stats_fold_pending(null, null, 2147483647)');
      foldMs += performance.now() - tf;
      console.log(`round ${round + 1}/${size.rounds}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await c.query('vacuum analyze');
    const {
      rows: [tot],
    } = await c.query<{ trainings: string; records: string; first: Date; last: Date }>(
      `select (select count(*) from trainings where scheme_id = $1) as trainings,
              (select count(*) from answer_records a join trainings t on t.id = a.training_id where t.scheme_id = $1) as records,
              (select min(started_at) from trainings where scheme_id = $1) as first,
              (select max(started_at) from trainings where scheme_id = $1) as last`,
      [schemeId],
    );
    return {
      schemeId,
      questions: size.questions,
      students: size.students,
      trainings: Number(tot.trainings),
      answerRecords: Number(tot.records),
      seconds: (performance.now() - t0) / 1000,
      foldSeconds: foldMs / 1000,
      firstStart: new Date(tot.first).getTime(),
      lastStart: new Date(tot.last).getTime(),
    };
  } finally {
    await c.end();
  }
}
