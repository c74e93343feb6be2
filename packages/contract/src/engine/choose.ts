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
  candidates: { id: string; seen: number }[],
  count: number,
  seed: number,
  drawNo: number,
): string[] {
  const take = Math.floor(count);
  if (!(take > 0)) return [];
  const seen = new Map<string, number>();
  for (const c of candidates) {
    const n = Number.isFinite(c.seen) ? c.seen : 0;
    seen.set(c.id, Math.min(n, seen.get(c.id) ?? n));
  }
  const draw = drawState(seed, drawNo);
  const ids = [...seen.keys()];
  const counts = [...seen.values()];
  const byId = (a: number, b: number) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0);
  const order = ids.map((_, i) => i);
  if (counts.every((n) => Number.isInteger(n) && n >= 0 && n < 2 ** 20)) {
    // One exact number per candidate, (seen, tie key) in order: a draw sorts hundreds of candidates per start.
    const keys = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) keys[i] = counts[i] * 2 ** 32 + mulberry32(draw ^ fnv1a(ids[i]));
    order.sort((a, b) => keys[a] - keys[b] || byId(a, b));
  } else {
    const keys = ids.map((id) => mulberry32(draw ^ fnv1a(id)));
    order.sort((a, b) => counts[a] - counts[b] || keys[a] - keys[b] || byId(a, b));
  }
  return order.slice(0, take).map((i) => ids[i]);
}
