// Serialised pages of question lists, kept with the bank version they were read at. A cached page is
// answered after one tiny statement (the current bank version) instead of reading, mapping, presenting and
// serialising 20 questions; when the version moved the page is read again. Exact like the id lists
// (question-pool.ts): every change a page could show moves the version (migrations 0007, 0008).
import type { Clock } from '../../lib/clock.js';
import { RawJson } from '../../lib/raw-json.js';

/** Unused pages are dropped after this long (memory, not freshness). */
const PAGE_TTL_MS = 60_000;

interface Entry {
  bankVersion: string;
  json: string;
  until: number;
}

export class QuestionPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** `maxBytes`: the serialised pages kept at most (UTF-16 length × 2); 0 turns the cache off. */
  constructor(
    private readonly maxBytes: number,
    private readonly clock: Clock,
  ) {}

  /**
   * The page under `key`: cached when `currentVersion()` still equals the version it was read at, else
   * `read()` and cached when the read came with a version (pages read straight from the database have none).
   */
  async page(
    key: string,
    currentVersion: () => Promise<string>,
    read: () => Promise<{ value: unknown; bankVersion?: string }>,
  ): Promise<RawJson> {
    const hit = this.maxBytes > 0 ? this.entries.get(key) : undefined;
    if (hit && hit.until > this.clock.now() && (await currentVersion()) === hit.bankVersion) {
      // Least recently used first: a Map iterates in insertion order, so a hit moves to the end.
      if (this.entries.get(key) === hit) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        hit.until = this.clock.now() + PAGE_TTL_MS;
      }
      return new RawJson(hit.json);
    }
    const { value, bankVersion } = await read();
    const json = JSON.stringify(value);
    if (bankVersion !== undefined && this.maxBytes > 0)
      this.keep(key, { bankVersion, json, until: this.clock.now() + PAGE_TTL_MS });
    return new RawJson(json);
  }

  private keep(key: string, entry: Entry) {
    const size = entry.json.length * 2;
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    for (const [k, e] of this.entries) {
      if (this.bytes + size <= this.maxBytes) break;
      this.drop(k, e);
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.json.length * 2;
  }
}
