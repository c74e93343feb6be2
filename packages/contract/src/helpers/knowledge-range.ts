// The knowledge subtrees a point draws from: its phase's subtrees inside the scheme's kpRange (docs/domain.md "Schemes and trainings").
// Codes name whole subtrees (`a.b` holds `a.b` and every `a.b.…`), so the intersection of two sets of subtrees
// is, pair by pair, the deeper code when one holds the other.

const holds = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}.`);

/**
 * The subtrees both sets cover; `null` when neither restricts (draw from the whole bank), `[]` when they
 * have nothing in common (draw nothing).
 */
export function knowledgeRange(phase: readonly string[], kpRange: readonly string[]): string[] | null {
  if (phase.length === 0 && kpRange.length === 0) return null;
  if (phase.length === 0) return [...new Set(kpRange)];
  if (kpRange.length === 0) return [...new Set(phase)];
  const out = new Set<string>();
  for (const a of phase)
    for (const b of kpRange) {
      if (holds(b, a)) out.add(a);
      else if (holds(a, b)) out.add(b);
    }
  return [...out];
}
