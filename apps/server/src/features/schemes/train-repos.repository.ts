// SQL for train (scheme) repositories and subscriptions, mirroring the question repositories'. Every
// query names the agency in context.
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, schemes, trainRepos as r, trainRepoSubscriptions as rs } from '../../db/schema.js';

export interface TrainRepoRow {
  id: number;
  agencyId: string;
  agencyName: string;
  name: string;
  description: string;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
  schemeCount: number;
}

export interface TrainRepoWrite {
  name: string;
  description: string;
  shared: boolean;
}

type Page = { start: number; size: number };

const schemeCount = sql<number>`(select count(*) from ${schemes} where ${schemes.trainRepoId} = ${r.id})::int`;
const COLUMNS = {
  id: r.id,
  agencyId: r.agencyId,
  agencyName: agencies.name,
  name: r.name,
  description: r.description,
  shared: r.shared,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  schemeCount,
};

export class TrainReposRepository {
  constructor(private readonly db: Db) {}

  /** Ids of the train repositories the agency subscribed to (still shared). */
  async subscribedIds(agencyId: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: rs.repoId })
      .from(rs)
      .innerJoin(r, eq(r.id, rs.repoId))
      .where(and(eq(rs.agencyId, agencyId), eq(r.shared, true)));
    return rows.map((x) => x.id);
  }

  async isSubscribed(agencyId: string, repoId: number): Promise<boolean> {
    const [x] = await this.db
      .select({ id: rs.repoId })
      .from(rs)
      .where(and(eq(rs.agencyId, agencyId), eq(rs.repoId, repoId)))
      .limit(1);
    return x !== undefined;
  }

  async get(id: number): Promise<TrainRepoRow | undefined> {
    const [row] = await this.db
      .select(COLUMNS)
      .from(r)
      .innerJoin(agencies, eq(agencies.id, r.agencyId))
      .where(eq(r.id, id));
    return row;
  }

  /** Owned repositories first (oldest first, so the default one leads), then subscribed ones. */
  async listVisible(agencyId: string, subscribed: number[], page: Page) {
    const where = subscribed.length
      ? or(eq(r.agencyId, agencyId), inArray(r.id, subscribed))
      : eq(r.agencyId, agencyId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(COLUMNS)
        .from(r)
        .innerJoin(agencies, eq(agencies.id, r.agencyId))
        .where(where)
        .orderBy(desc(sql`${r.agencyId} = ${agencyId}`), asc(r.id))
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(r).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  /** Shared train repositories of other agencies. */
  async listStore(agencyId: string, page: Page) {
    const where = and(eq(r.shared, true), ne(r.agencyId, agencyId));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(COLUMNS)
        .from(r)
        .innerJoin(agencies, eq(agencies.id, r.agencyId))
        .where(where)
        .orderBy(asc(r.id))
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(r).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  async insert(agencyId: string, fields: TrainRepoWrite, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(r)
      .values({ agencyId, ...fields, createdAt: now, updatedAt: now })
      .returning({ id: r.id });
    return row.id;
  }

  /** Updates an owned repository; unsharing it ends every other agency's subscription in the same transaction. */
  async update(agencyId: string, id: number, fields: TrainRepoWrite, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(r)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(r.id, id), eq(r.agencyId, agencyId)))
        .returning({ id: r.id });
      if (rows.length === 0) return false;
      if (!fields.shared) await tx.delete(rs).where(eq(rs.repoId, id));
      return true;
    });
  }

  /** Deletes an owned repository that holds no scheme; else says why. */
  async deleteEmpty(agencyId: string, id: number): Promise<'deleted' | 'not_found' | 'not_empty'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.id, id), eq(r.agencyId, agencyId)))
        .for('update');
      if (!row) return 'not_found';
      const [c] = await tx.select({ n: count() }).from(schemes).where(eq(schemes.trainRepoId, id));
      if (c && c.n > 0) return 'not_empty';
      await tx.delete(r).where(eq(r.id, id));
      return 'deleted';
    });
  }

  async subscribe(agencyId: string, repoId: number): Promise<void> {
    await this.db.insert(rs).values({ agencyId, repoId }).onConflictDoNothing();
  }

  async unsubscribe(agencyId: string, repoId: number): Promise<boolean> {
    const rows = await this.db
      .delete(rs)
      .where(and(eq(rs.agencyId, agencyId), eq(rs.repoId, repoId)))
      .returning({ id: rs.repoId });
    return rows.length > 0;
  }
}
