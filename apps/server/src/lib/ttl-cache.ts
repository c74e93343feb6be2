// A small in-process cache for hot lookups (sessions, an agency's subscriptions): entries live `ttlMs`
// by the app's clock, the oldest entry goes when `maxEntries` is reached, and writers that change the
// underlying rows evict what they touched (locally at once; other processes within `ttlMs`, docs/performance.md).
import type { Clock } from './clock.js';

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

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

  /** The cached value, or the loaded one (then cached). Concurrent misses each load. */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Evicts every entry whose value matches. */
  deleteWhere(match: (value: V, key: K) => boolean): void {
    for (const [k, e] of this.entries) if (match(e.value, k)) this.entries.delete(k);
  }

  clear(): void {
    this.entries.clear();
  }
}
