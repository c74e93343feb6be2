// SQL for the knowledge tree. Subtrees are `code LIKE 'prefix.%'` on the text_pattern_ops index.
import { and, asc, count, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notPendingImport } from '../../db/pending-imports.js';
import { knowledgePoints as kp, questionRepos, questions, repoSubscriptions } from '../../db/schema.js';
import type { KpCounts, KpRow } from './knowledge.policy.js';

const COLUMNS = { code: kp.code, parentCode: kp.parentCode, name: kp.name, lv: kp.lv, sort: kp.sort };
/** Parents before children (chains build in one pass), siblings by `sort`. */
const ORDER = [asc(kp.depth), asc(kp.sort), asc(kp.code)];

/** Codes match [a-z0-9.] (contract KP_CODE_RE), but escape anyway: LIKE patterns must never come from input. */
const subtreePattern = (code: string) => `${code.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/** Advisory lock key of subject creation (any constant bigint no other code uses; ASCII of "kpsubj"). */
const SUBJECT_CREATION_LOCK = 0x6b7073756a62;

export interface ParentForCreate {
  code: string;
  depth: number;
  childSeq: number;
}

export interface NewPoint {
  code: string;
  parentCode: string | null;
  name: string;
  lv: string;
  depth: number;
  sort: number;
  /** Written to the parent's counter. */
  ordinal: number;
}

export type DeleteOutcome =
  | { kind: 'deleted' }
  | { kind: 'not_found' }
  | { kind: 'has_children'; children: number }
  | { kind: 'has_questions'; questions: number };

export class KnowledgeRepository {
  constructor(private readonly db: Db) {}

  /**
   * The whole tree, aggregated by the database into one JSON text value. Measured with 10,000
   * points: PGlite spends ~60 ms decoding 10,000 result rows but ~23 ms for one json_agg value
   * (PostgreSQL is equal either way), and this is the hottest read of the API.
   */
  async all(): Promise<KpRow[]> {
    const [r] = await this.db
      .select({
        json: sql<
          string | null
        >`json_agg(json_build_array(${kp.code}, ${kp.parentCode}, ${kp.name}, ${kp.lv}, ${kp.sort}) order by ${kp.depth}, ${kp.sort}, ${kp.code})::text`,
      })
      .from(kp);
    const tuples = JSON.parse(r?.json ?? '[]') as [string, string | null, string, string, number][];
    return tuples.map(([code, parentCode, name, lv, sort]) => ({ code, parentCode, name, lv, sort }));
  }

  /**
   * The compact tree (`[code, name]` pairs in display order) as the JSON text the web receives, built by the
   * database in one value; with `root`, that point and its subtree only.
   */
  async compactTree(root?: string): Promise<string> {
    const [r] = await this.db
      .select({
        json: sql<string>`coalesce(json_agg(json_build_array(${kp.code}, ${kp.name}) order by ${kp.depth}, ${kp.sort}, ${kp.code}), '[]')::text`,
      })
      .from(kp)
      .where(root === undefined ? undefined : or(eq(kp.code, root), like(kp.code, subtreePattern(root))));
    return r?.json ?? '[]';
  }

  subjects(): Promise<KpRow[]> {
    return this.db
      .select(COLUMNS)
      .from(kp)
      .where(eq(kp.depth, 0))
      .orderBy(...ORDER);
  }

  /** The point, its ancestors and its whole subtree, in one query. */
  withSubtree(code: string, ancestors: string[]): Promise<KpRow[]> {
    return this.db
      .select(COLUMNS)
      .from(kp)
      .where(or(like(kp.code, subtreePattern(code)), inArray(kp.code, [...ancestors, code])))
      .orderBy(...ORDER);
  }

  /** The point and its ancestors. */
  withAncestors(code: string, ancestors: string[]): Promise<KpRow[]> {
    return this.db
      .select(COLUMNS)
      .from(kp)
      .where(inArray(kp.code, [...ancestors, code]))
      .orderBy(...ORDER);
  }

  /**
   * Question counts per knowledge point for one agency, in one GROUP BY: active questions whose main
   * point is that point (`refCount`), of the agency's own repositories and of the shared ones it
   * subscribed to, and those carrying the system tags example/mock/variant (matched by key, so the
   * tags of a subscribed repository's owner count). Callers sum the per-point counts up the tree.
   */
  async questionCounts(agencyId: string): Promise<Map<string, KpCounts>> {
    // Qualified by hand: drizzle leaves columns of single-table selects unqualified, and inside the
    // subquery an unqualified "id" would bind to tags.id.
    const withKey = (key: string) =>
      sql<number>`(count(*) filter (where exists (select 1 from question_tags qt join tags t on t.id = qt.tag_id where qt.question_id = "questions"."id" and t.key = ${key})))::int`;
    const subscribed = this.db
      .select({ id: repoSubscriptions.repoId })
      .from(repoSubscriptions)
      .innerJoin(questionRepos, eq(questionRepos.id, repoSubscriptions.repoId))
      .where(and(eq(repoSubscriptions.agencyId, agencyId), eq(questionRepos.shared, true)));
    const rows = await this.db
      .select({
        code: questions.knowledgeCode,
        refCount: sql<number>`count(*)::int`,
        exampleRefCount: withKey('example'),
        mockRefCount: withKey('mock'),
        varRefCount: withKey('variant'),
      })
      .from(questions)
      .where(
        and(
          eq(questions.status, 'active'),
          notPendingImport,
          or(eq(questions.agencyId, agencyId), inArray(questions.repoId, subscribed)),
        ),
      )
      .groupBy(questions.knowledgeCode);
    return new Map(rows.map(({ code, ...c }) => [code, c]));
  }

  /** Questions of any agency and status whose main point lies in the subtree (deleting must not orphan them). */
  async questionsInSubtree(code: string, db: Pick<Db, 'select'> = this.db): Promise<number> {
    const [c] = await db
      .select({ n: count() })
      .from(questions)
      .where(or(eq(questions.knowledgeCode, code), like(questions.knowledgeCode, subtreePattern(code))));
    return c?.n ?? 0;
  }

  /**
   * Inserts a child of `parentCode` (a subject when null). The parent row is locked for the whole
   * transaction, so concurrent creations under one parent take turns; subjects have no parent row, so
   * their creations take turns on a transaction-level advisory lock instead (docs/decisions.md "Subject
   * creation"). `allocate` (pure policy) picks the code from the parent's counter and the current siblings.
   */
  async insertChild(
    parentCode: string | null,
    name: string,
    allocate: (parent: ParentForCreate | null, siblings: { code: string; sort: number }[]) => NewPoint,
    now: Date,
  ): Promise<{ kind: 'created'; code: string } | { kind: 'parent_not_found' }> {
    return this.db.transaction(async (tx) => {
      let parent: ParentForCreate | null = null;
      if (parentCode === null) await tx.execute(sql`select pg_advisory_xact_lock(${SUBJECT_CREATION_LOCK})`);
      else {
        const [p] = await tx
          .select({ code: kp.code, depth: kp.depth, childSeq: kp.childSeq })
          .from(kp)
          .where(eq(kp.code, parentCode))
          .for('update');
        if (!p) return { kind: 'parent_not_found' } as const;
        parent = p;
      }
      const siblings = await tx
        .select({ code: kp.code, sort: kp.sort })
        .from(kp)
        .where(parentCode === null ? isNull(kp.parentCode) : eq(kp.parentCode, parentCode));
      const p = allocate(parent, siblings);
      await tx.insert(kp).values({
        code: p.code,
        parentCode: p.parentCode,
        name,
        lv: p.lv,
        depth: p.depth,
        sort: p.sort,
        createdAt: now,
        updatedAt: now,
      });
      if (parentCode !== null) await tx.update(kp).set({ childSeq: p.ordinal }).where(eq(kp.code, parentCode));
      return { kind: 'created', code: p.code } as const;
    });
  }

  async rename(code: string, name: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(kp)
      .set({ name, updatedAt: now })
      .where(eq(kp.code, code))
      .returning({ code: kp.code });
    return rows.length > 0;
  }

  /** Deletes a leaf that no question uses; otherwise deletes nothing and says why. */
  async deleteLeaf(code: string): Promise<DeleteOutcome> {
    return this.db.transaction(async (tx) => {
      // The lock keeps a concurrent create from adding a child between the check and the delete.
      const [row] = await tx.select({ code: kp.code }).from(kp).where(eq(kp.code, code)).for('update');
      if (!row) return { kind: 'not_found' } as const;
      const [c] = await tx.select({ n: count() }).from(kp).where(eq(kp.parentCode, code));
      if (c && c.n > 0) return { kind: 'has_children', children: c.n } as const;
      const questions = await this.questionsInSubtree(code, tx);
      if (questions > 0) return { kind: 'has_questions', questions } as const;
      await tx.delete(kp).where(eq(kp.code, code));
      return { kind: 'deleted' } as const;
    });
  }
}
