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
  if (candidates.length > PACK_INDEX) return chooseByComparison(candidates, take, draw);
  const keys = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    keys[i] = packedKey(candidates[i].seen, fnv1a(candidates[i].id), draw, i);
    if (Number.isNaN(keys[i])) return chooseByComparison(candidates, take, draw);
  }
  const ids = candidates.map((c) => c.id);
  return takeByKeys(keys, take, ids);
}

/**
 * `chooseQuestions` over numeric ids (the question bank's) with the student's seen counts by id (absent = 0):
 * the same choice as for the ids' decimal strings, without an object per candidate (a draw chooses among
 * hundreds of candidates per start, an exam start has hundreds of starts). `without`: ids not to choose, the same
 * choice as among `ids` with them filtered out; a frozen list then keeps its hashes (a visit's end chooses among the
 * kept list without what the training drew before).
 */
export function chooseAmongIds(
  ids: readonly number[],
  seen: ReadonlyMap<number, number>,
  { count, seed, drawNo, without }: { count: number; seed: number; drawNo: number; without?: ReadonlySet<number> },
): string[] {
  const take = Math.floor(count);
  if (!(take > 0)) return [];
  const leaving = without !== undefined && without.size > 0 ? without : undefined;
  const packable = ids.length <= PACK_INDEX;
  const known = packable && Object.isFrozen(ids) ? knownList(ids) : undefined;
  const keys = packable ? packIds(ids, known, seen, drawState(seed, drawNo), leaving) : null;
  // A list known to hold no id twice needs no check that an id is taken once.
  if (keys) return takeByKeys(keys, take, ids, known?.places !== undefined);
  const left = leaving ? ids.filter((id) => !leaving.has(id)) : ids;
  const candidates = left.map((id) => ({ id: String(id), seen: seen.get(id) ?? 0 }));
  return chooseQuestions(candidates, count, seed, drawNo);
}

/**
 * The packed key of every id not `leaving` (hashed as its decimal string), in scratch room, each naming its id's
 * place in `ids`; null when a seen count of one of the ids cannot be packed. With a frozen list's hashes and places
 * (`knownList`), when the student has seen few of its ids (an exam start: mostly none), only the seen ones and the
 * ones left are looked up, by their places, instead of every id in the maps.
 */
function packIds(
  ids: readonly number[],
  known: KnownList | undefined,
  seen: ReadonlyMap<number, number>,
  draw: number,
  leaving: ReadonlySet<number> | undefined,
): Float64Array | null {
  const n = ids.length;
  const places = known?.places;
  // Per place: the times seen (when few are seen) and whether the id is left out (when any are).
  const timesAt = places !== undefined && seen.size * 4 < n ? timesRoom.take(n, true) : undefined;
  const leftAt = places !== undefined && leaving !== undefined ? leftRoom.take(n, true) : undefined;
  if (timesAt && places)
    for (const [id, times] of seen) {
      const i = places.get(id);
      if (i !== undefined) timesAt[i] = times;
    }
  if (leftAt && places && leaving)
    for (const id of leaving) {
      const i = places.get(id);
      if (i !== undefined) leftAt[i] = 1;
    }
  const keys = keysRoom.take(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (leftAt ? leftAt[i] === 1 : leaving?.has(ids[i])) continue;
    const times = timesAt ? timesAt[i] : (seen.get(ids[i]) ?? 0);
    keys[m] = packedKey(times, known ? known.hashes[i] : fnv1a(String(ids[i])), draw, i);
    if (Number.isNaN(keys[m])) return null;
    m++;
  }
  return keys.subarray(0, m);
}

/**
 * A frozen candidate list's id hashes (`fnv1a` of each decimal string) and each id's place (none when an id repeats):
 * the bank's candidate lists are frozen and handed to every draw until the bank changes (question-pool.ts), so an
 * exam start's hundreds of draws work them out once (docs/performance.md "The draws of an exam start"). A frozen
 * list cannot change under what is kept of it.
 */
function knownList(ids: readonly number[]): KnownList {
  let known = knownLists.get(ids);
  if (known) return known;
  const hashes = new Uint32Array(ids.length);
  let places: Map<number, number> | undefined = new Map();
  for (let i = 0; i < ids.length; i++) {
    hashes[i] = fnv1a(String(ids[i]));
    if (places?.has(ids[i])) places = undefined;
    else places?.set(ids[i], i);
  }
  known = { hashes, places };
  knownLists.set(ids, known);
  return known;
}

interface KnownList {
  hashes: Uint32Array;
  places: Map<number, number> | undefined;
}

const knownLists = new WeakMap<readonly number[], KnownList>();

/**
 * Room for `n` entries, reused from draw to draw (a draw runs to its end without yielding): a typed array of hundreds
 * of keys lives outside V8's heap and took longer to get than to fill. `take(n, true)` hands it out cleared.
 */
class Scratch<A extends Float64Array | Uint8Array> {
  private room: A;

  constructor(private readonly make: (n: number) => A) {
    this.room = make(1024);
  }

  take(n: number, cleared = false): A {
    if (this.room.length < n) this.room = this.make(Math.max(n, this.room.length * 2));
    const part = this.room.subarray(0, n) as A;
    if (cleared) part.fill(0);
    return part;
  }
}

/** The packed keys, and per place the times seen and whether the id is left out (`packIds`). */
const keysRoom = new Scratch((n) => new Float64Array(n));
const timesRoom = new Scratch((n) => new Float64Array(n));
const leftRoom = new Scratch((n) => new Uint8Array(n));

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
 * The common case, fast: one exact number per candidate — seen, then the tie key (from the id's string hash),
 * then the candidate's index —; NaN when the seen count is not a small whole number.
 */
function packedKey(seen: number, idHash: number, draw: number, index: number): number {
  if (!(Number.isInteger(seen) && seen >= 0 && seen < PACK_SEEN)) return Number.NaN;
  return (seen * 2 ** 32 + mulberry32(draw ^ idHash)) * PACK_INDEX + index;
}

/**
 * The first `take` distinct ids in the order of the packed keys (`ids` by candidate index, as strings): the
 * `take + 1` smallest keys selected and only they sorted natively. Candidates whose seen and tie key are equal
 * (a tie key collision) are put in id order; a repeated id is taken at its first (lowest seen) place and skipped
 * after (`distinct`: the caller knows no id repeats). When the selected ones do not settle the choice (repeated ids
 * among them, or a tie reaching past them) the rest is sorted too. The result is the general comparison's.
 */
function takeByKeys(keys: Float64Array, take: number, ids: readonly (string | number)[], distinct = false): string[] {
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
  const taken = distinct ? undefined : new Set<string>();
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
      const id = String(ids[keys[j] % PACK_INDEX]);
      if (taken === undefined) out.push(id);
      else if (!taken.has(id)) {
        taken.add(id);
        out.push(id);
      }
    } else {
      const group: string[] = [];
      for (let k = j; k < end; k++) group.push(String(ids[keys[k] % PACK_INDEX]));
      group.sort();
      for (const id of group) {
        if (out.length === take || taken?.has(id)) continue;
        taken?.add(id);
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
