// KaTeX on demand (docs/performance.md "First load"): 63 KB of brotli script and its stylesheet load only when a
// text on the page has a formula. Every renderer shares the one load; once done, `katexNow()` has it at once.
import { useEffect, useState } from 'react';

export type Katex = typeof import('katex').default;

let loaded: Katex | null = null;
let loading: Promise<Katex> | undefined;

/** KaTeX if it has loaded already, else null. */
export const katexNow = (): Katex | null => loaded;

/** Loads KaTeX and its stylesheet once. */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => (loaded = m.default));
  return loading;
}

/** KaTeX once it has loaded, starting the load when `needed`; null until then (and when not needed). */
export function useKatex(needed: boolean): Katex | null {
  const [katex, setKatex] = useState(katexNow);
  useEffect(() => {
    if (!needed || katex) return;
    let live = true;
    loadKatex().then(
      (k) => live && setKatex(() => k),
      // A failed chunk load leaves the formulas as their LaTeX text; the next render that needs KaTeX tries again.
      () => {
        loading = undefined;
      },
    );
    return () => {
      live = false;
    };
  }, [needed, katex]);
  return needed ? katex : null;
}
