// How a from/to range is read from the pre-aggregated buckets (schema.ts schemeStatBuckets): the coarsest
// buckets the range covers whole, finer ones towards its ends, and the items of the partial days at its ends.
// Pure, so the decomposition is tested on its own; the triggers compute a training's bucket the same way.

export const DAY_MS = 86_400_000;
/** Bucket sizes in days, coarsest first (the triggers keep exactly these, plus level 0 = all time). */
export const BUCKET_LEVELS = [64, 8, 1] as const;

/** Buckets `from` ≤ bucket < `to` of one level; null = unbounded on that side. */
export interface BucketSpan {
  level: number;
  from: number | null;
  to: number | null;
}

/** Trainings started in from ≤ t < to (epoch ms), read from the items; null = unbounded. */
export interface RawSpan {
  from: number | null;
  to: number | null;
}

export interface RangePlan {
  /** Read the all-time bucket alone. */
  all: boolean;
  buckets: BucketSpan[];
  raw: RawSpan[];
}

/** The UTC day of an instant, and a day's bucket at a level (the triggers' formula). */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
export const bucketOf = (ms: number, level: number) => (level === 0 ? 0 : Math.floor(dayOf(ms) / level));

const finite = (n: number) => (Number.isFinite(n) ? n : null);

/** Splits the days a ≤ d < b (±Infinity = unbounded) over the levels from `i` on. */
function splitDays(a: number, b: number, i: number, out: BucketSpan[]): void {
  if (!(a < b)) return;
  const level = BUCKET_LEVELS[i];
  if (i === BUCKET_LEVELS.length - 1) {
    out.push({ level, from: finite(a), to: finite(b) });
    return;
  }
  const first = Math.ceil(a / level);
  const last = Math.floor(b / level);
  if (first < last) {
    out.push({ level, from: finite(first), to: finite(last) });
    splitDays(a, first * level, i + 1, out);
    splitDays(last * level, b, i + 1, out);
  } else splitDays(a, b, i + 1, out);
}

export function planRange(from?: number, to?: number): RangePlan {
  if (from === undefined && to === undefined) return { all: true, buckets: [], raw: [] };
  const lo = from ?? -Infinity;
  const hi = to ?? Infinity;
  if (!(lo < hi)) return { all: false, buckets: [], raw: [] };
  // Whole days inside the range.
  const firstDay = Math.ceil(lo / DAY_MS);
  const lastDay = Math.floor(hi / DAY_MS);
  if (!(firstDay < lastDay)) return { all: false, buckets: [], raw: [{ from: finite(lo), to: finite(hi) }] };
  const raw: RawSpan[] = [];
  if (lo < firstDay * DAY_MS) raw.push({ from: lo, to: firstDay * DAY_MS });
  if (lastDay * DAY_MS < hi) raw.push({ from: lastDay * DAY_MS, to: hi });
  const buckets: BucketSpan[] = [];
  splitDays(firstDay, lastDay, 0, buckets);
  return { all: false, buckets, raw };
}
