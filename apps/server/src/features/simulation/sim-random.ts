// Seeded random streams of the simulation (docs/simulation.md "Determinism"): the server's mulberry32 generator
// (seededRandom, the one offline reading generation uses), each stream seeded by an FNV-1a hash of (seed, label, n),
// so that a seed and a label always give the same numbers, whatever else the run draws.
import { seededRandom, type Random } from '../reading/language/offline/random.js';

export interface SimRandom extends Random {
  /** A normal deviate (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** FNV-1a over the UTF-16 units of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function stream(seed: number, label: string, n = 0): SimRandom {
  const r = seededRandom(fnv1a(`${seed}/${label}/${n}`));
  return {
    ...r,
    normal(mean = 0, sd = 1) {
      const u = 1 - r.next();
      const v = r.next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => r.next() < p,
  };
}
