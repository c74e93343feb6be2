// A small in-process cache for hot lookups (sessions, an agency's subscriptions): entries live `ttlMs`
// by the app's clock, the oldest entry goes when `maxEntries` is reached, and writers that change the
// underlying rows evict what they touched (locally at once; other processes within `ttlMs`, docs/performance.md).
import type { Clock } from './clock.js';

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** getOrLoad's loads under way, shared by the misses that arrive meanwhile. */
  private readonly loading = new Map<K, Promise<V>>();
  /** Advances on every eviction: a load that began before one is answered but not kept. */
  private evictions = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: K, value: V): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.clock.now() + this.ttlMs });
  }

  /**
   * The cached value, or the loaded one (then cached). Misses arriving while a load of their key is under way
   * share it (a burst of requests on a cold entry reads once); all of them get the same value, which callers
   * must not change. A load that began before an eviction is not kept, and misses after the eviction load anew.
   */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    if (!this.enabled) return Promise.resolve().then(load);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const evictions = this.evictions;
    const loaded = Promise.resolve()
      .then(load)
      .then((value) => {
        if (this.evictions === evictions) this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
    this.evictions++;
  }

  /** Evicts every entry whose value matches. */
  deleteWhere(match: (value: V, key: K) => boolean): void {
    for (const [k, e] of this.entries) if (match(e.value, k)) this.entries.delete(k);
    // A value under way is not known yet: no load that began before this is shared or kept.
    this.loading.clear();
    this.evictions++;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.evictions++;
  }
}
