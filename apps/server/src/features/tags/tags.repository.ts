// SQL for tags and the question ↔ tag links. Every query names the agency in context.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { questionTags as qt, tags } from '../../db/schema.js';
import { SYSTEM_TAGS } from './tags.policy.js';

export interface TagRow {
  id: number;
  name: string;
  key: string | null;
  questionCount: number;
}

// Written with qualified names: drizzle leaves columns of single-table selects unqualified, and inside a
// subquery an unqualified "id" would bind to the subquery's own table.
const questionCount = sql<number>`(select count(*) from question_tags qt join questions q on q.id = qt.question_id where qt.tag_id = "tags"."id" and q.status = 'active'
  and not exists (select 1 from import_pending ip where ip.job_id = q.import_job_id))::int`;

export class TagsRepository {
  constructor(private readonly db: Db) {}

  /** Creates the system tags of an agency when missing (idempotent). */
  async ensureSystemTags(agencyId: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .insert(tags)
      .values(SYSTEM_TAGS.map((t) => ({ agencyId, name: t.name, key: t.key })))
      .onConflictDoNothing();
  }

  /** System tags first (in their fixed order), then by name. */
  list(agencyId: string): Promise<TagRow[]> {
    return this.db
      .select({ id: tags.id, name: tags.name, key: tags.key, questionCount })
      .from(tags)
      .where(eq(tags.agencyId, agencyId))
      .orderBy(sql`${tags.key} is null`, asc(tags.id));
  }

  async get(agencyId: string, id: number): Promise<TagRow | undefined> {
    const [row] = await this.db
      .select({ id: tags.id, name: tags.name, key: tags.key, questionCount })
      .from(tags)
      .where(and(eq(tags.agencyId, agencyId), eq(tags.id, id)));
    return row;
  }

  async insert(agencyId: string, name: string): Promise<number> {
    const [row] = await this.db.insert(tags).values({ agencyId, name }).returning({ id: tags.id });
    return row.id;
  }

  async rename(agencyId: string, id: number, name: string): Promise<void> {
    await this.db
      .update(tags)
      .set({ name })
      .where(and(eq(tags.agencyId, agencyId), eq(tags.id, id)));
  }

  /** Gives the source's questions the target tag and removes the source, in one transaction. */
  async merge(agencyId: string, sourceId: number, targetId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${qt} (question_id, tag_id)
        select ${qt.questionId}, ${targetId}::bigint from ${qt} where ${qt.tagId} = ${sourceId}
        on conflict do nothing`);
      await tx.delete(tags).where(and(eq(tags.agencyId, agencyId), eq(tags.id, sourceId)));
    });
  }

  /** Deletes a tag; its links to questions go with it (foreign key cascade). */
  async delete(agencyId: string, id: number): Promise<void> {
    await this.db.delete(tags).where(and(eq(tags.agencyId, agencyId), eq(tags.id, id)));
  }

  /** Ids of the agency's tags with these names, creating the unknown ones. */
  async idsForNames(agencyId: string, names: readonly string[], db: DbOrTx): Promise<number[]> {
    if (names.length === 0) return [];
    await db
      .insert(tags)
      .values(names.map((name) => ({ agencyId, name })))
      .onConflictDoNothing();
    const rows = await db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.agencyId, agencyId), inArray(tags.name, [...names])));
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    return names.map((n) => byName.get(n)).filter((id): id is number => id !== undefined);
  }

  /** Replaces the tags of a question. */
  async setQuestionTags(questionId: number, tagIds: readonly number[], db: DbOrTx): Promise<void> {
    await db.delete(qt).where(eq(qt.questionId, questionId));
    if (tagIds.length) await db.insert(qt).values(tagIds.map((tagId) => ({ questionId, tagId })));
  }
}
