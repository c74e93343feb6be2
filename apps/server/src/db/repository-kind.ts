// SQL shared by the two kinds of repositories and their subscriptions: question repositories
// (features/repositories/repositories.repository.ts) and train repositories
// (features/schemes/train-repos.repository.ts) have tables alike column for column; only what they hold differs.
// Every query names the agency in context. It sits in db/ because both features extend it (docs/architecture.md §3).
import { and, asc, count, desc, eq, getTableName, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { withPlannedRows } from './planned-rows.js';
import {
  agencies,
  grades,
  subjects,
  type questionRepos,
  type repoSubscriptions,
  type trainRepoSubscriptions,
  type trainRepos,
} from './schema.js';

/** A kind of repository: its tables and what its repositories hold. */
export interface RepoKindTables {
  repos: typeof questionRepos | typeof trainRepos;
  subscriptions: typeof repoSubscriptions | typeof trainRepoSubscriptions;
  /** The count the lists show (e.g. the active questions), a subquery on `repos.id`. */
  itemCount: SQL<number>;
  /** The items and their repository column: a repository that holds any cannot be deleted. */
  items: { table: PgTable; repoId: PgColumn };
}

export interface RepoKindRow {
  id: number;
  agencyId: string;
  agencyName: string;
  name: string;
  description: string;
  shared: boolean;
  subjectId: string | null;
  gradeId: string | null;
  /** Set while a platform admin has withdrawn it from the store (docs/store.md "Withdrawal"). */
  withdrawnAt: Date | null;
  withdrawnReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  itemCount: number;
}

export interface RepoKindWrite {
  name: string;
  description: string;
  shared: boolean;
  /** Left undefined on update: unchanged. */
  subjectId?: string | null;
  gradeId?: string | null;
}

type Page = { start: number; size: number };

export class RepoKindRepository {
  private readonly columns;

  constructor(
    private readonly db: Db,
    private readonly kind: RepoKindTables,
  ) {
    const r = kind.repos;
    this.columns = {
      id: r.id,
      agencyId: r.agencyId,
      agencyName: agencies.name,
      name: r.name,
      description: r.description,
      shared: r.shared,
      subjectId: r.subjectId,
      gradeId: r.gradeId,
      withdrawnAt: r.withdrawnAt,
      withdrawnReason: r.withdrawnReason,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      itemCount: kind.itemCount,
    };
  }

  /** Ids of the repositories the agency subscribed to (still shared). */
  async subscribedIds(agencyId: string): Promise<number[]> {
    const { repos: r, subscriptions: rs } = this.kind;
    const rows = await this.db
      .select({ id: rs.repoId })
      .from(rs)
      .innerJoin(r, eq(r.id, rs.repoId))
      .where(and(eq(rs.agencyId, agencyId), eq(r.shared, true)));
    return rows.map((x) => x.id);
  }

  async isSubscribed(agencyId: string, repoId: number): Promise<boolean> {
    const rs = this.kind.subscriptions;
    const [x] = await this.db
      .select({ id: rs.repoId })
      .from(rs)
      .where(and(eq(rs.agencyId, agencyId), eq(rs.repoId, repoId)))
      .limit(1);
    return x !== undefined;
  }

  async get(id: number): Promise<RepoKindRow | undefined> {
    this.getStatement ??= this.buildGet();
    const [row] = await this.getStatement.execute({ id });
    return row;
  }

  /**
   * The read and the creation, each built once (drizzle's builder took a quarter of the creation route's CPU) and
   * prepared under the kind's table name (docs/performance.md "Statements per request").
   */
  private getStatement?: ReturnType<RepoKindRepository['buildGet']>;
  private insertStatement?: ReturnType<RepoKindRepository['buildInsert']>;

  private buildGet() {
    const r = this.kind.repos;
    return withPlannedRows(
      this.db
        .select(this.columns)
        .from(r)
        .innerJoin(agencies, eq(agencies.id, r.agencyId))
        .where(eq(r.id, sql.placeholder('id')))
        .prepare(`${getTableName(r)}_get`),
    );
  }

  private buildInsert() {
    const r = this.kind.repos;
    const p = (name: string) => sql.placeholder(name);
    return this.db
      .insert(r)
      .values({
        agencyId: p('agencyId'),
        name: p('name'),
        description: p('description'),
        shared: p('shared'),
        subjectId: p('subjectId'),
        gradeId: p('gradeId'),
        createdAt: p('now'),
        updatedAt: p('now'),
      })
      .returning(this.createdColumns())
      .prepare(`${getTableName(r)}_insert`);
  }

  /**
   * The created row as `get` reads it, from the insert itself (one statement, not an insert and a read back): the
   * agency's name by a subquery, and no items yet.
   */
  private createdColumns() {
    const r = this.kind.repos;
    return {
      ...this.columns,
      agencyName: sql<string>`(select ${agencies.name} from ${agencies} where ${agencies.id} = ${r.agencyId})`,
      itemCount: sql<number>`0`.mapWith(Number),
    };
  }

  /** Owned repositories first (oldest first, so the default one leads), then subscribed ones. */
  async listVisible(agencyId: string, subscribed: number[], page: Page) {
    const r = this.kind.repos;
    const where = subscribed.length
      ? or(eq(r.agencyId, agencyId), inArray(r.id, subscribed))
      : eq(r.agencyId, agencyId);
    return this.page(where, [desc(sql`${r.agencyId} = ${agencyId}`), asc(r.id)], page);
  }

  /** Shared repositories of other agencies, not withdrawn by a platform admin (docs/store.md "Withdrawal"). */
  async listStore(agencyId: string, page: Page) {
    const r = this.kind.repos;
    return this.page(and(eq(r.shared, true), isNull(r.withdrawnAt), ne(r.agencyId, agencyId)), [asc(r.id)], page);
  }

  /** True when the subject or grade id is in its dictionary. */
  async dictionaryHas(dictionary: 'subjects' | 'grades', id: string): Promise<boolean> {
    const table = dictionary === 'subjects' ? subjects : grades;
    const [row] = await this.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return row !== undefined;
  }

  /** One page of the repositories matching `where`, and how many match. */
  private async page(where: SQL | undefined, order: SQL[], page: Page) {
    const r = this.kind.repos;
    const [rows, [total]] = await Promise.all([
      this.db
        .select(this.columns)
        .from(r)
        .innerJoin(agencies, eq(agencies.id, r.agencyId))
        .where(where)
        .orderBy(...order)
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(r).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  /** Creates a repository; answers it as `get` would. */
  async insert(agencyId: string, fields: RepoKindWrite, now: Date): Promise<RepoKindRow> {
    this.insertStatement ??= withPlannedRows(this.buildInsert());
    const [row] = await this.insertStatement.execute({
      agencyId,
      name: fields.name,
      description: fields.description,
      shared: fields.shared,
      subjectId: fields.subjectId ?? null,
      gradeId: fields.gradeId ?? null,
      now,
    });
    return row;
  }

  /** Updates an owned repository; unsharing it ends every other agency's subscription in the same transaction. */
  async update(agencyId: string, id: number, fields: RepoKindWrite, now: Date): Promise<boolean> {
    const { repos: r, subscriptions: rs } = this.kind;
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

  /** Deletes an owned repository that holds no item (of any status); else says why. */
  async deleteEmpty(agencyId: string, id: number): Promise<'deleted' | 'not_found' | 'not_empty'> {
    const { repos: r, items } = this.kind;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.id, id), eq(r.agencyId, agencyId)))
        .for('update');
      if (!row) return 'not_found';
      const [c] = await tx.select({ n: count() }).from(items.table).where(eq(items.repoId, id));
      if (c && c.n > 0) return 'not_empty';
      await tx.delete(r).where(eq(r.id, id));
      return 'deleted';
    });
  }

  async subscribe(agencyId: string, repoId: number): Promise<void> {
    await this.db.insert(this.kind.subscriptions).values({ agencyId, repoId }).onConflictDoNothing();
  }

  async unsubscribe(agencyId: string, repoId: number): Promise<boolean> {
    const rs = this.kind.subscriptions;
    const rows = await this.db
      .delete(rs)
      .where(and(eq(rs.agencyId, agencyId), eq(rs.repoId, repoId)))
      .returning({ id: rs.repoId });
    return rows.length > 0;
  }
}
