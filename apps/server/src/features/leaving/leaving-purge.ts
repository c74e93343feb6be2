// The purge of leavers' records (docs/users.md "Leaving and retention"): once a member left an agency more than
// the retention ago and holds none of its roles, that agency's records of them are deleted — in dependency order,
// in short statements of bounded batches (no long lock; PGlite serves nothing else while one runs), and
// idempotently: a purge cut short goes on where it stopped, because the membership row goes last.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { agencyRoles, rowsOf } from './leaving.repository.js';

const DAY_MS = 24 * 3600_000;

export interface PurgeOptions {
  retentionDays: number;
  /** Trainings deleted per statement round (their events and stats rows go with them). */
  trainingBatch?: number;
  /** Answer records (and their marking rows) per statement. */
  recordBatch?: number;
  /** Leavers taken per run. */
  membersPerRun?: number;
}

export interface PurgeResult {
  members: number;
  trainings: number;
  records: number;
}

const ids = (r: unknown) => rowsOf<{ id: string | number }>(r).map((x) => Number(x.id));
const idList = (list: number[]): SQL =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

export class LeaverPurge {
  private readonly trainingBatch: number;
  private readonly recordBatch: number;
  private readonly membersPerRun: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: PurgeOptions,
  ) {
    this.trainingBatch = options.trainingBatch ?? 50;
    this.recordBatch = options.recordBatch ?? 1000;
    this.membersPerRun = options.membersPerRun ?? 20;
  }

  /** Leavers whose retention is over: left before the cutoff and holding no role of the agency again. */
  async due(): Promise<{ agencyId: string; userId: number }[]> {
    const cutoff = new Date(this.clock.now() - this.options.retentionDays * DAY_MS);
    const rows = rowsOf<{ agency_id: string; user_id: string | number }>(
      await this.db.execute(sql`select m.agency_id, m.user_id from agency_members m
        where m.left_at is not null and m.left_at < ${cutoff}
          and not exists (select 1 from user_roles r where r.user_id = m.user_id
            and r.role like 'edu:agency:' || m.agency_id || ':%')
        order by m.left_at limit ${this.membersPerRun}`),
    );
    return rows.map((r) => ({ agencyId: r.agency_id, userId: Number(r.user_id) }));
  }

  /** One run: purges the leavers due now (at most `membersPerRun`). */
  async run(): Promise<PurgeResult> {
    const total: PurgeResult = { members: 0, trainings: 0, records: 0 };
    for (const m of await this.due()) {
      const r = await this.purgeMember(m.agencyId, m.userId);
      total.members += r.members;
      total.trainings += r.trainings;
      total.records += r.records;
    }
    return total;
  }

  /** Deletes agency `agencyId`'s records of the user, then the membership row; nothing of other agencies. */
  async purgeMember(agencyId: string, userId: number): Promise<PurgeResult> {
    // Re-enrolled since it was picked (another node, or a rejoin in between): nothing is deleted.
    const [held] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from user_roles
        where user_id = ${userId} and role like ${agencyRoles(agencyId)}`),
    );
    if ((held?.n ?? 0) > 0) return { members: 0, trainings: 0, records: 0 };
    let trainings = 0;
    let records = 0;
    // 1. Trainings, a batch at a time: their answer records (with marking rows, reviews and comments), their
    //    comments and event logs, then the rows (the statistics' triggers take their items out of the buckets).
    for (;;) {
      const batch = ids(
        await this.db.execute(sql`select id from trainings where agency_id = ${agencyId} and user_id = ${userId}
          order by id limit ${this.trainingBatch}`),
      );
      if (batch.length === 0) break;
      records += await this.deleteRecords(sql`training_id in (${idList(batch)})`);
      await this.db.execute(sql`delete from training_comments where training_id in (${idList(batch)})`);
      await this.db.execute(sql`delete from training_events where training_id in (${idList(batch)})`);
      await this.db.execute(sql`delete from trainings where id in (${idList(batch)})`);
      trainings += batch.length;
    }
    // 2. Answers outside trainings (wrong-answer book reviews), then the book's cards and what is left of reviews.
    records += await this.deleteRecords(sql`agency_id = ${agencyId} and user_id = ${userId}`);
    await this.inBatches(sql`delete from wrong_cards where (agency_id, user_id, question_id) in
      (select agency_id, user_id, question_id from wrong_cards where agency_id = ${agencyId} and user_id = ${userId}
        limit ${this.recordBatch})`);
    await this.inBatches(sql`delete from wrong_reviews where (user_id, client_answer_id) in
      (select user_id, client_answer_id from wrong_reviews where agency_id = ${agencyId} and user_id = ${userId}
        limit ${this.recordBatch})`);
    // 3. Places in the agency's tasks and classes (the classes were left at leaving; a purge makes sure).
    await this.db.execute(sql`delete from task_students where user_id = ${userId}
      and task_id in (select id from tasks where agency_id = ${agencyId})`);
    await this.db.execute(sql`delete from class_members where user_id = ${userId}
      and class_id in (select id from classes where agency_id = ${agencyId})`);
    // 4. Last, the membership: the agency keeps nothing of the leaver.
    await this.db.execute(sql`delete from agency_members where agency_id = ${agencyId} and user_id = ${userId}
      and left_at is not null`);
    return { members: 1, trainings, records };
  }

  /** Deletes the answer records matching `where` (of answer_records), their marking and review rows first. */
  private async deleteRecords(where: SQL): Promise<number> {
    let n = 0;
    for (;;) {
      const batch = ids(
        await this.db.execute(sql`select id from answer_records where ${where} order by id limit ${this.recordBatch}`),
      );
      if (batch.length === 0) return n;
      const list = idList(batch);
      await this.db.execute(sql`delete from marking_claims where record_id in (${list})`);
      await this.db.execute(sql`delete from answer_marks where record_id in (${list})`);
      await this.db.execute(sql`delete from answer_mark_history where record_id in (${list})`);
      await this.db.execute(sql`delete from wrong_reviews where record_id in (${list})`);
      await this.db.execute(sql`delete from training_comments where record_id in (${list})`);
      await this.db.execute(sql`delete from answer_records where id in (${list})`);
      n += batch.length;
    }
  }

  private async inBatches(statement: SQL) {
    for (;;) {
      const n = rowsOf(await this.db.execute(sql`${statement} returning 1`)).length;
      if (n < this.recordBatch) return;
    }
  }
}
