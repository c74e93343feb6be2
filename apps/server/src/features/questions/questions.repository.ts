// SQL for questions, their versions and answer records. Every read is limited to the repositories the
// agency in context may see: its own questions (agency_id) or those of repositories it subscribed to.
import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  answerRecords,
  knowledgePoints as kp,
  questions as q,
  questionTags as qt,
  questionVersions,
  tags,
} from '../../db/schema.js';
import type { DbOrTx } from '../tags/tags.repository.js';

export type QuestionRow = typeof q.$inferSelect & { kpName: string | null; kpLv: string | null };
export type QuestionInsert = Omit<typeof q.$inferInsert, 'id'>;
export type QuestionChange = Partial<
  Pick<
    typeof q.$inferInsert,
    | 'type'
    | 'judgeType'
    | 'title'
    | 'question'
    | 'explanation'
    | 'answer'
    | 'options'
    | 'videos'
    | 'questionSub'
    | 'knowledgeCode'
    | 'subKnowledgePoints'
    | 'searchText'
  >
>;

/** Whose questions the agency reads: its own, and those of the shared repositories it subscribed to. */
export interface Visibility {
  agencyId: string;
  subscribedRepoIds: number[];
}

export interface QuestionFilter {
  repoId?: number;
  type?: string;
  /** Any of these types. */
  types?: string[];
  /** Any of these tags (by name, or a system tag by key). */
  tags?: string[];
  keyword?: string;
  /** Each code with its whole subtree. */
  knowledgeIds?: string[];
  ids?: number[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const COLUMNS = { ...getTableColumns(q), kpName: kp.name, kpLv: kp.lv };

/**
 * Each code with its whole subtree (`code = X or code like 'X.%'`), written as the one byte-wise range
 * `X <= code < X/` of the text_pattern_ops indexes. Codes are `[a-z0-9.]` (KP_CODE_RE) and '/' follows
 * '.' and precedes every other allowed character, so the range holds exactly X and the codes under
 * `X.`; as one range the planner both uses it as an index bound and estimates its rows well.
 */
export function subtreeCondition(codes: readonly string[]): SQL | undefined {
  if (codes.length === 0) return undefined;
  return or(...codes.map((c) => sql`(${q.knowledgeCode} ~>=~ ${c} and ${q.knowledgeCode} ~<~ ${`${c}/`})`));
}

export function visibleCondition(v: Visibility): SQL {
  return v.subscribedRepoIds.length
    ? or(eq(q.agencyId, v.agencyId), inArray(q.repoId, v.subscribedRepoIds))!
    : eq(q.agencyId, v.agencyId);
}

/**
 * Ids of the tags a filter naming tags matches (by name, or a system tag by key). A question carries
 * tags of its own agency only, so without subscriptions only the agency's own tags can match. Looked up
 * first so the planner sees the actual ids (system tags are on many questions) and joins accordingly.
 */
async function tagIdsFor(db: Db, v: Visibility, names: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        v.subscribedRepoIds.length ? undefined : eq(tags.agencyId, v.agencyId),
        or(inArray(tags.name, names), inArray(tags.key, names)),
      ),
    );
  return rows.map((r) => r.id);
}

async function filterCondition(db: Db, v: Visibility, f: QuestionFilter): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [visibleCondition(v), eq(q.status, 'active')];
  if (f.repoId !== undefined) conds.push(eq(q.repoId, f.repoId));
  if (f.type) conds.push(eq(q.type, f.type));
  if (f.types?.length) conds.push(inArray(q.type, f.types));
  if (f.knowledgeIds?.length) conds.push(subtreeCondition(f.knowledgeIds));
  if (f.ids) conds.push(inArray(q.id, f.ids.length ? f.ids : [-1]));
  if (f.keyword) conds.push(sql`${q.searchText} ilike ${`%${escapeLike(f.keyword)}%`}`);
  if (f.tags?.length) {
    const ids = await tagIdsFor(db, v, f.tags);
    conds.push(
      ids.length
        ? sql`exists (select 1 from ${qt} where ${qt.questionId} = ${q.id} and ${inArray(qt.tagId, ids)})`
        : sql`false`,
    );
  }
  return and(...conds);
}

const ORDERS = {
  lastUpdate: [asc(q.updatedAt), asc(q.id)],
  '-lastUpdate': [desc(q.updatedAt), desc(q.id)],
  createTime: [asc(q.createdAt), asc(q.id)],
  '-createTime': [desc(q.createdAt), desc(q.id)],
} as const;
export type QuestionOrder = keyof typeof ORDERS;

export class QuestionsRepository {
  constructor(private readonly db: Db) {}

  /** A page of the visible active questions matching the filter, in a stable order, with the total. */
  async page(v: Visibility, f: QuestionFilter, order: QuestionOrder, page: { start: number; size: number }) {
    const where = await filterCondition(this.db, v, f);
    // The page's ids first, read from an index alone (questions_active_*), then only those rows; the total
    // rides along as a scalar subquery, so a page is one round trip.
    const ids = this.db
      .select({ id: q.id })
      .from(q)
      .where(where)
      .orderBy(...ORDERS[order])
      .offset(page.start)
      .limit(page.size);
    const rows = await this.db
      .select({ ...COLUMNS, total: sql<number>`(select count(*) from ${q} where ${where})`.mapWith(Number) })
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(inArray(q.id, ids))
      .orderBy(...ORDERS[order]);
    if (rows.length > 0 || page.start === 0) {
      const list = rows.map(({ total: _total, ...row }) => row as QuestionRow);
      return { total: rows[0]?.total ?? 0, rows: list };
    }
    // Past the last page: no row carries the total.
    const [total] = await this.db.select({ n: count() }).from(q).where(where);
    return { total: total?.n ?? 0, rows: [] as QuestionRow[] };
  }

  /** All visible active questions with these ids (any order). */
  async byIds(v: Visibility, f: QuestionFilter & { ids: number[] }): Promise<QuestionRow[]> {
    return await this.db
      .select(COLUMNS)
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(await filterCondition(this.db, v, f));
  }

  /** One question of any agency (callers check visibility), archived ones included. */
  async get(id: number): Promise<QuestionRow | undefined> {
    const [row] = await this.db.select(COLUMNS).from(q).leftJoin(kp, eq(kp.code, q.knowledgeCode)).where(eq(q.id, id));
    return row;
  }

  async insert(values: QuestionInsert, tagIds: (tx: DbOrTx) => Promise<number[]>, setTags: SetTags): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(q).values(values).returning({ id: q.id });
      await setTags(row.id, await tagIds(tx), tx);
      return row.id;
    });
  }

  /**
   * Saves a change. With `snapshot`, the current version is kept in question_versions and the question
   * moves to the next version (answer records keep pointing at the old one); else it changes in place.
   */
  async update(
    id: number,
    agencyId: string,
    change: QuestionChange,
    now: Date,
    versioning: { snapshot: Record<string, unknown>; version: number } | null,
    tagIds: (tx: DbOrTx) => Promise<number[]>,
    setTags: SetTags,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (versioning)
        await tx
          .insert(questionVersions)
          .values({ questionId: id, version: versioning.version, snapshot: versioning.snapshot, createdAt: now })
          .onConflictDoNothing();
      const rows = await tx
        .update(q)
        .set({ ...change, updatedAt: now, ...(versioning ? { version: versioning.version + 1 } : {}) })
        .where(and(eq(q.id, id), eq(q.agencyId, agencyId)))
        .returning({ id: q.id });
      if (rows.length === 0) return false;
      await setTags(id, await tagIds(tx), tx);
      return true;
    });
  }

  /** Archives a question with answer records (they must keep pointing at it), else deletes it. */
  async deleteOrArchive(id: number, agencyId: string, now: Date): Promise<'deleted' | 'archived' | 'not_found'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: q.id })
        .from(q)
        .where(and(eq(q.id, id), eq(q.agencyId, agencyId)))
        .for('update');
      if (!row) return 'not_found';
      const [c] = await tx.select({ n: count() }).from(answerRecords).where(eq(answerRecords.questionId, id));
      if (c && c.n > 0) {
        await tx.update(q).set({ status: 'archived', updatedAt: now }).where(eq(q.id, id));
        return 'archived';
      }
      await tx.delete(q).where(eq(q.id, id));
      return 'deleted';
    });
  }

  /** How many of these ids are the agency's own questions. */
  async countOwned(agencyId: string, ids: readonly number[]): Promise<number> {
    const [c] = await this.db
      .select({ n: count() })
      .from(q)
      .where(and(eq(q.agencyId, agencyId), inArray(q.id, [...ids])));
    return c?.n ?? 0;
  }

  async move(agencyId: string, ids: readonly number[], to: { knowledgeCode?: string; repoId?: number }, now: Date) {
    const rows = await this.db
      .update(q)
      .set({ ...to, updatedAt: now })
      .where(and(eq(q.agencyId, agencyId), inArray(q.id, [...ids])))
      .returning({ id: q.id });
    return rows.length;
  }

  /** Answer records of the question (of one version when given). */
  async recordCount(questionId: number, version?: number): Promise<number> {
    const [c] = await this.db
      .select({ n: count() })
      .from(answerRecords)
      .where(
        and(
          eq(answerRecords.questionId, questionId),
          version === undefined ? undefined : eq(answerRecords.version, version),
        ),
      );
    return c?.n ?? 0;
  }

  async versions(questionId: number) {
    return this.db
      .select({ version: questionVersions.version, snapshot: questionVersions.snapshot })
      .from(questionVersions)
      .where(eq(questionVersions.questionId, questionId))
      .orderBy(asc(questionVersions.version));
  }

  /**
   * Stores an answer record of the question's current version. The practice engine (issue 4) writes
   * records through here; tests use it to give a question records.
   */
  async insertAnswerRecord(r: { agencyId: string; questionId: number; userId: number; now?: Date }) {
    const [cur] = await this.db.select({ version: q.version }).from(q).where(eq(q.id, r.questionId));
    if (!cur) throw new Error(`question ${r.questionId} does not exist`);
    const [row] = await this.db
      .insert(answerRecords)
      .values({
        agencyId: r.agencyId,
        questionId: r.questionId,
        userId: r.userId,
        version: cur.version,
        createdAt: r.now,
      })
      .returning({ id: answerRecords.id, version: answerRecords.version });
    return row;
  }

  /** Codes among these that exist in the knowledge tree. */
  async existingKnowledgeCodes(codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db
      .select({ code: kp.code })
      .from(kp)
      .where(inArray(kp.code, [...codes]));
    return new Set(rows.map((r) => r.code));
  }
}

export type SetTags = (questionId: number, tagIds: readonly number[], tx: DbOrTx) => Promise<void>;
