// SQL of scheme statistics. Reads the tables the triggers keep (migrations 0013_scheme_stats_triggers, 0051):
// scheme_stat_trainings for the trainings, and for the questions the joint histogram of (first-attempt mark,
// training total) per question from scheme_stat_buckets plus the items of a range's partial days. Every
// figure is computed here in SQL; the service only names and flags the rows.
import { agencyRole, type QuestionCalibration } from '@edu/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { questionCalibrations, questions, schemeStatTrainings, trainings, userRoles, users } from '../../db/schema.js';
import { foldPending, foldScheme } from './stats-fold.js';
import type { RangePlan } from './stats-range.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const ts = (ms: number) => new Date(ms).toISOString();

/** The columns of a training's student and task, for the records rule (TrainingsReadBy). */
export interface TrainingCols {
  student: SQL;
  task: SQL;
}
/** SQL true for the trainings the caller reads (docs/classes.md "Whose records a teacher reads"). */
export type TrainingsReadBy = (cols: TrainingCols) => SQL;

export interface Scope {
  schemeId: number;
  agencyId: string;
  from?: number;
  to?: number;
  /** Only the trainings the caller reads (the per-student figures); absent: all of the agency's. */
  readBy?: TrainingsReadBy;
}

/** A statistics row's student and task (scheme_stat_trainings keeps no task: its training has it). */
const STAT_TRAINING_COLS: TrainingCols = {
  student: sql`scheme_stat_trainings.user_id`,
  task: sql`(select tr.task_id from trainings tr where tr.id = scheme_stat_trainings.training_id)`,
};

export interface QuestionMoments {
  questionId: number;
  seen: number;
  attempts: number;
  facility: number;
  sd: number | null;
  discrimination: number | null;
  efficiency: number | null;
}

export interface UserRowRaw {
  userId: number;
  name: string;
  username: string;
  trainings: number;
  ended: number;
  bestScoreRate: number | null;
  meanScoreRate: number | null;
  lastScoreRate: number | null;
  totalSeconds: number;
  answered: number;
  correct: number;
  credit: number;
  lastTrainId: number;
  lastStartTime: number;
}

/** Graph practice's system schemes are left out of scheme statistics (docs/knowledge-graph.md "Practice"). */
const notSystem = sql`not exists (select 1 from graph_practice_schemes g where g.scheme_id = scheme_stat_trainings.scheme_id)`;

/**
 * The narrow rows of the trainings `where` picks, a running training's answered/correct read live from trainings:
 * its narrow row keeps those of its start until it ends (migration 0016: answers to running trainings do not
 * touch the statistics tables). The running ones are few; the ended ones are read as they are (a per-row
 * expression or join on all of them made the planner read the 20,000 rows of the bench through an index).
 */
const withLiveCounts = (where: SQL) => sql`(
    select training_id, user_id, scheme_id, status, started_at, ended_at, answered, correct, credit, score, max_score
      from scheme_stat_trainings where ${where} and status <> 'running'
    union all
    select s.training_id, s.user_id, s.scheme_id, s.status, s.started_at, s.ended_at, r.answered, r.correct,
           r.credit, s.score, s.max_score
      from (select * from scheme_stat_trainings where ${where} and status = 'running') s
      join trainings r on r.id = s.training_id)`;

/** Variances and covariances below this are taken as 0 (all marks equal): no index then. */
const EPS = 1e-12;

export class SchemeStatsRepository {
  constructor(private readonly db: Db) {}

  foldPending(): Promise<number> {
    return foldPending(this.db);
  }

  private trainingsWhere(s: Scope): SQL {
    const parts = [sql`scheme_id = ${s.schemeId}`, sql`agency_id = ${s.agencyId}`];
    if (s.from !== undefined) parts.push(sql`started_at >= ${ts(s.from)}::timestamptz`);
    if (s.to !== undefined) parts.push(sql`started_at < ${ts(s.to)}::timestamptz`);
    if (s.readBy) parts.push(s.readBy(STAT_TRAINING_COLS));
    return sql.join(parts, sql` and `);
  }

  /** Counts, mean time and score rates of the trainings started in the range. */
  async summary(s: Scope) {
    const [r] = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        select count(*)::int as started,
          (count(*) filter (where status = 'running'))::int as running,
          (count(*) filter (where status = 'finished'))::int as finished,
          (count(*) filter (where status = 'expired'))::int as expired,
          count(distinct user_id)::int as users,
          avg(extract(epoch from ended_at - started_at)) filter (where status <> 'running') as mean_seconds,
          avg(score / max_score) filter (where status <> 'running' and max_score > 0) as mean_rate,
          percentile_cont(0.5) within group (order by score / nullif(max_score, 0))
            filter (where status <> 'running' and max_score > 0) as median_rate
        from scheme_stat_trainings where ${this.trainingsWhere(s)}`),
    );
    return {
      started: Number(r.started),
      running: Number(r.running),
      finished: Number(r.finished),
      expired: Number(r.expired),
      users: Number(r.users),
      meanSeconds: num(r.mean_seconds),
      meanScoreRate: num(r.mean_rate),
      medianScoreRate: num(r.median_rate),
    };
  }

  /** Ended trainings per tenth of the score rate (bucket 0..buckets−1; full marks in the last). */
  async scoreBuckets(s: Scope, buckets: number): Promise<Map<number, number>> {
    const rows = rowsOf<{ b: number; n: number }>(
      await this.db.execute(sql`
        select least(floor(score * ${buckets} / max_score), ${buckets - 1})::int as b, count(*)::int as n
        from scheme_stat_trainings
        where ${this.trainingsWhere(s)} and status <> 'running' and max_score > 0
        group by 1`),
    );
    return new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  }

  /** Per local day (offset minutes east of UTC): trainings started, and those of them ended, that day. */
  async timeline(s: Scope, utcOffset: number) {
    const off = utcOffset * 60_000;
    const dayOf = (col: SQL) => sql`floor((extract(epoch from ${col}) * 1000 + ${off}) / 86400000)::bigint`;
    const rows = rowsOf<{ day: string; started: number; ended: number }>(
      await this.db.execute(sql`
        with t as (select started_at, ended_at, status from scheme_stat_trainings where ${this.trainingsWhere(s)}),
        d as (
          select ${dayOf(sql`started_at`)} as day, 1 as started, 0 as ended from t
          union all
          select ${dayOf(sql`ended_at`)}, 0, 1 from t where status <> 'running' and ended_at is not null
        )
        select day::text as day, sum(started)::int as started, sum(ended)::int as ended from d group by day order by day`),
    );
    return rows.map((r) => ({ day: Number(r.day) * 86_400_000 - off, started: r.started, ended: r.ended }));
  }

  /** One row per student, best score rate first (then name, id); and how many students there are. */
  async users(s: Scope, page: { start: number; size: number }): Promise<UserRowRaw[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        with t as (
          select training_id, user_id, status, started_at, ended_at, answered, correct, credit,
            case when status <> 'running' and max_score > 0 then score / max_score end as rate
          from ${withLiveCounts(this.trainingsWhere(s))} as st
        ), u as (
          select user_id, count(*)::int as trainings,
            (count(*) filter (where status <> 'running'))::int as ended,
            max(rate) as best, avg(rate) as mean,
            (array_agg(rate order by started_at desc, training_id desc) filter (where rate is not null))[1] as last_rate,
            coalesce(sum(extract(epoch from ended_at - started_at)) filter (where status <> 'running'), 0) as seconds,
            sum(answered)::int as answered, sum(correct)::int as correct, sum(credit) as credit,
            (array_agg(training_id order by started_at desc, training_id desc))[1] as last_train,
            max(started_at) as last_start
          from t group by user_id
        )
        select u.*, users.name, users.username from u join users on users.id = u.user_id
        order by u.best desc nulls last, users.name, u.user_id
        offset ${page.start} limit ${page.size}`),
    );
    return rows.map((r) => ({
      userId: Number(r.user_id),
      name: String(r.name),
      username: String(r.username),
      trainings: Number(r.trainings),
      ended: Number(r.ended),
      bestScoreRate: num(r.best),
      meanScoreRate: num(r.mean),
      lastScoreRate: num(r.last_rate),
      totalSeconds: Math.round(Number(r.seconds)),
      answered: Number(r.answered),
      correct: Number(r.correct),
      credit: Number(r.credit),
      lastTrainId: Number(r.last_train),
      lastStartTime: new Date(r.last_start as string | Date).getTime(),
    }));
  }

  /**
   * Per question, over the ended trainings started in the range: first attempts, facility, sd and (papers)
   * Moodle's discrimination index and discriminative efficiency. x = the first-attempt mark, r = X − x the
   * rest of the training's first-attempt total; Cov_max pairs the sorted x with the sorted r.
   */
  async questions(s: Scope, plan: RangePlan, paper: boolean): Promise<QuestionMoments[]> {
    // The items of trainings ended since the last fold are folded first (stats-fold.ts).
    await foldScheme(this.db, s.schemeId, s.agencyId);
    const fromBuckets = plan.all
      ? sql`level = 0`
      : plan.buckets.length
        ? sql.join(
            plan.buckets.map((b) => {
              const c = [sql`level = ${b.level}`];
              if (b.from !== null) c.push(sql`bucket >= ${b.from}`);
              if (b.to !== null) c.push(sql`bucket < ${b.to}`);
              return sql`(${sql.join(c, sql` and `)})`;
            }),
            sql` or `,
          )
        : sql`false`;
    const fromItems = plan.raw.length
      ? sql.join(
          plan.raw.map((r) => {
            const c = [sql`true`];
            if (r.from !== null) c.push(sql`started_at >= ${ts(r.from)}::timestamptz`);
            if (r.to !== null) c.push(sql`started_at < ${ts(r.to)}::timestamptz`);
            return sql`(${sql.join(c, sql` and `)})`;
          }),
          sql` or `,
        )
      : sql`false`;
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        with h0 as (
          select question_id, score, total, n, attempted from scheme_stat_buckets
          where scheme_id = ${s.schemeId} and agency_id = ${s.agencyId} and (${fromBuckets})
          union all
          select question_id, score, total, 1, attempted::int from scheme_stat_items
          where scheme_id = ${s.schemeId} and agency_id = ${s.agencyId} and (${fromItems})
        ), h as (
          select question_id as q, score as x, total - score as r, sum(n)::float8 as n, sum(attempted)::int as a
          from h0 group by 1, 2, 3 having sum(n) > 0
        ), m as (
          select q, sum(n) as n, sum(a)::int as a, sum(n * x) / sum(n) as mx, sum(n * r) / sum(n) as mr from h group by q
        ), c as (
          select h.q, sum(h.n * (h.x - m.mx) ^ 2) as cxx, sum(h.n * (h.r - m.mr) ^ 2) as crr,
            sum(h.n * (h.x - m.mx) * (h.r - m.mr)) as cxr
          from h join m using (q) group by h.q
        ), xs as (
          select q, x, sum(n) as n from h group by q, x
        ), xi as (
          select q, x, n, sum(n) over (partition by q order by x) as hi from xs
        ), rs as (
          select q, r, sum(n) as n from h group by q, r
        ), ri as (
          select q, r, n, sum(n) over (partition by q order by r) as hi from rs
        ), cm as (
          -- The k-th smallest x with the k-th smallest r: overlapping rank intervals of the two histograms.
          select xi.q, sum((least(xi.hi, ri.hi) - greatest(xi.hi - xi.n, ri.hi - ri.n)) * (xi.x - m.mx) * (ri.r - m.mr)) as cmax
          from xi join ri on ri.q = xi.q and xi.hi - xi.n < ri.hi and ri.hi - ri.n < xi.hi
          join m on m.q = xi.q
          group by xi.q
        )
        select m.q, m.n, m.a, m.mx as facility,
          case when m.n > 1 then sqrt(c.cxx / (m.n - 1)) end as sd,
          case when ${paper}::boolean and c.cxx / m.n > ${EPS} and c.crr / m.n > ${EPS}
            then 100 * c.cxr / sqrt(c.cxx * c.crr) end as discrimination,
          case when ${paper}::boolean and cm.cmax / m.n > ${EPS} then 100 * c.cxr / cm.cmax end as efficiency
        from m join c using (q) join cm using (q)
        order by m.q`),
    );
    return rows.map((r) => ({
      questionId: Number(r.q),
      seen: Math.round(Number(r.n)),
      attempts: Number(r.a),
      facility: Number(r.facility),
      sd: num(r.sd),
      discrimination: num(r.discrimination),
      efficiency: num(r.efficiency),
    }));
  }

  /** Ended trainings started in the range (the population of the question figures). */
  async endedCount(s: Scope): Promise<number> {
    const [r] = rowsOf<{ n: number }>(
      await this.db.execute(
        sql`select count(*)::int as n from scheme_stat_trainings where ${this.trainingsWhere(s)} and status <> 'running'`,
      ),
    );
    return Number(r.n);
  }

  /** Titles and types, and the agency's calibration of each (docs/practice-engine.md "Draw modes"), null when none. */
  async questionInfo(
    agencyId: string,
    ids: number[],
  ): Promise<Map<number, { title: string; type: string; calibration: QuestionCalibration | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      // Most questions have no title: the start of their plain text names them instead.
      .select({
        id: questions.id,
        title: sql<string>`coalesce(nullif(${questions.title}, ''), left(${questions.searchText}, 80))`,
        type: questions.type,
        k: questionCalibrations,
      })
      .from(questions)
      .leftJoin(
        questionCalibrations,
        and(eq(questionCalibrations.agencyId, agencyId), eq(questionCalibrations.questionId, questions.id)),
      )
      .where(inArray(questions.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          title: r.title,
          type: r.type,
          calibration: r.k
            ? {
                a: r.k.a,
                b: r.k.b,
                c: r.k.c,
                answers: r.k.answers,
                rights: r.k.rights,
                facility: r.k.facility,
                calibratedAt: r.k.calibratedAt.getTime(),
              }
            : null,
        },
      ]),
    );
  }

  /** The user when they are a student of the agency or have trained in it. */
  async student(agencyId: string, userId: number) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          sql`(exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${agencyRole('student', agencyId)})
            or exists (select 1 from ${schemeStatTrainings} where ${schemeStatTrainings.agencyId} = ${agencyId} and ${schemeStatTrainings.userId} = ${users.id}))`,
        ),
      );
    return row;
  }

  /**
   * A student's figures over all their trainings in the agency, a lesson's training included (docs/scheme-stats.md
   * "Lesson trainings"; the triggers copy it like any): `schemes` counts real schemes only (a lesson's scheme_id is
   * minus the lesson's id).
   */
  async studentSummary(agencyId: string, userId: number) {
    const [r] = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        select count(*)::int as trainings, (count(*) filter (where status <> 'running'))::int as ended,
          (count(distinct scheme_id) filter (where scheme_id > 0))::int as schemes, coalesce(sum(answered), 0)::int as answered,
          coalesce(sum(correct), 0)::int as correct, coalesce(sum(credit), 0) as credit,
          avg(score / max_score) filter (where status <> 'running' and max_score > 0) as mean_rate,
          coalesce(sum(extract(epoch from ended_at - started_at)) filter (where status <> 'running'), 0) as seconds
        from ${withLiveCounts(sql`agency_id = ${agencyId} and user_id = ${userId} and ${notSystem}`)} as st`),
    );
    return {
      trainings: Number(r.trainings),
      ended: Number(r.ended),
      schemes: Number(r.schemes),
      answered: Number(r.answered),
      correct: Number(r.correct),
      credit: Number(r.credit),
      meanScoreRate: num(r.mean_rate),
      totalSeconds: Math.round(Number(r.seconds)),
    };
  }

  async studentTrainings(agencyId: string, userId: number, page: { start: number; size: number }) {
    const where = and(
      eq(trainings.agencyId, agencyId),
      eq(trainings.userId, userId),
      sql`not exists (select 1 from graph_practice_schemes g where g.scheme_id = ${trainings.schemeId})`,
    );
    const [total] = await this.db.select({ n: count() }).from(trainings).where(where);
    const rows = await this.db
      .select({
        id: trainings.id,
        schemeId: trainings.schemeId,
        lessonId: trainings.lessonId,
        title: sql<string>`${trainings.scheme} ->> 'title'`,
        type: sql<string>`${trainings.scheme} ->> 'type'`,
        status: trainings.status,
        answered: trainings.answered,
        correct: trainings.correct,
        credit: trainings.credit,
        score: trainings.score,
        maxScore: trainings.maxScore,
        startedAt: trainings.startedAt,
        endedAt: trainings.endedAt,
      })
      .from(trainings)
      .where(where)
      .orderBy(desc(trainings.startedAt), desc(trainings.id))
      .offset(page.start)
      .limit(page.size);
    return { total: total?.n ?? 0, rows };
  }
}
