// Distractors for the offline generator's choice items (docs/reading.md "Offline generation"): exam words of the
// key's part of speech and a similar level (the same, then one level away), never a synonym of the key; the
// dictionary's frequent words of no exam list are never offered.
import { examDictionary, isLevelled, type LevelledEntry } from '../dictionary.js';
import { levelRank, READING_LEVELS } from '../levels.js';
import type { Random } from './random.js';

const senses = (gloss: string) =>
  gloss
    .split('；')
    .map((s) => s.replace(/[的地得]$/u, '').trim())
    .filter(Boolean);

const bigrams = (text: string) => {
  const out = new Set<string>();
  const chars = [...text.replace(/[^\p{Script=Han}]/gu, '')];
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  return out;
};

/**
 * Two glosses that may mean the same: a shared sense, or a shared two-character Chinese word (`快乐的` and `欢乐`
 * are not told apart by this, but `快乐的` and `快乐地` are). Conservative: a near-miss only costs a candidate.
 */
export function glossesOverlap(a: string, b: string): boolean {
  const sa = senses(a);
  const sb = new Set(senses(b));
  if (sa.some((s) => sb.has(s))) return true;
  // A one-character sense inside a sense of the other (`说` and `解释；说明`: bench:reading-generation found `说` offered
  // against `explained`).
  const inside = (xs: string[], ys: string[]) => xs.some((x) => [...x].length === 1 && ys.some((y) => y.includes(x)));
  if (inside(sa, [...sb]) || inside([...sb], sa)) return true;
  const ba = bigrams(a);
  for (const bg of bigrams(b)) if (ba.has(bg)) return true;
  return false;
}

/** Longest option gloss: one sense, not a dictionary's list (issue 29: 堆叠；堆；大量；书库；枪架；烟囱…). */
export const OPTION_GLOSS_MAX = 10;

/** A gloss as a choice option shows it: its first sense, bracketed remarks dropped, at most 10 characters. */
export function shortGloss(gloss: string): string {
  const first = gloss
    .split(/[；;]/)
    .map((s) => s.replace(/[（(][^）)]*[）)]/g, '').trim())
    .find(Boolean);
  return [...(first ?? gloss)].slice(0, OPTION_GLOSS_MAX).join('');
}

/** An adjective of a people or a faith (`jewish`, `chinese`): written with a capital, no distractor. */
const PROPER_GLOSS_RE = /^[^；]*(人的|族的|教的|教徒的|语的)/;

let byPosLevel: Map<string, LevelledEntry[]> | undefined;
const poolKey = (pos: string, rank: number) => `${pos}:${rank}`;

function pool(pos: string, rank: number): LevelledEntry[] {
  if (!byPosLevel) {
    byPosLevel = new Map();
    for (const e of examDictionary().entries) {
      if (!isLevelled(e) || !e.pos || !e.gloss || e.word.length < 3 || PROPER_GLOSS_RE.test(e.gloss)) continue;
      const key = poolKey(e.pos, levelRank(e.level));
      const list = byPosLevel.get(key) ?? [];
      list.push(e);
      byPosLevel.set(key, list);
    }
  }
  return byPosLevel.get(poolKey(pos, rank)) ?? [];
}

/**
 * `count` distractors for `key`: same POS, level of the key first, then one level below and above; glosses that
 * overlap neither the key's nor each other's; words not in `avoid` (the article's lemmas). Fewer when the
 * dictionary has fewer.
 */
export function pickDistractors(
  key: LevelledEntry,
  count: number,
  random: Random,
  avoid: ReadonlySet<string> = new Set(),
  fits: (word: string) => boolean = () => true,
): LevelledEntry[] {
  const rank = levelRank(key.level);
  const chosen: LevelledEntry[] = [];
  for (const r of [rank, rank - 1, rank + 1]) {
    if (r < 0 || r >= READING_LEVELS.length) continue;
    const candidates = pool(key.pos, r);
    // Random probing: a bounded number of tries over a pool of hundreds.
    for (let attempt = 0; attempt < 200 && chosen.length < count && candidates.length > 0; attempt++) {
      const c = random.pick(candidates);
      if (c.word === key.word || avoid.has(c.word) || !fits(c.word) || chosen.some((d) => d.word === c.word)) continue;
      if (glossesOverlap(c.gloss, key.gloss) || chosen.some((d) => glossesOverlap(c.gloss, d.gloss))) continue;
      chosen.push(c);
    }
    if (chosen.length >= count) break;
  }
  return chosen;
}
