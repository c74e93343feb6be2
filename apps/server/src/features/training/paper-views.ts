// A paper's questions as its students see them, kept per process while the bank version they were read at stands
// (docs/performance.md "An exam on a paper"). Every answer to a running paper answers the whole paper, and an exam's
// students all sit the same one: without this each answer read and presented every question of the paper again.
// Exact like the question-list pages (questions/question-page-cache.ts): every change a student's view of a question
// could show moves the bank version, which is read before the questions, so a change racing the read leaves the kept
// copy under the older version and the next answer reads it again.
// The views are kept serialised too (lib/json-fragment.ts): each answer puts their JSON in as it is.
import type { StudentQuestion } from '@edu/contract';
import { SerialisedArray } from '../../lib/json-fragment.js';
import { SharedLoads } from '../../lib/shared-loads.js';

export class PaperViews {
  private readonly kept = new Map<string, { bankVersion: string; views: readonly StudentQuestion[] }>();
  /**
   * The reads in flight, per key and the version read before each. A class starting its exam at once all miss
   * together (nothing kept yet): they share the one read under the version they saw, as later askers share the kept
   * views; an asker at another version reads for itself.
   */
  private readonly reads = new SharedLoads();

  /** `maxPapers`: the papers kept at most, the least recently shown dropped first; 0 keeps none. */
  constructor(private readonly maxPapers: number) {}

  /**
   * The views under `key` (the paper's questions as one visibility sees them): kept ones while `currentVersion()`
   * answers the version they were read at, else `read()` and kept under the version read before it. Kept views are
   * shared by every answer showing them: read only.
   */
  async get(
    key: string,
    currentVersion: () => Promise<string>,
    read: () => Promise<readonly StudentQuestion[]>,
  ): Promise<readonly StudentQuestion[]> {
    if (this.maxPapers === 0) return read();
    const bankVersion = await currentVersion();
    const hit = this.kept.get(key);
    // Least recently shown first: a Map iterates in insertion order, so a hit moves to the end.
    this.kept.delete(key);
    if (hit && hit.bankVersion === bankVersion) {
      this.kept.set(key, hit);
      return hit.views;
    }
    return this.reads.run(JSON.stringify([bankVersion, key]), async () => {
      const views = new SerialisedArray(await read());
      this.kept.delete(key);
      this.kept.set(key, { bankVersion, views });
      for (const old of this.kept.keys()) {
        if (this.kept.size <= this.maxPapers) break;
        this.kept.delete(old);
      }
      return views;
    });
  }

  /** How many papers are kept (tests). */
  get size(): number {
    return this.kept.size;
  }
}
