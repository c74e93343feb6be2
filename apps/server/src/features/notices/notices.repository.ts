// SQL of in-app notices (docs/notices.md): a user's own list, unread count and reads; the producers' inserts, each
// `on conflict do nothing` on (user, kind, subject) so a notice is made once however often it is produced.
import type { NoticeKind } from '@edu/contract';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { notices } from '../../db/schema-notices.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type NoticeRow = typeof notices.$inferSelect;

/** What every recipient of one produced notice shares. */
export interface NoticeText {
  agencyId: string | null;
  kind: NoticeKind;
  subjectId: number;
  title: string;
  body: string;
  link: string;
}

export interface DueTask {
  id: number;
  agencyId: string;
  title: string;
  deadline: Date;
}

export interface MarkedTraining {
  userId: number;
  agencyId: string;
  name: string;
  title: string;
  parentIds: number[];
}

export class NoticesRepository {
  constructor(readonly db: Db) {}

  async list(userId: number, unreadOnly: boolean, page: { start: number; size: number }) {
    const where = and(eq(notices.userId, userId), unreadOnly ? isNull(notices.readAt) : undefined);
    const [{ n }] = await this.db.select({ n: count() }).from(notices).where(where);
    const rows = await this.db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(page.size)
      .offset(page.start);
    return { total: n, rows };
  }

  /** One count over the partial index of unread rows (`notices_unread_idx`). */
  async unread(userId: number): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return n;
  }

  /** Marks the user's own notice read (a read one keeps its time); undefined when it is not theirs. */
  async markRead(userId: number, id: number, now: Date): Promise<NoticeRow | undefined> {
    const [row] = await this.db
      .update(notices)
      .set({ readAt: sql`coalesce(${notices.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notices.id, id), eq(notices.userId, userId)))
      .returning();
    return row;
  }

  async markAllRead(userId: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(notices)
      .set({ readAt: now })
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
      .returning({ id: notices.id });
    return rows.length;
  }

  /** Inserts one notice for each user who has none of this kind and subject yet; answers how many were made. */
  async insertFor(db: DbOrTx, userIds: number[], text: NoticeText, now: Date): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await db
      .insert(notices)
      .values(userIds.map((userId) => ({ ...text, userId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: notices.id });
    return rows.length;
  }

  /**
   * Makes the user's notice of this kind and subject, or renews it (new text and time, unread again): a lesson
   * moved twice tells of the latest move (docs/notices.md "Kinds").
   */
  async upsertFor(db: DbOrTx, userId: number, text: NoticeText, now: Date): Promise<void> {
    await db
      .insert(notices)
      .values({ ...text, userId, createdAt: now })
      .onConflictDoUpdate({
        target: [notices.userId, notices.kind, notices.subjectId],
        set: {
          agencyId: text.agencyId,
          title: text.title,
          body: text.body,
          link: text.link,
          createdAt: now,
          readAt: null,
        },
      });
  }

  /**
   * The same notice for every student of a task (`students`: all of them, or only those without an ended
   * training of it), skipping those who have it already (so the identity sequence is not spent on conflicts).
   */
  async insertForTask(db: DbOrTx, students: 'all' | 'not_done', text: NoticeText, now: Date): Promise<number> {
    const notDone =
      students === 'all'
        ? sql``
        : sql`and not exists (select 1 from trainings tr where tr.task_id = ts.task_id and tr.user_id = ts.user_id
                                and tr.status <> 'running')`;
    const r =
      await db.execute(sql`insert into notices (user_id, agency_id, kind, subject_id, title, body, link, created_at)
      select ts.user_id, ${text.agencyId}, ${text.kind}, ${text.subjectId}, ${text.title}, ${text.body}, ${text.link},
             ${now.toISOString()}::timestamptz
      from task_students ts
      where ts.task_id = ${text.subjectId} ${notDone}
        and not exists (select 1 from notices n where n.user_id = ts.user_id and n.kind = ${text.kind}
                          and n.subject_id = ${text.subjectId})
      on conflict do nothing
      returning id`);
    return rowsOf(r).length;
  }

  /**
   * One notice for every student of a task without an ended training of it, replacing the one they had of the same
   * kind (a deadline moved twice tells of the latest move, unread again).
   */
  async upsertForTask(db: DbOrTx, text: NoticeText, now: Date): Promise<number> {
    const r =
      await db.execute(sql`insert into notices (user_id, agency_id, kind, subject_id, title, body, link, created_at)
      select ts.user_id, ${text.agencyId}, ${text.kind}, ${text.subjectId}, ${text.title}, ${text.body}, ${text.link},
             ${now.toISOString()}::timestamptz
      from task_students ts
      where ts.task_id = ${text.subjectId}
        and not exists (select 1 from trainings tr where tr.task_id = ts.task_id and tr.user_id = ts.user_id
                          and tr.status <> 'running')
      on conflict (user_id, kind, subject_id) do update
        set title = excluded.title, body = excluded.body, link = excluded.link, created_at = excluded.created_at,
            read_at = null
      returning id`);
    return rowsOf(r).length;
  }

  async task(db: DbOrTx, id: number): Promise<DueTask | undefined> {
    const rows = rowsOf<{ id: number; agencyId: string; title: string; deadline: string | Date }>(
      await db.execute(
        sql`select id::float8 as id, agency_id as "agencyId", title, deadline from tasks where id = ${id}`,
      ),
    );
    return rows.map(dueTask)[0];
  }

  /** Tasks already started whose deadline falls in (now, until], soonest first. */
  async dueBetween(now: Date, until: Date, limit: number): Promise<DueTask[]> {
    const rows = rowsOf<{ id: number; agencyId: string; title: string; deadline: string | Date }>(
      await this.db.execute(sql`select id::float8 as id, agency_id as "agencyId", title, deadline from tasks
        where deadline > ${now.toISOString()}::timestamptz and deadline <= ${until.toISOString()}::timestamptz
          and start_at <= ${now.toISOString()}::timestamptz
        order by deadline, id limit ${limit}`),
    );
    return rows.map(dueTask);
  }

  /** The training's student, agency, title (its task's, else its scheme's) and the student's parents. */
  async markedTraining(db: DbOrTx, trainingId: number): Promise<MarkedTraining | undefined> {
    const [row] = rowsOf<{ userId: number; agencyId: string; name: string; title: string; parentIds: number[] | null }>(
      await db.execute(sql`select t.user_id::float8 as "userId", t.agency_id as "agencyId", u.name,
          coalesce(k.title, t.scheme->>'title', '') as title,
          (select array_agg(pc.parent_id::float8) from parent_children pc where pc.child_id = t.user_id) as "parentIds"
        from trainings t join users u on u.id = t.user_id left join tasks k on k.id = t.task_id
        where t.id = ${trainingId}`),
    );
    return row && { ...row, parentIds: (row.parentIds ?? []).map(Number) };
  }

  async names(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    const rows = rowsOf<{ id: number; name: string }>(
      await db.execute(sql`select id::float8 as id, name from users where id = any(${`{${ids.join(',')}}`}::bigint[])`),
    );
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** Deletes at most `limit` notices made before `before`; answers how many. */
  async purge(before: Date, limit: number): Promise<number> {
    const r = await this.db.execute(sql`delete from notices where id in (
        select id from notices where ${lt(notices.createdAt, before)} limit ${limit}) returning id`);
    return rowsOf(r).length;
  }
}

function dueTask(r: { id: number; agencyId: string; title: string; deadline: string | Date }): DueTask {
  return { id: Number(r.id), agencyId: r.agencyId, title: r.title, deadline: new Date(r.deadline) };
}
