// Choosing a visit's questions among the candidates: least seen by the student first, ties in a seeded order.
// Deterministic: the same candidates (in any order), seed and draw number always give the same questions.

/** mulberry32's mixing step: one well-spread 32-bit value from a 32-bit state. */
function mulberry32(state: number): number {
  let t = (state + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** FNV-1a over the UTF-16 units of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The tie-break key of a question in one draw: a function of (seed, drawNo, id) only, not of list order. */
export function tieKey(seed: number, drawNo: number, id: string): number {
  return mulberry32(drawState(seed, drawNo) ^ fnv1a(id));
}

/** The part of `tieKey` shared by every id of one draw. */
const drawState = (seed: number, drawNo: number) =>
  mulberry32(mulberry32(seed | 0) ^ Math.imul(drawNo | 0, 0x9e3779b9));

/**
 * Up to `count` candidate ids: fewest `seen` first; among equals, the order of `tieKey` (then the id, so a
 * hash collision cannot make the result depend on the input order). A repeated id counts once, with its lowest
 * `seen`.
 */
export function chooseQuestions(
  candidates: readonly { id: string; seen: number }[],
  count: number,
  seed: number,
  drawNo: number,
): string[] {
  const take = Math.floor(count);
  if (!(take > 0)) return [];
  const draw = drawState(seed, drawNo);
  const idAt = (i: number) => candidates[i].id;
  const keys = packKeys(candidates.length, (i) => candidates[i].seen, idAt, draw);
  if (!keys) return chooseByComparison(candidates, take, draw);
  return takeByKeys(keys, take, idAt);
}

/**
 * `chooseQuestions` over numeric ids (the question bank's) with the student's seen counts by id (absent = 0):
 * the same choice as for the ids' decimal strings, without an object per candidate (a draw chooses among
 * hundreds of candidates per start, an exam start has hundreds of starts).
 */
export function chooseAmongIds(
  ids: readonly number[],
  seen: ReadonlyMap<number, number>,
  { count, seed, drawNo }: { count: number; seed: number; drawNo: number },
): string[] {
  const take = Math.floor(count);
  if (!(take > 0)) return [];
  // Numeric ids are hashed as their decimal strings (V8 caches those of small numbers).
  const idAt = (i: number) => String(ids[i]);
  const keys = packKeys(ids.length, (i) => seen.get(ids[i]) ?? 0, idAt, drawState(seed, drawNo));
  if (!keys) {
    const candidates = ids.map((id) => ({ id: String(id), seen: seen.get(id) ?? 0 }));
    return chooseQuestions(candidates, count, seed, drawNo);
  }
  return takeByKeys(keys, take, idAt);
}

/** The general case: repeated ids merged (lowest seen), then sorted by (seen, tie key, id) with a comparison. */
function chooseByComparison(candidates: readonly { id: string; seen: number }[], take: number, draw: number) {
  const seen = new Map<string, number>();
  for (const c of candidates) {
    const n = Number.isFinite(c.seen) ? c.seen : 0;
    seen.set(c.id, Math.min(n, seen.get(c.id) ?? n));
  }
  const ids = [...seen.keys()];
  const counts = [...seen.values()];
  const byId = (a: number, b: number) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0);
  const keys = ids.map((id) => mulberry32(draw ^ fnv1a(id)));
  const order = ids.map((_, i) => i);
  order.sort((a, b) => counts[a] - counts[b] || keys[a] - keys[b] || byId(a, b));
  return order.slice(0, take).map((i) => ids[i]);
}

/** Candidates a packed key can index (13 bits) and seen counts it can hold (8 bits): 8 + 32 + 13 = 53 bits. */
const PACK_INDEX = 2 ** 13;
const PACK_SEEN = 2 ** 8;

/**
 * The common case, fast: one exact number per candidate — seen, then the tie key (of the id as a string), then
 * the candidate's index —; null when a seen count is not a small whole number or there are too many candidates.
 */
function packKeys(n: number, seenAt: (i: number) => number, idAt: (i: number) => string, draw: number) {
  if (n > PACK_INDEX) return null;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const seen = seenAt(i);
    if (!(Number.isInteger(seen) && seen >= 0 && seen < PACK_SEEN)) return null;
    keys[i] = (seen * 2 ** 32 + mulberry32(draw ^ fnv1a(idAt(i)))) * PACK_INDEX + i;
  }
  return keys;
}

/**
 * The first `take` distinct ids in the order of the packed keys (`idAt` = the id of a candidate index): the
 * `take + 1` smallest keys selected and only they sorted natively. Candidates whose seen and tie key are equal
 * (a tie key collision) are put in id order; a repeated id is taken at its first (lowest seen) place and skipped
 * after. When the selected ones do not settle the choice (repeated ids among them, or a tie reaching past them)
 * the rest is sorted too. The result is the general comparison's.
 */
function takeByKeys(keys: Float64Array, take: number, idAt: (index: number) => string): string[] {
  const n = keys.length;
  // keys[0, sorted) is in order and holds the smallest keys: one more than taken, which tells whether the
  // last group taken is complete.
  let sorted = n;
  if (take + 1 < n) {
    sorted = take + 1;
    selectSmallest(keys, sorted);
    keys.subarray(0, sorted).sort();
  } else keys.sort();
  const out: string[] = [];
  const taken = new Set<string>();
  for (let j = 0; j < n && out.length < take;) {
    const rank = Math.floor(keys[j] / PACK_INDEX);
    let end = j + 1;
    for (; end < n; end++) {
      // Past the sorted part: a tie or a repeated id needs the next keys, in order.
      if (end === sorted) {
        keys.subarray(sorted).sort();
        sorted = n;
      }
      if (Math.floor(keys[end] / PACK_INDEX) !== rank) break;
    }
    if (end === j + 1) {
      // The common case: a rank of its own.
      const id = idAt(keys[j] % PACK_INDEX);
      if (!taken.has(id)) {
        taken.add(id);
        out.push(id);
      }
    } else {
      const group: string[] = [];
      for (let k = j; k < end; k++) group.push(idAt(keys[k] % PACK_INDEX));
      group.sort();
      for (const id of group) {
        if (out.length === take || taken.has(id)) continue;
        taken.add(id);
        out.push(id);
      }
    }
    j = end;
  }
  return out;
}

/**
 * Reorders `keys` (distinct numbers) so that its first `k` are its `k` smallest, in any order (Hoare's
 * selection: linear on average, where a full sort of 600 keys took three times as long).
 */
function selectSmallest(keys: Float64Array, k: number): void {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const pivot = keys[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
        i++;
        j--;
      }
    }
    // keys[lo..j] ≤ pivot ≤ keys[i..hi]; the k-th smallest (index k - 1) lies in one part, or between them.
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else return;
  }
}
