// Item response theory for ability-matched draws (docs/simulation.md "Ability-matched draws"): the 3PL (2PL when
// c = 0) probability of a right answer, the item's information, an EAP ability estimate on a standard normal prior
// over a fixed grid, and the question of maximum information at the estimate. Pure: no clock, no database.
// The logistic has no scaling constant D; a calibrated `a` carries it.

/** P(right) = c + (1 − c) · logistic(a · (θ − b)). */
export interface Item {
  a: number;
  b: number;
  /** The lower asymptote (guessing); 0 for the 2PL. */
  c: number;
}

export interface Response {
  item: Item;
  right: boolean;
}

export interface AbilityEstimate {
  /** The posterior mean (EAP). */
  theta: number;
  /** The posterior standard deviation. */
  sd: number;
}

export const logistic = (z: number) => 1 / (1 + Math.exp(-z));

export function probability(item: Item, theta: number): number {
  return item.c + (1 - item.c) * logistic(item.a * (theta - item.b));
}

/**
 * Fisher information of the item at θ. 2PL: a²·P·Q. 3PL (Birnbaum): a² · (Q / P) · ((P − c) / (1 − c))², which is
 * a²PQ when c = 0.
 */
export function information(item: Item, theta: number): number {
  const p = probability(item, theta);
  const q = 1 - p;
  if (p <= 0 || q <= 0) return 0;
  const r = (p - item.c) / (1 - item.c);
  return item.a * item.a * (q / p) * r * r;
}

/** Where a 3PL item's information peaks: b + ln((1 + √(1 + 8c)) / 2) / a (Lord 1980); b for the 2PL. */
export const maxInformationAt = (item: Item) => item.b + Math.log((1 + Math.sqrt(1 + 8 * item.c)) / 2) / item.a;

/** The quadrature grid: `points` equally spaced nodes from `low` to `high`. */
export function grid(points = 61, low = -4, high = 4): number[] {
  if (points < 2) return [(low + high) / 2];
  return Array.from({ length: points }, (_, i) => low + ((high - low) * i) / (points - 1));
}

/** The default grid: 61 nodes from −4 to 4 (steps of 0.133). */
export const DEFAULT_GRID: readonly number[] = grid();

/**
 * Expected a posteriori ability on a N(`mean`, `sd`²) prior over the grid's nodes: the posterior mean and standard
 * deviation. No responses: the prior's (as the grid sees it).
 */
export function eap(
  responses: readonly Response[],
  nodes: readonly number[] = DEFAULT_GRID,
  prior: { mean: number; sd: number } = { mean: 0, sd: 1 },
): AbilityEstimate {
  // Log weights, so that a long record does not underflow.
  const logs = nodes.map((t) => {
    const z = (t - prior.mean) / prior.sd;
    let l = -0.5 * z * z;
    for (const r of responses) {
      const p = probability(r.item, t);
      l += Math.log(r.right ? Math.max(p, 1e-300) : Math.max(1 - p, 1e-300));
    }
    return l;
  });
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const total = w.reduce((s, x) => s + x, 0);
  const theta = nodes.reduce((s, t, i) => s + t * w[i], 0) / total;
  const variance = nodes.reduce((s, t, i) => s + (t - theta) ** 2 * w[i], 0) / total;
  return { theta, sd: Math.sqrt(variance) };
}

/**
 * Candidates ordered by their information at θ, most first; ties (equal information) by `tie` ascending, then id.
 * The first is the question of maximum information.
 */
export function byInformation<T extends { id: string; item: Item }>(
  candidates: readonly T[],
  theta: number,
  tie: (id: string) => number = () => 0,
): T[] {
  return candidates
    .map((c) => ({ c, info: information(c.item, theta), tie: tie(c.id) }))
    .sort((x, y) => y.info - x.info || x.tie - y.tie || (x.c.id < y.c.id ? -1 : x.c.id > y.c.id ? 1 : 0))
    .map((x) => x.c);
}
