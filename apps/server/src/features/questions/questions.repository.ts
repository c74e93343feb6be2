// SQL for questions, their versions and answer records. Every read is limited to the repositories the
// agency in context may see: its own questions (agency_id) or those of repositories it subscribed to.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { notPendingImport } from '../../db/pending-imports.js';
import { answerRecords, knowledgePoints as kp, questions as q, questionVersions } from '../../db/schema.js';
import {
  QUESTION_COLUMNS as COLUMNS,
  QuestionPageQuery,
  type QuestionFilter,
  type QuestionOrder,
  type Visibility,
} from './question-page.query.js';
import { QuestionPools } from './question-pool.js';
import { systemClock, type Clock } from '../../lib/clock.js';

export type QuestionRow = Omit<typeof q.$inferSelect, 'searchText'> & {
  kpName: string | null;
  kpLv: string | null;
  tagNames: string[];
};
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

export type { QuestionFilter, QuestionOrder, Visibility } from './question-page.query.js';

export class QuestionsRepository {
  private readonly pages: QuestionPageQuery;
  private readonly pools: QuestionPools;

  /**
   * `listCache`: how many lists of matching ids to keep (question-pool.ts), 0 reading every page straight, and
   * the most ids one list holds.
   */
  constructor(
    private readonly db: Db,
    listCache: { clock: Clock; maxLists: number; maxIds?: number } = { clock: systemClock, maxLists: 0 },
  ) {
    this.pages = new QuestionPageQuery(db);
    this.pools = new QuestionPools(this.pages, listCache.clock, listCache.maxLists, listCache.maxIds);
  }

  /** A page of the visible active questions matching the filter, in a stable order, with the total. */
  page(v: Visibility, f: QuestionFilter, order: QuestionOrder, page: { start: number; size: number }) {
    return this.pools.page(v, f, order, page);
  }

  /** The bank version of everything the agency's lists show (checked against cached pages). */
  bankVersion(v: Visibility): Promise<string> {
    return this.pages.bankVersion(v);
  }

  /** The visible active question ids matching the filter, newest first, at most `limit`. */
  async matchingIds(v: Visibility, f: QuestionFilter, limit: number): Promise<readonly number[]> {
    if (this.pools.enabled) return this.pools.ids(v, f, '-lastUpdate', limit);
    return (await this.pages.firstIds(v, f, '-lastUpdate', limit)).ids;
  }

  /** All visible active questions with these ids (any order). */
  async byIds(v: Visibility, f: QuestionFilter & { ids: number[] }): Promise<QuestionRow[]> {
    if (f.ids.length === 0) return [];
    const { rows } = await this.pages.page(v, f, '-lastUpdate', { start: 0, size: f.ids.length });
    return rows;
  }

  /** One question of any agency (callers check visibility), archived ones included; never one an import is writing. */
  async get(id: number): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .select(COLUMNS)
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(and(eq(q.id, id), notPendingImport));
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
      .where(and(eq(q.agencyId, agencyId), inArray(q.id, [...ids]), notPendingImport));
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
