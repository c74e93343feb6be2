// Recitation sentences (docs/product.md §3, §9): splitting text at the spec's separators and giving each piece a stable id.

/** Exactly the separators of docs/product.md §9. */
export const SENTENCE_SEPARATORS = ['.', '．', '。', '?', '!', '？', '！', ',', '，', '；', ';'] as const;

const SEPARATORS = new Set<string>(SENTENCE_SEPARATORS);
// A run of non-separators followed by its run of separators (either may be empty, never both).
const PIECE_RE = /[^.．。?!？！,，；;]+[.．。?!？！,，；;]*|[.．。?!？！,，；;]+/gu;

const onlySeparators = (piece: string) => Array.from(piece).every((c) => SEPARATORS.has(c) || /\s/u.test(c));

/**
 * Split at the separators; each sentence keeps its trailing separators ("Really?!" is one piece) and is
 * trimmed; blank pieces are dropped. A piece made only of separators (and whitespace), as in "Hi. ." or a
 * text opening with "…", joins the sentence before it, or the one after it at the very start, so no
 * visible character is lost. Separators are taken literally: "3.14" splits after "3.".
 */
export function splitSentences(text: string | null | undefined): string[] {
  if (typeof text !== 'string') return [];
  const out: string[] = [];
  let leading = '';
  for (const raw of text.match(PIECE_RE) ?? []) {
    const piece = raw.trim();
    if (piece === '') continue;
    if (onlySeparators(piece)) {
      if (out.length > 0) out[out.length - 1] = `${out[out.length - 1]}${raw}`.trim();
      else leading += raw;
      continue;
    }
    out.push(`${leading}${raw}`.trim());
    leading = '';
  }
  if (leading.trim() !== '') out.push(leading.trim());
  return out;
}

/** FNV-1a (32 bit) over UTF-16 code units, base 36: short, deterministic, not cryptographic. */
export function shortHash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, '0');
}

export interface SentenceSpan {
  /** Unique within the text, usable as an HTML id. */
  id: string;
  text: string;
}

/**
 * The sentences of `text` with ids `${idPrefix}-${hash of the sentence}-${n}`, n counting earlier sentences
 * with the same hash (0 for the first). Same text → same ids. An id depends on its own sentence, not on its
 * position, so editing one sentence keeps the other sentences' ids — and the images linked to them (docs/product.md §3).
 */
export function sentenceSpans(text: string | null | undefined, idPrefix = 's'): SentenceSpan[] {
  const seen = new Map<string, number>();
  return splitSentences(text).map((sentence) => {
    const hash = shortHash(sentence);
    const n = seen.get(hash) ?? 0;
    seen.set(hash, n + 1);
    return { id: `${idPrefix}-${hash}-${n}`, text: sentence };
  });
}
