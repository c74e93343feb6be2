// One load at a time per key: callers asking while it runs get its result (or its failure), and the next caller
// after it settles loads afresh. For caches that many requests miss together (a class starting its exam at once),
// so that they share one read instead of each making its own. Nothing is kept here: the caller keeps the result.
export class SharedLoads {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.running.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = load().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }
}
