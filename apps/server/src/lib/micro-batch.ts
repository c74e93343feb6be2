// Requests that arrive together share one statement: `load(key)` queues the key, and the queue is answered by
// one `run(keys)` (DataLoader's batching, without its cache). A batch starts at the end of the event loop's
// current turn; while `maxInFlight` batches are running, keys wait and go together in the next one. Under
// light load a batch holds one key and costs one setImmediate; in a burst (an exam start: hundreds of students
// at once) they share a few statements instead of one each. Every key is answered by a statement that started
// after it was queued, so a batched read is exactly as fresh as its own would have been.
//
// A burst does not always arrive in one turn: when the server, the database and the clients share the cores,
// requests trickle in one or two per turn, each batch holds one or two keys, every request pays for its own
// statements, and the extra work slows the trickle further. So a batcher that flushed within the last
// `BUSY_MS` waits `lingerMs` for company before it flushes again; a key arriving after a quiet spell still goes
// at the end of its turn.
/** A batcher that flushed less than this long ago is busy: its next batch lingers. */
const BUSY_MS = 10;

export interface MicroBatchOptions {
  /** Keys per run at most. */
  maxBatch?: number;
  /** Runs at a time at most. */
  maxInFlight?: number;
  /** How long a busy batcher waits for more keys before it flushes (ms); 0 = never. */
  lingerMs?: number;
}

export class MicroBatch<K, V> {
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lastFlush = -Infinity;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly lingerMs: number;

  /** `run` answers the keys' values in the keys' order. */
  constructor(
    private readonly run: (keys: K[]) => Promise<V[]>,
    { maxBatch = 500, maxInFlight = 2, lingerMs = 2 }: MicroBatchOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
    this.lingerMs = lingerMs;
  }

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.flush();
    };
    if (this.lingerMs > 0 && performance.now() - this.lastFlush < BUSY_MS) setTimeout(go, this.lingerMs);
    else setImmediate(go);
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      this.lastFlush = performance.now();
      this.run(batch.map((b) => b.key))
        .then(
          (values) => batch.forEach((b, i) => b.resolve(values[i])),
          (err: unknown) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }
}
