// The knowledge tree: reads with parent chains and agency counts, and the knowledge admin's writes.
import { createHash } from 'node:crypto';
import { API, type KnowledgePoint, type KpLevel } from '@edu/contract';
import { ApiError, conflict, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { CachedEnvelope } from '../../lib/cached-envelope.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { KnowledgeRepository } from './knowledge.repository.js';
import {
  MAX_DEPTH,
  ZERO_COUNTS,
  ancestorCodes,
  levelOf,
  nextChildCode,
  parentChains,
  subtreeCounts,
  type KpCounts,
  type KpRow,
} from './knowledge.policy.js';

const DUPLICATE_NAME = '同一上级下已有同名知识点，请换一个名称';
/** Subjects are the roots: their name is unique among all subjects (docs/decisions.md "Subject creation"). */
const DUPLICATE_SUBJECT = '同名学科已存在';

/** A sibling-name violation → 409 saying which name is taken; any other error unchanged. */
const nameTaken = (e: unknown, isSubject: boolean): unknown =>
  isUniqueViolation(e, 'knowledge_points_sibling_name_key')
    ? conflict(isSubject ? DUPLICATE_SUBJECT : DUPLICATE_NAME)
    : e;

/** Subtrees kept besides the whole tree; the oldest goes first. */
const TREE_CACHE_ENTRIES = 256;
/** Agencies' spec lists kept (each about 5 MB with its compressed forms at 10,000 points); the oldest goes first. */
const LIST_CACHE_ENTRIES = 8;

export class KnowledgeService {
  /**
   * Compact trees by root ('' = the whole tree) with their ETag: the same for every agency, evicted by every
   * write through this process and kept `cacheSeconds` at most, so other processes' writes show within that
   * time (docs/performance.md "Knowledge tree").
   */
  private readonly trees: TtlCache<string, CachedEnvelope | null>;
  /**
   * The spec's list per agency and what its counts depend on (`countsKey`), as the compact tree is kept: evicted by
   * every write of the tree through this process and kept `cacheSeconds` at most (docs/performance.md "Request path").
   */
  private readonly lists: TtlCache<string, CachedEnvelope>;

  constructor(
    private readonly repo: KnowledgeRepository,
    private readonly clock: Clock,
    cacheSeconds: number,
    /** What an agency's question counts depend on (QuestionsService.countsKey). */
    private readonly countsKey?: (agencyId: string) => Promise<string>,
  ) {
    this.trees = new TtlCache(cacheSeconds * 1000, TREE_CACHE_ENTRIES, clock);
    this.lists = new TtlCache(cacheSeconds * 1000, LIST_CACHE_ENTRIES, clock);
  }

  /** Runs a write of the tree, then evicts the cached trees (also when it failed: it may have committed). */
  private async changingTree<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.trees.clear();
      this.lists.clear();
    }
  }

  /** The compact tree (or one point's subtree) with a strong ETag; 404 when `root` does not exist. */
  async compactTree(root?: string): Promise<CachedEnvelope> {
    const tree = await this.trees.getOrLoad(root ?? '', async () => {
      const json = await this.repo.compactTree(root);
      if (json === '[]' && root !== undefined) return null;
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
      return new CachedEnvelope(API.kpTree.module, json, this.clock.now(), etag);
    });
    if (!tree) throw notFound('知识点不存在');
    return tree;
  }

  /**
   * Rows → wire objects. `rows` holds every ancestor of the rows to present (chains are built from
   * them); `only` limits which rows are answered. Built field by field, so the route may skip the
   * per-request zod pass (see knowledge.routes.ts).
   */
  private async present(
    rows: KpRow[],
    agencyId: string | null,
    only?: (r: KpRow) => boolean,
  ): Promise<KnowledgePoint[]> {
    const chains = parentChains(rows);
    const counts: Map<string, KpCounts> = agencyId
      ? subtreeCounts(await this.repo.questionCounts(agencyId))
      : new Map<string, KpCounts>();
    const out: KnowledgePoint[] = [];
    for (const r of rows) {
      if (only && !only(r)) continue;
      const c = counts.get(r.code) ?? ZERO_COUNTS;
      out.push({
        code: r.code,
        parentCode: r.parentCode,
        name: r.name,
        lv: r.lv as KpLevel,
        refCount: c.refCount,
        exampleRefCount: c.exampleRefCount,
        mockRefCount: c.mockRefCount,
        varRefCount: c.varRefCount,
        sort: r.sort,
        parent: chains.get(r.code) ?? null,
      });
    }
    return out;
  }

  async list(agencyId: string): Promise<KnowledgePoint[]> {
    return this.present(await this.repo.all(), agencyId);
  }

  /**
   * The spec's list (`list`) as a cached envelope with a strong ETag, serialised and compressed once per change
   * instead of per request; without `countsKey` built afresh each time.
   */
  async listEnvelope(agencyId: string): Promise<CachedEnvelope> {
    const build = async () => {
      const json = JSON.stringify(await this.list(agencyId));
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
      return new CachedEnvelope(API.kpList.module, json, this.clock.now(), etag);
    };
    if (!this.countsKey) return build();
    return this.lists.getOrLoad(`${agencyId}\t${await this.countsKey(agencyId)}`, build);
  }

  async subjects(agencyId: string): Promise<KnowledgePoint[]> {
    return this.present(await this.repo.subjects(), agencyId);
  }

  /** Every descendant of the point (not the point itself); 404 when the point does not exist. */
  async descendants(code: string, agencyId: string): Promise<KnowledgePoint[]> {
    const ancestors = ancestorCodes(code);
    const rows = await this.repo.withSubtree(code, ancestors);
    if (!rows.some((r) => r.code === code)) throw notFound('知识点不存在');
    const prefix = `${code}.`;
    return this.present(rows, agencyId, (r) => r.code.startsWith(prefix));
  }

  private async one(code: string, agencyId: string | null): Promise<KnowledgePoint> {
    const rows = await this.repo.withAncestors(code, ancestorCodes(code));
    const [p] = await this.present(rows, agencyId, (r) => r.code === code);
    if (!p) throw notFound('知识点不存在');
    return p;
  }

  /** Creates under `parent` (a subject when absent); the server assigns the code. */
  async create(input: { parent?: string | null; name: string }, agencyId: string | null): Promise<KnowledgePoint> {
    const parentCode = input.parent ?? null;
    let r: Awaited<ReturnType<KnowledgeRepository['insertChild']>>;
    try {
      r = await this.changingTree(() =>
        this.repo.insertChild(
          parentCode,
          input.name,
          (parent, siblings) => {
            const depth = parent ? parent.depth + 1 : 0;
            if (depth > MAX_DEPTH) throw invalidField('request.parent', 'lv4 是最深一级，不能再添加下级知识点');
            const { code, ordinal } = nextChildCode(
              parentCode,
              depth,
              parent?.childSeq ?? 0,
              siblings.map((s) => s.code),
            );
            const sort = Math.max(0, ...siblings.map((s) => s.sort)) + 1;
            return { code, parentCode, name: input.name, lv: levelOf(depth), depth, sort, ordinal };
          },
          new Date(this.clock.now()),
        ),
      );
    } catch (e) {
      throw nameTaken(e, parentCode === null);
    }
    if (r.kind === 'parent_not_found') throw invalidField('request.parent', '上级知识点不存在');
    return this.one(r.code, agencyId);
  }

  async rename(code: string, name: string, agencyId: string | null): Promise<KnowledgePoint> {
    try {
      if (!(await this.changingTree(() => this.repo.rename(code, name, new Date(this.clock.now())))))
        throw notFound('知识点不存在');
    } catch (e) {
      throw nameTaken(e, ancestorCodes(code).length === 0);
    }
    return this.one(code, agencyId);
  }

  /** Deletes a point without children or questions; otherwise 409 saying why, and nothing is deleted. */
  async remove(code: string): Promise<null> {
    const r = await this.changingTree(() => this.repo.deleteLeaf(code));
    switch (r.kind) {
      case 'deleted':
        return null;
      case 'not_found':
        throw notFound('知识点不存在');
      case 'has_children':
        throw conflict(`该知识点下还有 ${r.children} 个子知识点，请先删除子知识点`);
      case 'has_questions':
        throw conflict(`该知识点（含下级）已被 ${r.questions} 道题目引用，不能删除`);
      default: {
        const never: never = r;
        throw new ApiError('internal', undefined, { cause: never });
      }
    }
  }
}
