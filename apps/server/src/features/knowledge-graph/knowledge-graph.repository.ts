// SQL of knowledge graphs (docs/knowledge-graph.md): platform-wide groups, their items (knowledge points placed in
// the group) and prerequisite edges. Writes that change a group's items or edges lock the group row first
// (`select … for update`), so two of them on one group run one after the other: limits and the cycle check
// see every edge committed before them.
import { agencyRole } from '@edu/contract';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { graphEdges, graphGroups, graphItems, knowledgePoints, type GraphItemResources } from '../../db/schema.js';
import { countedRecord, inSubtree } from '../wrong-book/wrong-book.sql.js';
import type { MasteryAnswer } from '../mastery/mastery-levels.js';
import { wholePaper } from '../mastery/mastery.sql.js';
import { GraphPracticeRepository } from './graph-practice.repository.js';
import { levelCounts, type LevelCount, type StatsScope } from './graph-stats.sql.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type GroupRow = typeof graphGroups.$inferSelect & { itemCount: number; edgeCount: number };
export interface ItemRow {
  id: number;
  groupId: number;
  knowledgeCode: string;
  knowledgeName: string;
  description: string;
  x: number | null;
  y: number | null;
  resources: GraphItemResources;
}
export type EdgeRow = { id: number; fromItemId: number; toItemId: number };

// Spelled out: inside a select of one table drizzle writes its columns unqualified, which the subquery would bind
// to its own table.
const itemCount = sql<number>`(select count(*) from graph_items i where i.group_id = "graph_groups"."id")::int`;
const edgeCount = sql<number>`(select count(*) from graph_edges e where e.group_id = "graph_groups"."id")::int`;
const GROUP_COLUMNS = {
  id: graphGroups.id,
  name: graphGroups.name,
  subjectId: graphGroups.subjectId,
  gradeId: graphGroups.gradeId,
  description: graphGroups.description,
  sort: graphGroups.sort,
  createdAt: graphGroups.createdAt,
  updatedAt: graphGroups.updatedAt,
  itemCount,
  edgeCount,
};
const ITEM_COLUMNS = {
  id: graphItems.id,
  groupId: graphItems.groupId,
  knowledgeCode: graphItems.knowledgeCode,
  knowledgeName: knowledgePoints.name,
  description: graphItems.description,
  x: graphItems.x,
  y: graphItems.y,
  resources: graphItems.resources,
};

/** LIKE's wildcards in a keyword match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Groups in the order lists and students' tabs show them: by subject, then their place in it (migration 0036). */
const IN_ORDER = [asc(graphGroups.subjectId), asc(graphGroups.sort), asc(graphGroups.id)];

/** The place after every group of the subject. */
const lastOf = (subjectId: string) =>
  sql<number>`(select coalesce(max(sort), 0) + 1 from graph_groups where subject_id = ${subjectId})`;

export class KnowledgeGraphRepository {
  /** Graph practice's system scheme (docs/knowledge-graph.md "Practice"). */
  readonly practice: GraphPracticeRepository;

  constructor(readonly db: Db) {
    this.practice = new GraphPracticeRepository(db);
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async page(f: { keyword?: string; subjectId?: string }, page: { start: number; size: number }) {
    const where = and(
      f.keyword ? ilike(graphGroups.name, `%${likeEscape(f.keyword)}%`) : undefined,
      f.subjectId ? eq(graphGroups.subjectId, f.subjectId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(GROUP_COLUMNS)
        .from(graphGroups)
        .where(where)
        .orderBy(...IN_ORDER)
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(graphGroups).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  async group(id: number, db: DbOrTx = this.db): Promise<GroupRow | undefined> {
    const [row] = await db.select(GROUP_COLUMNS).from(graphGroups).where(eq(graphGroups.id, id));
    return row;
  }

  /** Locks the group row for the rest of the transaction; false when there is no such group. */
  async lockGroup(tx: Tx, id: number): Promise<boolean> {
    const rows = rowsOf(await tx.execute(sql`select id from graph_groups where id = ${id} for update`));
    return rows.length > 0;
  }

  async touch(tx: DbOrTx, id: number, now: Date) {
    await tx.update(graphGroups).set({ updatedAt: now }).where(eq(graphGroups.id, id));
  }

  async insertGroup(
    v: { name: string; subjectId: string; gradeId: string | null; description: string },
    now: Date,
  ): Promise<number> {
    const [row] = await this.db
      .insert(graphGroups)
      .values({ ...v, sort: lastOf(v.subjectId), createdAt: now, updatedAt: now })
      .returning({ id: graphGroups.id });
    return row.id;
  }

  /**
   * Moves the group one place up or down among its subject's groups; false when it is first (up) or last (down)
   * already. The subject's groups are locked and numbered 1…n in their new order, so concurrent moves queue and
   * equal sorts (two groups created at once) are straightened out.
   */
  async moveGroup(id: number, direction: 'up' | 'down'): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from graph_groups
          where subject_id = (select subject_id from graph_groups where id = ${id})
          order by sort, id for update`),
      );
      const ids = rows.map((r) => Number(r.id));
      const at = ids.indexOf(id);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= ids.length) return false;
      [ids[at], ids[to]] = [ids[to], ids[at]];
      await tx.execute(sql`update graph_groups g set sort = v.sort
        from (select unnest(${sql.param(ids)}::bigint[]) as id, generate_series(1, ${ids.length}) as sort) v
        where g.id = v.id and g.sort <> v.sort`);
      return true;
    });
  }

  /** Whether the subject and the grade (when given) exist in the dictionaries. */
  async dictionaryHas(subjectId: string | undefined, gradeId: string | null | undefined) {
    const [row] = rowsOf<{ subject: boolean; grade: boolean }>(
      await this.db.execute(sql`select
        ${subjectId === undefined} or exists (select 1 from subjects where id = ${subjectId ?? ''}) as subject,
        ${gradeId == null} or exists (select 1 from grades where id = ${gradeId ?? ''}) as grade`),
    );
    return { subject: row.subject, grade: row.grade };
  }

  /** A change of subject puts the group last among its new subject's groups. */
  async updateGroup(id: number, v: Partial<typeof graphGroups.$inferInsert>, now: Date): Promise<boolean> {
    const moved =
      v.subjectId === undefined
        ? {}
        : {
            sort: sql`case when ${graphGroups.subjectId} = ${v.subjectId} then ${graphGroups.sort} else ${lastOf(v.subjectId)} end`,
          };
    const rows = await this.db
      .update(graphGroups)
      .set({ ...v, ...moved, updatedAt: now })
      .where(eq(graphGroups.id, id))
      .returning({ id: graphGroups.id });
    return rows.length > 0;
  }

  async deleteGroup(id: number): Promise<boolean> {
    const rows = await this.db.delete(graphGroups).where(eq(graphGroups.id, id)).returning({ id: graphGroups.id });
    return rows.length > 0;
  }

  /** The items of these groups (with their knowledge point's name), in insertion order. */
  async items(groupIds: number[], db: DbOrTx = this.db): Promise<ItemRow[]> {
    if (!groupIds.length) return [];
    return db
      .select(ITEM_COLUMNS)
      .from(graphItems)
      .innerJoin(knowledgePoints, eq(knowledgePoints.code, graphItems.knowledgeCode))
      .where(inArray(graphItems.groupId, groupIds))
      .orderBy(asc(graphItems.id));
  }

  async edges(groupIds: number[], db: DbOrTx = this.db): Promise<(EdgeRow & { groupId: number })[]> {
    if (!groupIds.length) return [];
    return db
      .select({
        id: graphEdges.id,
        groupId: graphEdges.groupId,
        fromItemId: graphEdges.fromItemId,
        toItemId: graphEdges.toItemId,
      })
      .from(graphEdges)
      .where(inArray(graphEdges.groupId, groupIds))
      .orderBy(asc(graphEdges.id));
  }

  async item(id: number, db: DbOrTx = this.db): Promise<ItemRow | undefined> {
    const [row] = await db
      .select(ITEM_COLUMNS)
      .from(graphItems)
      .innerJoin(knowledgePoints, eq(knowledgePoints.code, graphItems.knowledgeCode))
      .where(eq(graphItems.id, id));
    return row;
  }

  async itemsByIds(tx: DbOrTx, groupId: number, ids: number[]): Promise<ItemRow[]> {
    if (!ids.length) return [];
    return tx
      .select(ITEM_COLUMNS)
      .from(graphItems)
      .innerJoin(knowledgePoints, eq(knowledgePoints.code, graphItems.knowledgeCode))
      .where(and(eq(graphItems.groupId, groupId), inArray(graphItems.id, ids)));
  }

  /** Of these codes, those that are knowledge points. */
  async knownCodes(tx: DbOrTx, codes: string[]): Promise<Set<string>> {
    const rows = await tx
      .select({ code: knowledgePoints.code })
      .from(knowledgePoints)
      .where(inArray(knowledgePoints.code, codes));
    return new Set(rows.map((r) => r.code));
  }

  async countItems(tx: DbOrTx, groupId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(graphItems).where(eq(graphItems.groupId, groupId));
    return row.n;
  }

  async countEdges(tx: DbOrTx, groupId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(graphEdges).where(eq(graphEdges.groupId, groupId));
    return row.n;
  }

  /** Inserts the codes not yet in the group; answers the new items' ids. */
  async insertItems(tx: Tx, groupId: number, codes: string[]): Promise<number[]> {
    const rows = await tx
      .insert(graphItems)
      .values(codes.map((knowledgeCode) => ({ groupId, knowledgeCode })))
      .onConflictDoNothing()
      .returning({ id: graphItems.id });
    return rows.map((r) => r.id);
  }

  async updateItem(
    id: number,
    v: { description?: string; resources?: GraphItemResources },
  ): Promise<number | undefined> {
    const [row] = await this.db
      .update(graphItems)
      .set(v)
      .where(eq(graphItems.id, id))
      .returning({ groupId: graphItems.groupId });
    return row?.groupId;
  }

  /** Deletes the item (its edges go with it by the foreign keys); answers its group, or undefined. */
  async deleteItem(tx: Tx, id: number): Promise<number | undefined> {
    const [row] = await tx.delete(graphItems).where(eq(graphItems.id, id)).returning({ groupId: graphItems.groupId });
    return row?.groupId;
  }

  async itemGroup(id: number): Promise<number | undefined> {
    const [row] = await this.db.select({ groupId: graphItems.groupId }).from(graphItems).where(eq(graphItems.id, id));
    return row?.groupId;
  }

  async edgeGroup(id: number): Promise<number | undefined> {
    const [row] = await this.db.select({ groupId: graphEdges.groupId }).from(graphEdges).where(eq(graphEdges.id, id));
    return row?.groupId;
  }

  async insertEdge(tx: Tx, groupId: number, fromItemId: number, toItemId: number): Promise<EdgeRow | undefined> {
    const [row] = await tx
      .insert(graphEdges)
      .values({ groupId, fromItemId, toItemId })
      .onConflictDoNothing()
      .returning({ id: graphEdges.id, fromItemId: graphEdges.fromItemId, toItemId: graphEdges.toItemId });
    return row;
  }

  async deleteEdge(tx: Tx, id: number): Promise<boolean> {
    const rows = await tx.delete(graphEdges).where(eq(graphEdges.id, id)).returning({ id: graphEdges.id });
    return rows.length > 0;
  }

  /** Saves positions of the group's items in one statement; ids of other groups are ignored. */
  async saveLayout(tx: Tx, groupId: number, positions: { itemId: number; x: number; y: number }[]): Promise<number> {
    if (!positions.length) return 0;
    const rows = rowsOf(
      await tx.execute(sql`update graph_items g set x = p.x, y = p.y
        from unnest(${sql.param(positions.map((p) => p.itemId))}::bigint[],
                    ${sql.param(positions.map((p) => p.x))}::float8[],
                    ${sql.param(positions.map((p) => p.y))}::float8[]) as p(id, x, y)
        where g.id = p.id and g.group_id = ${groupId}
        returning g.id`),
    );
    return rows.length;
  }

  /**
   * Schemes (any agency, not the system schemes of graph practice) whose range — kpRange and the phases'
   * knowledgeIds, where the engine's draws take their points from — names the code or a code under it.
   */
  async schemesUsing(code: string, limit: number): Promise<{ id: number; name: string }[]> {
    const rows = rowsOf<{ id: number; title: string }>(
      await this.db.execute(sql`select s.id, s.title from schemes s
        where not exists (select 1 from graph_practice_schemes g where g.scheme_id = s.id)
          and exists (
            select 1 from unnest(s.kp_range || array(
              select jsonb_array_elements_text(p -> 'knowledgeIds') from jsonb_array_elements(s.phases) p
            )) as c(code)
            where ${inSubtree(sql`c.code`, code)})
        order by s.id limit ${limit}`),
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.title }));
  }

  /** Students (agency, user pairs) with a counted, judged answer in the code's subtree: a mastery record. */
  async studentsWithMastery(code: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from (
        select distinct ar.agency_id, ar.user_id from answer_records ar
        join questions q on q.id = ar.question_id
        left join trainings t on t.id = ar.training_id
        where ar.is_correct is not null and ${countedRecord} and ${inSubtree(sql`q.knowledge_code`, code)}
      ) s`),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The student's counted, judged answers in these subtrees in the agency, oldest first: mastery-levels.ts's
   * input, the rows mastery.repository.ts reads (through answer_records_agency_user_idx).
   */
  async answersOf(roots: string[], agencyId: string, userId: number): Promise<MasteryAnswer[]> {
    if (!roots.length) return [];
    const within = sql.join(
      roots.map((r) => inSubtree(sql`q.knowledge_code`, r)),
      sql` or `,
    );
    const rows = rowsOf<{ code: string; right: boolean; at: number; paper_id: string | null }>(
      await this.db.execute(sql`select q.knowledge_code as code, ar.is_correct as right,
        (extract(epoch from ar.created_at) * 1000)::float8 as at,
        case when ${wholePaper} then ar.training_id::text end as paper_id
        from answer_records ar
        join questions q on q.id = ar.question_id
        left join trainings t on t.id = ar.training_id
        where ar.is_correct is not null and ar.agency_id = ${agencyId} and ar.user_id = ${userId} and (${within})
          and ${countedRecord} and (t.id is null or t.scheme->>'type' = 'paper' or coalesce(ar.first, true))
        order by ar.created_at, ar.id`),
    );
    return rows.map((r) => ({ code: r.code, right: r.right, at: Math.round(r.at), paperId: r.paper_id }));
  }

  /** The students' profiles in the agency: grade and subjects (docs/users.md "Membership"). */
  async profiles(agencyId: string, userIds: number[]): Promise<{ gradeId: string | null; subjectIds: string[] }[]> {
    if (!userIds.length) return [];
    const rows = rowsOf<{ grade_id: string | null; subject_ids: string[] | null }>(
      await this.db.execute(sql`select grade_id, subject_ids from agency_members
        where agency_id = ${agencyId} and user_id = any(${sql.param(userIds)}::bigint[])`),
    );
    return rows.map((r) => ({ gradeId: r.grade_id, subjectIds: r.subject_ids ?? [] }));
  }

  /** The subjects (tree roots) of the knowledge points these students have answered in, in the agency. */
  async trainedSubjects(agencyId: string, userIds: number[]): Promise<string[]> {
    if (!userIds.length) return [];
    const rows = rowsOf<{ subject: string }>(
      await this.db.execute(sql`select distinct split_part(q.knowledge_code, '.', 1) as subject
        from answer_records ar join questions q on q.id = ar.question_id
        where ar.agency_id = ${agencyId} and ar.user_id = any(${sql.param(userIds)}::bigint[])`),
    );
    return rows.map((r) => r.subject);
  }

  /** Whether the user is a student of the agency (holds its student role). */
  async isStudentOf(agencyId: string, userId: number): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(
        sql`select 1 from user_roles where user_id = ${userId} and role = ${agencyRole('student', agencyId)} limit 1`,
      ),
    );
    return rows.length > 0;
  }

  /**
   * Groups of these subjects for the grades (a group of every grade matches any; `gradeIds` null matches any
   * group).
   */
  async groupsFor(subjectIds: string[], gradeIds: string[] | null, limit: number): Promise<GroupRow[]> {
    if (!subjectIds.length) return [];
    const grade: SQL | undefined =
      gradeIds === null
        ? undefined
        : sql`(${graphGroups.gradeId} is null or ${graphGroups.gradeId} = any(${sql.param(gradeIds)}::text[]))`;
    return this.db
      .select(GROUP_COLUMNS)
      .from(graphGroups)
      .where(and(inArray(graphGroups.subjectId, subjectIds), grade))
      .orderBy(...IN_ORDER)
      .limit(limit);
  }

  /** Students per item and level of the groups, counted in the database (graph-stats.sql.ts). */
  levelCounts(groupIds: number[], scope: StatsScope): Promise<LevelCount[]> {
    return levelCounts(this.db, groupIds, scope);
  }

  /**
   * Every graph's prerequisite edges onto these codes, as `[from, to]` knowledge point codes (graphs are
   * platform-wide): what a scheme's dry run gates learning by (docs/simulation.md "Dry run of a scheme").
   */
  async prerequisitesOnto(codes: string[]): Promise<[string, string][]> {
    if (!codes.length) return [];
    const from = alias(graphItems, 'from_item');
    const to = alias(graphItems, 'to_item');
    const rows = await this.db
      .selectDistinct({ from: from.knowledgeCode, to: to.knowledgeCode })
      .from(graphEdges)
      .innerJoin(from, eq(from.id, graphEdges.fromItemId))
      .innerJoin(to, eq(to.id, graphEdges.toItemId))
      .where(inArray(to.knowledgeCode, codes))
      .orderBy(asc(from.knowledgeCode), asc(to.knowledgeCode));
    return rows.map((r) => [r.from, r.to]);
  }

  async knowledgePoint(code: string): Promise<{ code: string; name: string } | undefined> {
    const [row] = await this.db
      .select({ code: knowledgePoints.code, name: knowledgePoints.name })
      .from(knowledgePoints)
      .where(eq(knowledgePoints.code, code));
    return row;
  }
}
