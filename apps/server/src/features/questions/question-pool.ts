// Lists of matching question ids kept between requests. A teacher paging through a subtree, or the
// practice engine drawing for a point, asks for the same filter again and again; counting and ordering
// thousands of index entries each time is what made a page cost milliseconds. The ids are kept with the
// bank version they were read at, and every page reads its rows *together with* the current version in
// one statement: when the version moved (any change an agency's lists could show, kept by triggers), the
// ids are read again. A page is therefore exactly as fresh as an uncached one, on any number of processes.
import type { Clock } from '../../lib/clock.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type {
  QuestionFilter,
  QuestionOrder,
  QuestionPageQuery,
  QuestionPageRow,
  Visibility,
} from './question-page.query.js';

/** Filters matching more questions than this are paged straight from the database. */
const MAX_POOL_IDS = 10_000;
/** Unused lists are dropped after this long (memory, not freshness). */
const POOL_TTL_MS = 60_000;

interface Pool {
  ids: number[];
  bankVersion: string;
}

export class QuestionPools {
  private readonly pools: TtlCache<string, Pool>;

  constructor(
    private readonly query: QuestionPageQuery,
    clock: Clock,
    maxPools: number,
  ) {
    this.pools = new TtlCache(maxPools > 0 ? POOL_TTL_MS : 0, Math.max(maxPools, 1), clock);
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
        const read = await this.query.pool(v, f, order, MAX_POOL_IDS);
        if (!read) return this.query.page(v, f, order, page);
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
   * The matching ids, newest first, at most `limit` (the practice engine's draw candidates): the kept list
   * while the bank version stands, else read again. Null when more than MAX_POOL_IDS match (the caller reads
   * a page instead). Concurrent callers share one version check and one read (an exam start: hundreds of
   * students draw for the same point at once), so a draw is as fresh as a read started while it waited.
   */
  async ids(v: Visibility, f: QuestionFilter, order: QuestionOrder, limit: number): Promise<readonly number[] | null> {
    const key = JSON.stringify([v, f, order]);
    let pool = this.pools.get(key);
    if (pool && (await this.shared(`version ${key}`, () => this.query.bankVersion(v))) !== pool.bankVersion) {
      this.pools.delete(key);
      pool = undefined;
    }
    if (!pool) {
      const read = await this.shared(`pool ${key}`, () => this.query.pool(v, f, order, MAX_POOL_IDS));
      if (!read) return null;
      pool = read;
      this.pools.set(key, pool);
    }
    // The cached list itself when it is all wanted (callers never change it; draws arriving together then
    // share one array, which the seen-count batch recognises).
    return pool.ids.length <= limit ? pool.ids : pool.ids.slice(0, limit);
  }

  private readonly inFlight = new Map<string, Promise<unknown>>();

  /** One `load` at a time per key: callers arriving while it runs get its result. */
  private shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = load().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}
