// Requests that arrive together share one statement: `load(key)` queues the key, and the queue is answered by
// one `run(keys)` (DataLoader's batching, without its cache). A batch starts at the end of the event loop's
// current turn; while `maxInFlight` batches are running, keys wait and go together in the next one. Under
// light load a batch holds one key and costs one setImmediate; in a burst (an exam start: hundreds of students
// at once) they share a few statements instead of one each. Every key is answered by a statement that started
// after it was queued, so a batched read is exactly as fresh as its own would have been.
export class MicroBatch<K, V> {
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  /** `run` answers the keys' values in the keys' order. */
  constructor(
    private readonly run: (keys: K[]) => Promise<V[]>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 2,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
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
