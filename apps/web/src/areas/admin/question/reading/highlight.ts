// Where the out-of-scope words of a formatted article sit in its text (docs/web.md "AI reading"): the server lists
// each word once with every spelling the article has of it (`forms`: `flees`, `fled` — irregular forms only the
// server's dictionary knows); a regular spelling it did not name is still found by its ending.
import type { OutScopeWord } from '@edu/contract';

export type TextPiece = { text: string; word?: undefined } | { text: string; word: OutScopeWord };

const TOKEN = /[A-Za-z]+(?:'[A-Za-z]+)*/g;
/** Regular English endings: a spelling minus one of these (plus the lemma's own ending) is looked up as a lemma. */
const ENDINGS: readonly [string, string][] = [
  ['ies', 'y'],
  ['ied', 'y'],
  ['ier', 'y'],
  ['iest', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['d', ''],
  ['ing', ''],
  ['ing', 'e'],
  ['ly', ''],
  ['er', ''],
  ['est', ''],
];

/** Spellings and lemma (lower case) → the word. */
export function wordIndex(words: readonly OutScopeWord[]): Map<string, OutScopeWord> {
  const index = new Map<string, OutScopeWord>();
  for (const w of words) {
    index.set(w.lemma.toLowerCase(), w);
    for (const spelling of [w.word, ...w.forms])
      if (!index.has(spelling.toLowerCase())) index.set(spelling.toLowerCase(), w);
  }
  return index;
}

/** The out-of-scope word a token of the article is a spelling of, if any. */
export function lookupToken(token: string, index: ReadonlyMap<string, OutScopeWord>): OutScopeWord | undefined {
  const lower = token.toLowerCase().replace(/'s$/, '');
  const direct = index.get(lower);
  if (direct) return direct;
  for (const [end, add] of ENDINGS) {
    if (lower.length > end.length + 2 && lower.endsWith(end)) {
      const stem = lower.slice(0, -end.length);
      const hit = index.get(stem + add) ?? (stem.at(-1) === stem.at(-2) ? index.get(stem.slice(0, -1)) : undefined);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** A text node cut into plain pieces and out-of-scope words. */
export function splitText(text: string, index: ReadonlyMap<string, OutScopeWord>): TextPiece[] {
  if (index.size === 0) return [{ text }];
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const word = lookupToken(m[0], index);
    if (!word) continue;
    if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
    pieces.push({ text: m[0], word });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Glossary entries kept unique (case-insensitively), trimmed, in the order given. */
export function normaliseGlossary(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const w = raw.trim();
    if (!w || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    out.push(w);
  }
  return out;
}
