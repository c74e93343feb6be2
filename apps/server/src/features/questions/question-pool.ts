// Lists of matching question ids kept between requests. A teacher paging through a subtree, or the
// practice engine drawing for a point, asks for the same filter again and again; counting and ordering
// thousands of index entries each time is what made a page cost milliseconds. The ids are kept with the
// bank version they were read at, and every page reads its rows *together with* the current version in
// one statement: when the version moved (any change an agency's lists could show, kept by triggers), the
// ids are read again. A page is therefore exactly as fresh as an uncached one, on any number of processes.
import type { Clock } from '../../lib/clock.js';
import { SharedLoads } from '../../lib/shared-loads.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type {
  QuestionFilter,
  QuestionOrder,
  QuestionPageQuery,
  QuestionPageRow,
  Visibility,
} from './question-page.query.js';

/** Filters matching more questions than this are paged from the database (LIST_CACHE_MAX_IDS). */
const MAX_POOL_IDS = 10_000;
/** Unused lists are dropped after this long (memory, not freshness). */
const POOL_TTL_MS = 60_000;

interface Pool {
  /** Frozen: handed out to every caller, and the draws keep what they work out of a frozen list (engine/choose.ts). */
  ids: readonly number[];
  bankVersion: string;
}

/**
 * A filter matching more than `maxIds`: its pages are read from the database, and its total is counted once per
 * bank version (a count over 300,000 questions took 300 ms on PGlite, on every page).
 */
interface Big {
  /** The total, at the bank version it was counted at; none until first counted. */
  counted?: { total: number; bankVersion: string };
}

export class QuestionPools {
  private readonly pools: TtlCache<string, Pool>;
  /** Filters known to match too many for a list (not tried again as a list until the entry expires). */
  private readonly bigs: TtlCache<string, Big>;

  constructor(
    private readonly query: QuestionPageQuery,
    clock: Clock,
    maxPools: number,
    private readonly maxIds = MAX_POOL_IDS,
  ) {
    this.pools = new TtlCache(maxPools > 0 ? POOL_TTL_MS : 0, Math.max(maxPools, 1), clock);
    this.bigs = new TtlCache(maxPools > 0 ? POOL_TTL_MS : 0, Math.max(maxPools, 1), clock);
  }

  get enabled(): boolean {
    return this.pools.enabled;
  }

  /** The page, with the bank version it was read at when it came from a list (else none). */
  async page(
    v: Visibility,
    f: QuestionFilter,
    order: QuestionOrder,
    page: { start: number; size: number },
  ): Promise<{ total: number; rows: Omit<QuestionPageRow, 'total'>[]; bankVersion?: string }> {
    if (!this.pools.enabled) return this.query.page(v, f, order, page);
    const key = JSON.stringify([v, f, order]);
    // Two tries: a write between reading the ids and reading the rows sends us round once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      let pool = this.pools.get(key);
      if (!pool) {
        const big = this.bigs.get(key);
        if (big) return this.bigPage(big, v, f, order, page);
        const read = await this.query.pool(v, f, order, this.maxIds);
        if (!read) {
          const marked: Big = {};
          this.bigs.set(key, marked);
          return this.bigPage(marked, v, f, order, page);
        }
        pool = read;
        this.pools.set(key, pool);
      }
      const slice = pool.ids.slice(page.start, page.start + page.size);
      if (slice.length === 0) {
        if ((await this.query.bankVersion(v)) === pool.bankVersion)
          return { total: pool.ids.length, rows: [], bankVersion: pool.bankVersion };
      } else {
        const rows = await this.query.rows(v, slice);
        if (rows.length === slice.length && rows.every((r) => r.bankVersion === pool.bankVersion)) {
          const byId = new Map(rows.map((r) => [r.id, r]));
          return { total: pool.ids.length, rows: slice.map((id) => byId.get(id)!), bankVersion: pool.bankVersion };
        }
      }
      this.pools.delete(key);
    }
    // The bank kept changing under us: read the page straight.
    return this.query.page(v, f, order, page);
  }

  /**
   * A page of a filter matching too many to keep: its rows read straight, the total counted again only when the
   * bank version moved since the last count (both come with the version they were read at, so a page and its
   * total always belong to one state of the bank).
   */
  private async bigPage(
    big: Big,
    v: Visibility,
    f: QuestionFilter,
    order: QuestionOrder,
    page: { start: number; size: number },
  ): Promise<{ total: number; rows: Omit<QuestionPageRow, 'total'>[]; bankVersion?: string }> {
    const { rows, bankVersion } = await this.query.pageRows(v, f, order, page);
    if (big.counted?.bankVersion !== bankVersion) {
      const counted = await this.query.count(v, f);
      big.counted = counted;
      // The bank changed between the two statements: this once, the page with its total in one statement.
      if (counted.bankVersion !== bankVersion) return this.query.page(v, f, order, page);
    }
    return { total: big.counted.total, rows, bankVersion };
  }

  /**
   * The matching ids, newest first, at most `limit` (the practice engine's draw candidates): the kept list
   * while the bank version stands, else read again; when more than `maxIds` match, the first `limit` read
   * straight. Concurrent callers share one version check and one read (an exam start: hundreds of students draw
   * for the same point at once), so a draw is as fresh as a read started while it waited.
   */
  async ids(v: Visibility, f: QuestionFilter, order: QuestionOrder, limit: number): Promise<readonly number[]> {
    const key = JSON.stringify([v, f, order]);
    let pool = this.pools.get(key);
    if (pool && (await this.loads.run(`version ${key}`, () => this.query.bankVersion(v))) !== pool.bankVersion) {
      this.pools.delete(key);
      pool = undefined;
    }
    if (!pool) {
      // Too many to keep: the first `limit` straight from the database, without counting them all.
      if (this.bigs.get(key)) return (await this.query.firstIds(v, f, order, limit)).ids;
      const read = await this.loads.run(`pool ${key}`, () => this.query.pool(v, f, order, this.maxIds));
      if (!read) {
        this.bigs.set(key, {});
        return (await this.query.firstIds(v, f, order, limit)).ids;
      }
      pool = { ids: Object.freeze(read.ids), bankVersion: read.bankVersion };
      this.pools.set(key, pool);
    }
    // The cached list itself when it is all wanted (frozen; draws arriving together then share one array, which the
    // seen-count batch recognises and the draws' ordering works out once).
    return pool.ids.length <= limit ? pool.ids : pool.ids.slice(0, limit);
  }

  /** Per list one read of its ids, and one of the bank version that checks them, at a time (lib/shared-loads.ts). */
  private readonly loads = new SharedLoads();
}
