// SQL of leaving an agency (docs/users.md "Leaving and retention"): the membership's end and return, the list of
// leavers, and the agencies whose records of a user are kept. The purge's deletes are in leaving-purge.ts.
import { agencyRole, agencyRolePrefix } from '@edu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';

export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `edu:agency:{id}:%`: every role of the agency, as a `LIKE` pattern (the prefix has no wildcard of its own). */
export const agencyRoles = (agencyId: string) => `${agencyRolePrefix(agencyId)}%`;

export interface MembershipRow {
  userId: number;
  roles: string[];
  leftAt: number | null;
}

export interface LeftRow {
  id: number;
  username: string;
  name: string;
  gradeName: string | null;
  leftAt: number;
  trainings: number;
}

export interface HistoryAgencyRow {
  id: string;
  name: string;
  leftAt: number | null;
  trainings: number;
}

export class LeavingRepository {
  constructor(readonly db: Db) {}

  /** The account's roles in the agency and when it left it (null: never, or rejoined); undefined: no such user. */
  async membership(agencyId: string, userId: number): Promise<MembershipRow | undefined> {
    const [row] = rowsOf<{ user_id: string | number; roles: string[] | null; left_at: number | null }>(
      await this.db.execute(sql`select u.id as user_id,
        (select array_agg(r.role order by r.role) from user_roles r
          where r.user_id = u.id and r.role like ${agencyRoles(agencyId)}) as roles,
        (select (extract(epoch from m.left_at) * 1000)::float8 from agency_members m
          where m.agency_id = ${agencyId} and m.user_id = u.id) as left_at
        from users u where u.id = ${userId}`),
    );
    if (!row) return undefined;
    return { userId: Number(row.user_id), roles: row.roles ?? [], leftAt: row.left_at === null ? null : row.left_at };
  }

  /**
   * Ends the membership: every role of the agency goes, so do the places in its classes (as student or teacher);
   * records stay. Other agencies' roles, classes and the account's parent links are not touched.
   */
  async leave(tx: DbOrTx, agencyId: string, userId: number, now: Date) {
    await tx.execute(sql`delete from user_roles where user_id = ${userId} and role like ${agencyRoles(agencyId)}`);
    await tx.execute(sql`delete from class_members where user_id = ${userId}
      and class_id in (select id from classes where agency_id = ${agencyId})`);
    await tx.execute(sql`delete from class_teachers where user_id = ${userId}
      and class_id in (select id from classes where agency_id = ${agencyId})`);
    await tx.execute(sql`insert into agency_members (agency_id, user_id, left_at, updated_at)
      values (${agencyId}, ${userId}, ${now}, ${now})
      on conflict (agency_id, user_id) do update set left_at = excluded.left_at, updated_at = excluded.updated_at`);
  }

  /** The leaver is a student of the agency again; the kept records are theirs to read again. */
  async rejoin(tx: DbOrTx, agencyId: string, userId: number, now: Date) {
    await tx.execute(sql`insert into user_roles (user_id, role) values (${userId}, ${agencyRole('student', agencyId)})
      on conflict do nothing`);
    await tx.execute(sql`update agency_members set left_at = null, updated_at = ${now}
      where agency_id = ${agencyId} and user_id = ${userId}`);
  }

  /** Leavers of the agency who hold none of its roles (a purge has not run yet), newest first. */
  async leftStudents(agencyId: string, q: { keyword?: string; start: number; size: number }) {
    const keyword = q.keyword
      ? sql` and (u.name ilike ${`%${escapeLike(q.keyword)}%`} or u.username ilike ${`%${escapeLike(q.keyword)}%`})`
      : sql``;
    const from = sql`from agency_members m join users u on u.id = m.user_id
      where m.agency_id = ${agencyId} and m.left_at is not null
        and not exists (select 1 from user_roles r where r.user_id = m.user_id and r.role like ${agencyRoles(agencyId)})${keyword}`;
    const [count] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n ${from}`));
    return { total: count?.n ?? 0, rows: await this.leftRows(agencyId, from, q) };
  }

  private async leftRows(agencyId: string, from: SQL, q: { start: number; size: number }): Promise<LeftRow[]> {
    const rows = rowsOf<{
      id: string | number;
      username: string;
      name: string;
      grade_name: string | null;
      left_at: number;
      trainings: number;
    }>(
      await this.db.execute(sql`select u.id, u.username, u.name,
        (select g.name from grades g where g.id = m.grade_id) as grade_name,
        (extract(epoch from m.left_at) * 1000)::float8 as left_at,
        (select count(*)::int from trainings t where t.agency_id = ${agencyId} and t.user_id = m.user_id) as trainings
        ${from} order by m.left_at desc, u.id desc limit ${q.size} offset ${q.start}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      name: r.name,
      gradeName: r.grade_name,
      leftAt: Math.round(r.left_at),
      trainings: r.trainings,
    }));
  }

  /**
   * Agencies whose records of the user are kept: those it holds the student role of, and those with its trainings
   * (a leaver's, until the purge). With `only`, that agency alone.
   */
  async historyAgencies(userId: number, only?: string): Promise<HistoryAgencyRow[]> {
    const filter = only === undefined ? sql`` : sql` and a.id = ${only}`;
    const rows = rowsOf<{ id: string; name: string; left_at: number | null; trainings: number }>(
      await this.db.execute(sql`select a.id, a.name,
        (select (extract(epoch from m.left_at) * 1000)::float8 from agency_members m
          where m.agency_id = a.id and m.user_id = ${userId}) as left_at,
        (select count(*)::int from trainings t where t.agency_id = a.id and t.user_id = ${userId}) as trainings
        from agencies a
        where (exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'edu:agency:' || a.id || ':student')
          or exists (select 1 from trainings t where t.agency_id = a.id and t.user_id = ${userId}))${filter}
        order by a.name, a.id`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      leftAt: r.left_at === null ? null : Math.round(r.left_at),
      trainings: r.trainings,
    }));
  }
}
