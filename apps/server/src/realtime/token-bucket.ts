// A token bucket (docs/lessons.md "Realtime"): `rate` tokens a second up to `burst`; a message takes one. Time is the
// process's monotonic clock: it limits real traffic, whatever the app's clock says.
import { performance } from 'node:perf_hooks';

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes a token when one is there. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
