// Pure rules of the knowledge tree (docs/domain.md "Knowledge points"): levels, server-assigned codes,
// parent chains and subtree counts.
import { KP_LEVELS, type KnowledgePointParent, type KpLevel } from '@edu/contract';

/** Deepest level (lv4) has depth 6; nothing may be created below it. */
export const MAX_DEPTH = KP_LEVELS.length - 1;

/** Code segment prefix of a point at a depth: subject s, grade g, chapter c, lv1–lv4 k. */
const PREFIX_BY_DEPTH = ['s', 'g', 'c', 'k', 'k', 'k', 'k'] as const;

export const levelOf = (depth: number): KpLevel => KP_LEVELS[depth];

/** The ordinal in a code's last segment when it has the level's prefix (`en.g7` → 7), else 0 (`en` → 0). */
export function ordinalOf(code: string, depth: number): number {
  const last = code.slice(code.lastIndexOf('.') + 1);
  const m = new RegExp(`^${PREFIX_BY_DEPTH[depth]}(\\d+)$`).exec(last);
  return m ? Number(m[1]) : 0;
}

/**
 * The code of a new child: the level's prefix plus the next ordinal. `used` is the highest ordinal
 * ever handed out under this parent (its counter) and `siblings` the codes present now, so a code
 * freed by a delete is not given to a different point.
 */
export function nextChildCode(parentCode: string | null, depth: number, used: number, siblings: readonly string[]) {
  const highest = Math.max(used, ...siblings.map((c) => ordinalOf(c, depth)));
  const ordinal = highest + 1;
  const segment = `${PREFIX_BY_DEPTH[depth]}${ordinal}`;
  return { code: parentCode ? `${parentCode}.${segment}` : segment, ordinal };
}

/** Codes of a point's ancestors, root first: `en.g7.c1` → [`en`, `en.g7`]. */
export function ancestorCodes(code: string): string[] {
  const parts = code.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
}

export interface KpRow {
  code: string;
  parentCode: string | null;
  name: string;
  lv: string;
  sort: number;
}

/**
 * Each point's `parent` chain, nested up to the subject, built in memory. Rows must contain every
 * ancestor of every row. Chains are shared objects: a chapter's chain is built once for all its points.
 */
export function parentChains(rows: readonly KpRow[]): Map<string, KnowledgePointParent | null> {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const nodes = new Map<string, KnowledgePointParent>();
  const node = (code: string): KnowledgePointParent | null => {
    const cached = nodes.get(code);
    if (cached) return cached;
    const r = byCode.get(code);
    if (!r) return null;
    const n: KnowledgePointParent = {
      code: r.code,
      name: r.name,
      lv: r.lv as KpLevel,
      parent: r.parentCode ? node(r.parentCode) : null,
    };
    nodes.set(code, n);
    return n;
  };
  return new Map(rows.map((r) => [r.code, r.parentCode ? node(r.parentCode) : null]));
}

export interface KpCounts {
  refCount: number;
  exampleRefCount: number;
  mockRefCount: number;
  varRefCount: number;
}

export const ZERO_COUNTS: Readonly<KpCounts> = Object.freeze({
  refCount: 0,
  exampleRefCount: 0,
  mockRefCount: 0,
  varRefCount: 0,
});

/** Per-point counts → per-subtree counts: a question counts on its point and on every ancestor. */
export function subtreeCounts(direct: ReadonlyMap<string, KpCounts>): Map<string, KpCounts> {
  const out = new Map<string, KpCounts>();
  for (const [code, c] of direct) {
    for (const target of [...ancestorCodes(code), code]) {
      const t = out.get(target) ?? { ...ZERO_COUNTS };
      t.refCount += c.refCount;
      t.exampleRefCount += c.exampleRefCount;
      t.mockRefCount += c.mockRefCount;
      t.varRefCount += c.varRefCount;
      out.set(target, t);
    }
  }
  return out;
}
