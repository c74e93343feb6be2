// The hot read of the question bank — a page of questions matching a filter, with the total and each
// question's tag names — as one statement. The SQL depends only on the filter's *shape* (which filters are
// present, how many knowledge subtrees); values are bound parameters. Each shape is built once and run as a
// named prepared statement, so neither the query builder nor PostgreSQL's parser and planner run again for
// it (docs/performance.md).
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { notPendingImport } from '../../db/pending-imports.js';
import {
  bankVersions,
  knowledgePoints as kp,
  questionRepos,
  questions as q,
  questionTags as qt,
  tags,
} from '../../db/schema.js';
import { withPlannedRows } from '../../db/planned-rows.js';
import { MicroBatch } from '../../lib/micro-batch.js';

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
  /** Only automatically judged questions (trainings draw these). */
  autoJudged?: boolean;
}

const ORDER_SQL = {
  lastUpdate: sql`${q.updatedAt} asc, ${q.id} asc`,
  '-lastUpdate': sql`${q.updatedAt} desc, ${q.id} desc`,
  createTime: sql`${q.createdAt} asc, ${q.id} asc`,
  '-createTime': sql`${q.createdAt} desc, ${q.id} desc`,
} as const;
export type QuestionOrder = keyof typeof ORDER_SQL;
export const QUESTION_ORDERS = Object.keys(ORDER_SQL) as QuestionOrder[];

/** The tag names of the question with this id: system tags first, then by creation. */
export const tagNamesOf = (id: AnyPgColumn) => sql<
  string[]
>`array(select ${tags.name} from ${qt} join ${tags} on ${tags.id} = ${qt.tagId}
  where ${qt.questionId} = ${id} order by ${tags.key} is null, ${tags.id})`;
const TAG_NAMES = tagNamesOf(q.id);

/** Every column a question is presented with. */
const { searchText: _searchText, ...PRESENTED } = getTableColumns(q);
/** Every column a question is presented with (not the search text: it is only searched). */
export const QUESTION_COLUMNS = { ...PRESENTED, kpName: kp.name, kpLv: kp.lv, tagNames: TAG_NAMES };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Subtrees written with more codes than this run unprepared (each count would be its own statement). */
const MAX_PREPARED_CODES = 4;
const MAX_STATEMENTS = 256;

interface Shape {
  order: QuestionOrder;
  subscribed: boolean;
  repo: boolean;
  type: boolean;
  types: boolean;
  tags: boolean;
  keyword: boolean;
  codes: number;
  ids: boolean;
  auto: boolean;
}

const shapeOf = (v: Visibility, f: QuestionFilter, order: QuestionOrder): Shape => ({
  order,
  subscribed: v.subscribedRepoIds.length > 0,
  repo: f.repoId !== undefined,
  type: !!f.type,
  types: !!f.types?.length,
  tags: !!f.tags?.length,
  keyword: !!f.keyword,
  codes: f.knowledgeIds?.length ?? 0,
  ids: f.ids !== undefined,
  auto: !!f.autoJudged,
});

const p = (name: string) => sql.placeholder(name);

/**
 * Each code with its whole subtree (`code = X or code like 'X.%'`), written as the one byte-wise range
 * `X <= code < X/` of the text_pattern_ops indexes. Codes are `[a-z0-9.]` (KP_CODE_RE) and '/' follows
 * '.' and precedes every other allowed character, so the range holds exactly X and the codes under
 * `X.`; as one range the planner both uses it as an index bound and estimates its rows well.
 */
const subtree = (i: number) =>
  sql`(${q.knowledgeCode} ~>=~ ${p(`code${i}`)} and ${q.knowledgeCode} ~<~ ${p(`end${i}`)})`;

/** The filter of a shape, on placeholders. */
function whereOf(s: Shape): SQL {
  const visible = s.subscribed
    ? or(eq(q.agencyId, p('agencyId')), sql`${q.repoId} = any(${p('subscribed')})`)
    : eq(q.agencyId, p('agencyId'));
  // A question carries tags of its own agency only: without subscriptions only the agency's tags can match.
  const tagIds = sql`select ${tags.id} from ${tags} where ${s.subscribed ? sql`true` : sql`${tags.agencyId} = ${p('agencyId')}`}
    and (${tags.name} = any(${p('tags')}) or ${tags.key} = any(${p('tags')}))`;
  return and(
    visible,
    // A literal, not a parameter: only then can a generic plan use the partial indexes (status = 'active').
    sql`${q.status} = 'active'`,
    notPendingImport,
    s.repo ? eq(q.repoId, p('repoId')) : undefined,
    s.type ? eq(q.type, p('type')) : undefined,
    s.types ? sql`${q.type} = any(${p('types')})` : undefined,
    s.codes ? or(...Array.from({ length: s.codes }, (_, i) => subtree(i))) : undefined,
    s.ids ? sql`${q.id} = any(${p('ids')})` : undefined,
    s.auto ? sql`${q.judgeType} = 'auto' and ${q.type} <> 'shortAnswer'` : undefined,
    s.keyword ? sql`${q.searchText} ilike ${p('keyword')}` : undefined,
    s.tags
      ? sql`exists (select 1 from ${qt} where ${qt.questionId} = ${q.id} and ${qt.tagId} = any(array(${tagIds})))`
      : undefined,
  )!;
}

function valuesOf(v: Visibility, f: QuestionFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {
    agencyId: v.agencyId,
    subscribed: v.subscribedRepoIds,
    repoId: f.repoId,
    type: f.type,
    types: f.types,
    tags: f.tags,
    ids: f.ids,
    keyword: f.keyword ? `%${escapeLike(f.keyword)}%` : undefined,
  };
  f.knowledgeIds?.forEach((c, i) => {
    values[`code${i}`] = c;
    values[`end${i}`] = `${c}/`;
  });
  return values;
}

function build(db: Db, s: Shape, name: string | undefined) {
  const where = whereOf(s);
  // The total rides along as a scalar subquery, so a page is one round trip.
  return withPlannedRows(
    db
      .select({ ...QUESTION_COLUMNS, total: sql<number>`(select count(*) from ${q} where ${where})`.mapWith(Number) })
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(sql`${q.id} in (${pageIds(s, where)})`)
      .orderBy(ORDER_SQL[s.order])
      .prepare(name ?? ''),
  );
}

/** The page's ids, read from an index alone (questions_active_*); then only those rows are read. */
const pageIds = (s: Shape, where: SQL) =>
  sql`select ${q.id} from ${q} where ${where} order by ${ORDER_SQL[s.order]} offset ${p('start')} limit ${p('size')}`;

/**
 * What a question row adds to a list's cache key check: the bank versions of every agency it reads, and the
 * platform-wide '*' of the knowledge points (migration 0008).
 */
const BANK_VERSION = sql<string>`(select coalesce(sum(${bankVersions.version}), 0)::text from ${bankVersions}
  where ${bankVersions.agencyId} = ${p('agencyId')} or ${bankVersions.agencyId} = '*'
     or ${bankVersions.agencyId} in (select ${questionRepos.agencyId} from ${questionRepos} where ${questionRepos.id} = any(${p('subscribed')})))`;

/** Every id matching the filter, in order (at most `limit`), with the bank version they were read at. */
function buildPool(db: Db, s: Shape, name: string | undefined) {
  return withPlannedRows(
    db
      .select({ id: q.id, bankVersion: BANK_VERSION })
      .from(q)
      .where(whereOf(s))
      .orderBy(ORDER_SQL[s.order])
      .limit(p('limit'))
      .prepare(name ?? ''),
  );
}

/** A page without its total, each row with the bank version it was read at (lists too long to keep). */
function buildPageRows(db: Db, s: Shape, name: string | undefined) {
  return withPlannedRows(
    db
      .select({ ...QUESTION_COLUMNS, bankVersion: BANK_VERSION })
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(sql`${q.id} in (${pageIds(s, whereOf(s))})`)
      .orderBy(ORDER_SQL[s.order])
      .prepare(name ?? ''),
  );
}

/** How many questions match, with the bank version counted at. */
function buildCount(db: Db, s: Shape, name: string | undefined) {
  return withPlannedRows(
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number), bankVersion: BANK_VERSION })
      .from(q)
      .where(whereOf(s))
      .prepare(name ?? ''),
  );
}

function buildRowsById(db: Db) {
  return withPlannedRows(
    db
      .select({ ...QUESTION_COLUMNS, bankVersion: BANK_VERSION })
      .from(q)
      .leftJoin(kp, eq(kp.code, q.knowledgeCode))
      .where(sql`${q.id} = any(${p('ids')})`)
      .prepare('question_rows_by_id'),
  );
}

function buildBankVersion(db: Db) {
  return withPlannedRows(
    db
      .select({ bankVersion: BANK_VERSION })
      .from(sql`(select 1) as one`)
      .prepare('question_bank_version'),
  );
}

type PageStatement = ReturnType<typeof build>;
type PoolStatement = ReturnType<typeof buildPool>;
type PageRowsStatement = ReturnType<typeof buildPageRows>;
type CountStatement = ReturnType<typeof buildCount>;
export type QuestionPageRow = Awaited<ReturnType<PageStatement['execute']>>[number];

/** The prepared statements of each filter shape, named after the shape (one name always means one text). */
class ShapeStatements<S> {
  private readonly statements = new Map<string, S>();

  constructor(
    private readonly prefix: string,
    private readonly make: (s: Shape, name: string | undefined) => S,
  ) {}

  get(s: Shape): S {
    const key = JSON.stringify(s);
    const cached = this.statements.get(key);
    if (cached) return cached;
    if (s.codes > MAX_PREPARED_CODES || this.statements.size >= MAX_STATEMENTS) return this.make(s, undefined);
    const made = this.make(s, `${this.prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`);
    this.statements.set(key, made);
    return made;
  }
}

/** Pages of questions: straight from the database, or through a cached list of the matching ids. */
export class QuestionPageQuery {
  private readonly pages: ShapeStatements<PageStatement>;
  private readonly pools: ShapeStatements<PoolStatement>;
  private readonly pageRowsOf: ShapeStatements<PageRowsStatement>;
  private readonly counts: ShapeStatements<CountStatement>;
  private readonly rowsById: ReturnType<typeof buildRowsById>;
  private readonly version: ReturnType<typeof buildBankVersion>;

  constructor(db: Db) {
    this.pages = new ShapeStatements('question_page', (s, name) => build(db, s, name));
    this.pools = new ShapeStatements('question_pool', (s, name) => buildPool(db, s, name));
    this.pageRowsOf = new ShapeStatements('question_rows', (s, name) => buildPageRows(db, s, name));
    this.counts = new ShapeStatements('question_count', (s, name) => buildCount(db, s, name));
    this.rowsById = buildRowsById(db);
    this.version = buildBankVersion(db);
  }

  /** A page of the visible active questions matching the filter, in a stable order, with the total. */
  async page(v: Visibility, f: QuestionFilter, order: QuestionOrder, page: { start: number; size: number }) {
    const statement = this.pages.get(shapeOf(v, f, order));
    const values = valuesOf(v, f);
    const rows = await statement.execute({ ...values, start: page.start, size: page.size });
    if (rows.length > 0 || page.start === 0) return { total: rows[0]?.total ?? 0, rows };
    // Past the last page: no row carries the total; the first row does.
    const [first] = await statement.execute({ ...values, start: 0, size: 1 });
    return { total: first?.total ?? 0, rows };
  }

  /** Every matching id in order, and the bank version read with them; null when there are more than `limit`. */
  async pool(v: Visibility, f: QuestionFilter, order: QuestionOrder, limit: number) {
    const rows = await this.pools.get(shapeOf(v, f, order)).execute({ ...valuesOf(v, f), limit: limit + 1 });
    if (rows.length > limit) return null;
    return { ids: rows.map((r) => r.id), bankVersion: rows[0]?.bankVersion ?? (await this.bankVersion(v)) };
  }

  /** The first `limit` matching ids in order (however many match), and the bank version read with them. */
  async firstIds(v: Visibility, f: QuestionFilter, order: QuestionOrder, limit: number) {
    const rows = await this.pools.get(shapeOf(v, f, order)).execute({ ...valuesOf(v, f), limit });
    return { ids: rows.map((r) => r.id), bankVersion: rows[0]?.bankVersion ?? (await this.bankVersion(v)) };
  }

  /** A page without its total, and the bank version it was read at. */
  async pageRows(v: Visibility, f: QuestionFilter, order: QuestionOrder, page: { start: number; size: number }) {
    const rows = await this.pageRowsOf.get(shapeOf(v, f, order)).execute({ ...valuesOf(v, f), ...page });
    return { rows, bankVersion: rows[0]?.bankVersion ?? (await this.bankVersion(v)) };
  }

  /** How many questions match, and the bank version counted at. */
  async count(v: Visibility, f: QuestionFilter): Promise<{ total: number; bankVersion: string }> {
    // The order does not change a count: one statement per filter shape.
    const [row] = await this.counts.get(shapeOf(v, f, '-lastUpdate')).execute(valuesOf(v, f));
    return { total: row?.total ?? 0, bankVersion: row?.bankVersion ?? '0' };
  }

  /** The questions with these ids (any order, whatever their status), each with the current bank version. */
  rows(v: Visibility, ids: number[]) {
    return this.rowsById.execute({ agencyId: v.agencyId, subscribed: v.subscribedRepoIds, ids });
  }

  /**
   * The bank version alone (for an empty list, and for the caches that check it). Reads arriving together share
   * one statement per visibility (lib/micro-batch.ts: each is answered by a read that started after it asked, so
   * as fresh as its own): a class starting an exam at once asks it twice a start.
   */
  bankVersion(v: Visibility): Promise<string> {
    return this.versions.load(v);
  }

  private readonly versions = new MicroBatch<Visibility, string>(async (keys) => {
    const read = new Map<string, Promise<string>>();
    return Promise.all(
      keys.map((v) => {
        const key = `${v.agencyId}\u0000${v.subscribedRepoIds.join(',')}`;
        let version = read.get(key);
        if (version === undefined) {
          version = this.version
            .execute({ agencyId: v.agencyId, subscribed: v.subscribedRepoIds })
            .then(([row]) => row?.bankVersion ?? '0');
          read.set(key, version);
        }
        return version;
      }),
    );
  });
}
