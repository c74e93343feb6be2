// The room's share of the database pool (docs/lessons.md "Realtime", "Limits"): at most `size` of the board's and
// presence's statements or transactions at once, the others waiting in the order they came. An overloaded room then
// waits here, not in the pool's queue, and HTTP requests find the rest of the pool free.
export class DbSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy < this.size) this.busy++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
