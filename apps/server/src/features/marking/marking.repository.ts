// SQL of manual marking (docs/marking.md): which answers a marker may mark (the scope), the queue, one
// training's answers, claims, and the mark written in one transaction with the record, the training and history.
import type { EngineScheme } from '@edu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { markerClasses } from './marking-classes.repository.js';
import type { Marker } from './marker.js';
import { fullState, mergeState, stateHead } from '../training/training-state.js';

export type { Marker } from './marker.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/**
 * The answers a marker may mark (over `ar` answer_records, `t` its training, `k` its task): answers of ended
 * trainings that count (a general scheme's first answer, a paper's last per question) and were left to a
 * teacher (pending, or already marked).
 */
function scope(m: Marker): SQL {
  const reads = m.reads({ student: sql`t.user_id`, task: sql`t.task_id` });
  return sql`ar.agency_id = ${m.agencyId} and ar.training_id is not null and t.status <> 'running'
    and (ar.score is null or exists (select 1 from answer_marks am where am.record_id = ar.id))
    and (case when coalesce(t.scheme->>'type', 'general') = 'paper'
           then ar.id = (select max(x.id) from answer_records x where x.training_id = ar.training_id and x.question_id = ar.question_id)
           else coalesce(ar.first, true) end)
    and (${m.admin}::boolean
      or (t.task_id is null and ${m.teacher}::boolean and ${reads})
      or (t.task_id is not null and (
            (k.class_id is not null and exists (select 1 from class_teachers ct where ct.class_id = k.class_id and ct.user_id = ${m.id}))
         or (k.class_id is null and ${m.teacher}::boolean and ${reads})
         or (k.homework and ${m.tutor}::boolean and exists (select 1 from homework_teacher_agencies h
               where h.user_id = ${m.id} and h.agency_id = ar.agency_id)))))`;
}

const FROM = sql`from answer_records ar
  join trainings t on t.id = ar.training_id
  left join tasks k on k.id = t.task_id`;

const name = (alias: string) => sql.raw(`coalesce(nullif(${alias}.name, ''), ${alias}.username, '')`);
const titleOf = sql`coalesce(nullif(q.title, ''), left(btrim(regexp_replace(q.question, '<[^>]*>', '', 'g')), 60), '')`;

export interface QueueFilter {
  status: 'pending' | 'marked';
  /** null: answers outside tasks; undefined: all. */
  taskId?: number | null;
  classId?: number;
  /** Only answers created at or before this moment. */
  createdBefore?: Date;
}

export interface ClaimCols {
  claimMarkerId: string | null;
  claimMarker: string | null;
  claimExpiresAt: number | null;
}

export interface QueueRow extends ClaimCols {
  id: string;
  trainingId: string;
  phase: string | null;
  point: string | null;
  taskId: string | null;
  schemeTitle: string;
  userId: string;
  student: string;
  questionId: string;
  type: string;
  title: string;
  createdAt: number;
  score: number | null;
  markedAt: number | null;
  total: number;
}

export interface ItemRow extends ClaimCols {
  id: string;
  trainingId: string;
  /** Where the answer was given (the mark of its question depends on it, docs/practice-engine.md "Marks"). */
  phase: string | null;
  point: string | null;
  questionId: string;
  type: string;
  title: string;
  stem: string;
  options: unknown;
  questionSub: unknown;
  submission: { answer: string[]; subAnswers?: Record<string, string[]> } | null;
  result: Record<string, unknown> | null;
  score: number | null;
  isCorrect: boolean | null;
  createdAt: number;
  markScore: number | null;
  markCorrect: boolean | null;
  markComment: string | null;
  markAnnotations: { start: number; end: number; note: string }[] | null;
  markMarkerId: string | null;
  markMarker: string | null;
  markedAt: number | null;
}

export interface TrainingHead {
  id: number;
  taskId: number | null;
  schemeTitle: string;
  student: string;
  status: string;
  score: number;
  maxScore: number;
}

/** A record as the mark's transaction reads it (under a row lock). */
export interface LockedRecord {
  id: number;
  trainingId: number;
  questionId: number;
  result: Record<string, unknown> | null;
  score: number | null;
  isCorrect: boolean | null;
}

export interface HistoryRow {
  id: string;
  recordId: string;
  trainingId: string;
  taskId: string | null;
  agencyId: string;
  student: string;
  title: string;
  schemeTitle: string;
  oldScore: number | null;
  newScore: number;
  comment: string;
  markedAt: number;
  total: number;
}

const claimCols = (now: Date) => sql`c.marker_id::text as "claimMarkerId", ${name('cu')} as "claimMarker",
  case when c.expires_at > ${now.toISOString()}::timestamptz then ${ms(sql`c.expires_at`)} end as "claimExpiresAt"`;
const claimJoin = (
  now: Date,
) => sql`left join marking_claims c on c.record_id = ar.id and c.expires_at > ${now.toISOString()}::timestamptz
  left join users cu on cu.id = c.marker_id`;

export class MarkingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The classes the queue's class filter offers (./marking-classes.repository.ts). */
  classes(m: Marker) {
    return markerClasses(this.db, m);
  }

  /** A page of the queue: pending answers oldest first; marked ones most recently marked first. */
  async queue(m: Marker, f: QueueFilter, now: Date, page: { start: number; size: number }): Promise<QueueRow[]> {
    const where: SQL[] = [scope(m)];
    where.push(
      f.status === 'pending'
        ? sql`ar.score is null`
        : sql`exists (select 1 from answer_marks am where am.record_id = ar.id)`,
    );
    if (f.taskId === null) where.push(sql`t.task_id is null`);
    else if (f.taskId !== undefined) where.push(sql`t.task_id = ${f.taskId}`);
    if (f.classId !== undefined) where.push(sql`k.class_id = ${f.classId}`);
    if (f.createdBefore) where.push(sql`ar.created_at <= ${f.createdBefore.toISOString()}::timestamptz`);
    const order =
      f.status === 'pending' ? sql`ar.created_at asc, ar.id asc` : sql`mk.marked_at desc nulls last, ar.id desc`;
    return rowsOf<QueueRow>(
      await this.db
        .execute(sql`select ar.id::text as id, ar.training_id::text as "trainingId", t.task_id::text as "taskId", ar.phase, ar.point,
        coalesce(t.scheme->>'title', '') as "schemeTitle", ar.user_id::text as "userId", ${name('u')} as student,
        ar.question_id::text as "questionId", q.type, ${titleOf} as title, ${ms(sql`ar.created_at`)} as "createdAt",
        ar.score, ${ms(sql`mk.marked_at`)} as "markedAt", ${claimCols(now)}, (count(*) over ())::int as total
        ${FROM}
        join users u on u.id = ar.user_id
        join questions q on q.id = ar.question_id
        left join answer_marks mk on mk.record_id = ar.id
        ${claimJoin(now)}
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${page.size} offset ${page.start}`),
    );
  }

  /** The training, when it is the agency's and belongs to the task (`taskId` null: outside tasks). */
  async training(agencyId: string, trainingId: number, taskId: number | null): Promise<TrainingHead | undefined> {
    const [row] = rowsOf<TrainingHead>(
      await this.db.execute(sql`select t.id::float8 as id, t.task_id::float8 as "taskId",
        coalesce(t.scheme->>'title', '') as "schemeTitle", ${name('u')} as student, t.status, t.score, t.max_score as "maxScore"
        from trainings t join users u on u.id = t.user_id
        where t.id = ${trainingId} and t.agency_id = ${agencyId}
          and ${taskId === null ? sql`t.task_id is null` : sql`t.task_id = ${taskId}`}`),
    );
    return row;
  }

  /** The answers of a training the marker may mark (one record when `recordId` is given), in answer order. */
  async items(m: Marker, where: { trainingId?: number; recordId?: number }, now: Date): Promise<ItemRow[]> {
    const by =
      where.recordId !== undefined ? sql`ar.id = ${where.recordId}` : sql`ar.training_id = ${where.trainingId ?? 0}`;
    return rowsOf<ItemRow>(
      await this.db.execute(sql`select ar.id::text as id, ar.training_id::text as "trainingId", ar.phase, ar.point,
        ar.question_id::text as "questionId", q.type, coalesce(v.snapshot->>'title', q.title, '') as title,
        coalesce(v.snapshot->>'question', q.question) as stem, coalesce(v.snapshot->'options', q.options) as options,
        coalesce(v.snapshot->'questionSub', q.question_sub) as "questionSub",
        ar.submission, ar.result, ar.score, ar.is_correct as "isCorrect", ${ms(sql`ar.created_at`)} as "createdAt",
        mk.score as "markScore", mk.is_correct as "markCorrect", mk.comment as "markComment",
        mk.annotations as "markAnnotations", mk.marker_id::text as "markMarkerId", ${name('mu')} as "markMarker",
        ${ms(sql`mk.marked_at`)} as "markedAt", ${claimCols(now)}
        ${FROM}
        join questions q on q.id = ar.question_id
        left join question_versions v on v.question_id = ar.question_id and v.version = ar.version and ar.version <> q.version
        left join answer_marks mk on mk.record_id = ar.id
        left join users mu on mu.id = mk.marker_id
        ${claimJoin(now)}
        where ${by} and ${scope(m)}
        order by ar.id`),
    );
  }

  /** The scheme snapshots of trainings (what their questions are worth, docs/practice-engine.md "Marks"). */
  async engines(trainingIds: readonly string[]): Promise<Map<string, EngineScheme>> {
    const ids = [...new Set(trainingIds)];
    if (ids.length === 0) return new Map();
    const rows = rowsOf<{ id: string; engine: EngineScheme | null }>(
      await this.db.execute(sql`select id::text as id, scheme->'engine' as engine from trainings
        where id in (${sql.join(
          ids.map((id) => sql`${Number(id)}`),
          sql`, `,
        )})`),
    );
    return new Map(rows.flatMap((r) => (r.engine ? [[r.id, r.engine] as [string, EngineScheme]] : [])));
  }

  /** Every marking of the records, newest first. */
  async historyOf(recordIds: number[]) {
    if (recordIds.length === 0) return [];
    return rowsOf<{ recordId: string; marker: string; markedAt: number; oldScore: number | null; newScore: number }>(
      await this.db.execute(sql`select h.record_id::text as "recordId", ${name('u')} as marker,
        ${ms(sql`h.marked_at`)} as "markedAt", h.old_score as "oldScore", h.new_score as "newScore"
        from answer_mark_history h left join users u on u.id = h.marker_id
        where h.record_id in (${sql.join(
          recordIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by h.id desc`),
    );
  }

  /**
   * Takes the claim on the record for the marker (or renews their own), unless another marker holds one that
   * has not expired: then answers that one.
   */
  async claim(
    m: Marker,
    recordId: number,
    now: Date,
    expiresAt: Date,
  ): Promise<{ markerId: string; marker: string; expiresAt: number } | undefined> {
    const [row] = rowsOf<{ markerId: string; marker: string; expiresAt: number }>(
      await this.db.execute(sql`with taken as (
          insert into marking_claims (record_id, agency_id, marker_id, claimed_at, expires_at)
          values (${recordId}, ${m.agencyId}, ${m.id}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
          on conflict (record_id) do update set marker_id = excluded.marker_id, claimed_at = excluded.claimed_at,
            expires_at = excluded.expires_at
          where marking_claims.marker_id = excluded.marker_id or marking_claims.expires_at <= excluded.claimed_at
          returning marker_id, expires_at)
        select c.marker_id::text as "markerId", ${name('u')} as marker, ${ms(sql`c.expires_at`)} as "expiresAt"
        from (select marker_id, expires_at from taken
              union all
              select marker_id, expires_at from marking_claims where record_id = ${recordId} and not exists (select 1 from taken)) c
        join users u on u.id = c.marker_id`),
    );
    if (row) return row;
    // On PostgreSQL a claim committed by another marker while this statement waited on the conflict is not in
    // this statement's snapshot: the insert took nothing and the fallback read saw nothing. A new statement does.
    const [held] = rowsOf<{ markerId: string; marker: string; expiresAt: number }>(
      await this.db.execute(sql`select c.marker_id::text as "markerId", ${name('u')} as marker,
          ${ms(sql`c.expires_at`)} as "expiresAt"
        from marking_claims c join users u on u.id = c.marker_id where c.record_id = ${recordId}`),
    );
    return held;
  }

  async release(markerId: number, recordId: number, db: DbOrTx = this.db): Promise<void> {
    await db.execute(sql`delete from marking_claims where record_id = ${recordId} and marker_id = ${markerId}`);
  }

  /** The claim on the record that has not expired at `now`, if any (inside the mark's transaction). */
  async liveClaim(tx: DbOrTx, recordId: number, now: Date) {
    const [row] = rowsOf<{ markerId: number; marker: string }>(
      await tx.execute(sql`select c.marker_id::float8 as "markerId", ${name('u')} as marker
        from marking_claims c join users u on u.id = c.marker_id
        where c.record_id = ${recordId} and c.expires_at > ${now.toISOString()}::timestamptz`),
    );
    return row;
  }

  /** The record under a row lock (so two marks of one answer take turns). */
  async lockRecord(tx: DbOrTx, recordId: number): Promise<LockedRecord | undefined> {
    const [row] = rowsOf<LockedRecord>(
      await tx.execute(sql`select id::float8 as id, training_id::float8 as "trainingId", question_id::float8 as "questionId",
        result, score, is_correct as "isCorrect" from answer_records where id = ${recordId} for update`),
    );
    return row;
  }

  /** The training's state and the ids of its records in answer order, under a row lock. */
  async lockTraining(tx: DbOrTx, trainingId: number) {
    const [found] = rowsOf<{ state: string; scheme: Record<string, unknown> }>(
      await tx.execute(sql`select ${fullState} as state, scheme from trainings where id = ${trainingId} for update`),
    );
    // The state with its answers (rows of training_answers, training-state.ts).
    const row = found && { state: mergeState(found.state), scheme: found.scheme };
    const records = rowsOf<{ id: number; questionId: number }>(
      await tx.execute(sql`select id::float8 as id, question_id::float8 as "questionId" from answer_records
        where training_id = ${trainingId} order by id`),
    );
    return row ? { ...row, records } : undefined;
  }

  async saveRecord(
    tx: DbOrTx,
    recordId: number,
    v: { score: number; isCorrect: boolean; result: Record<string, unknown> },
  ): Promise<void> {
    await tx.execute(sql`update answer_records set score = ${v.score}, is_correct = ${v.isCorrect},
      result = ${JSON.stringify(v.result)}::jsonb where id = ${recordId}`);
  }

  async saveTraining(
    tx: DbOrTx,
    trainingId: number,
    v: {
      state: Record<string, unknown>;
      /** The marked answer: its index in the state's answers (a row of training_answers) and its new value. */
      answer?: { n: number; value: unknown };
      score: number;
      correct: number;
      credit: number;
      now: Date;
    },
  ): Promise<void> {
    await tx.execute(sql`update trainings set state = ${JSON.stringify(stateHead(v.state))}::json, score = ${v.score},
      correct = ${v.correct}, credit = ${v.credit}, updated_at = ${v.now.toISOString()}::timestamptz where id = ${trainingId}`);
    if (v.answer)
      await tx.execute(sql`update training_answers set answer = ${JSON.stringify(v.answer.value)}::json
        where training_id = ${trainingId} and n = ${v.answer.n}`);
  }

  async saveMark(
    tx: DbOrTx,
    v: {
      recordId: number;
      agencyId: string;
      markerId: number;
      oldScore: number | null;
      score: number;
      isCorrect: boolean;
      comment: string;
      annotations: { start: number; end: number; note: string }[];
      now: Date;
    },
  ): Promise<void> {
    const at = v.now.toISOString();
    await tx.execute(sql`insert into answer_marks (record_id, agency_id, marker_id, score, is_correct, comment, annotations, marked_at)
      values (${v.recordId}, ${v.agencyId}, ${v.markerId}, ${v.score}, ${v.isCorrect}, ${v.comment},
        ${JSON.stringify(v.annotations)}::jsonb, ${at}::timestamptz)
      on conflict (record_id) do update set marker_id = excluded.marker_id, score = excluded.score,
        is_correct = excluded.is_correct, comment = excluded.comment, annotations = excluded.annotations,
        marked_at = excluded.marked_at`);
    await tx.execute(sql`insert into answer_mark_history (record_id, agency_id, marker_id, old_score, new_score, comment, marked_at)
      values (${v.recordId}, ${v.agencyId}, ${v.markerId}, ${v.oldScore}, ${v.score}, ${v.comment}, ${at}::timestamptz)`);
    await tx.execute(sql`delete from marking_claims where record_id = ${v.recordId}`);
  }

  /** What the marker marked in the agency, newest first. */
  async history(markerId: number, agencyId: string, page: { start: number; size: number }): Promise<HistoryRow[]> {
    return rowsOf<HistoryRow>(
      await this.db
        .execute(sql`select h.id::text as id, h.record_id::text as "recordId", ar.training_id::text as "trainingId",
        t.task_id::text as "taskId", h.agency_id as "agencyId", ${name('u')} as student, ${titleOf} as title,
        coalesce(t.scheme->>'title', '') as "schemeTitle", h.old_score as "oldScore", h.new_score as "newScore",
        h.comment, ${ms(sql`h.marked_at`)} as "markedAt", (count(*) over ())::int as total
        from answer_mark_history h
        join answer_records ar on ar.id = h.record_id
        join trainings t on t.id = ar.training_id
        join users u on u.id = ar.user_id
        join questions q on q.id = ar.question_id
        where h.marker_id = ${markerId} and h.agency_id = ${agencyId}
        order by h.marked_at desc, h.id desc
        limit ${page.size} offset ${page.start}`),
    );
  }

  /** The total of a page whose offset lies past its last row (the window count is then missing). */
  async historyTotal(markerId: number, agencyId: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(
        sql`select count(*)::int as n from answer_mark_history where marker_id = ${markerId} and agency_id = ${agencyId}`,
      ),
    );
    return row?.n ?? 0;
  }

  async queueTotal(m: Marker, f: QueueFilter, now: Date): Promise<number> {
    // Same filter as `queue`, counted (used when a page's offset lies past the last row).
    const rows = await this.queue(m, f, now, { start: 0, size: 1 });
    return rows[0]?.total ?? 0;
  }
}
