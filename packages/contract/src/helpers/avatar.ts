// Avatar initial (docs/product.md §9): the first character of a name, shown white on a grey circle.

/** Shown when the name is empty. A neutral sign rather than a Chinese character, so it reads in any locale. */
export const AVATAR_PLACEHOLDER = '?';

// Intl.Segmenter is in Node 16+ and every current browser; the guard keeps older engines working.
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The first user-perceived character (grapheme), falling back to the first code point without Intl.Segmenter. */
export function firstGrapheme(text: string): string {
  if (text === '') return '';
  if (graphemes) {
    for (const { segment } of graphemes.segment(text)) return segment;
  }
  return String.fromCodePoint(text.codePointAt(0) ?? 0);
}

// Whitespace (incl. the ideographic space) and invisible format characters such as U+200B before the name.
const LEADING_BLANK_RE = /^[\s\p{Cf}]+/u;

/**
 * The first grapheme of the trimmed name — a Chinese character, a whole emoji (ZWJ sequences and flags
 * included) or a letter with its accents — upper-cased when that keeps it one character ('ß' stays 'ß',
 * not 'SS'). `AVATAR_PLACEHOLDER` when the name is empty, blank or not a string.
 */
export function avatarInitial(name: string | null | undefined): string {
  if (typeof name !== 'string') return AVATAR_PLACEHOLDER;
  const first = firstGrapheme(name.replace(LEADING_BLANK_RE, ''));
  if (first === '') return AVATAR_PLACEHOLDER;
  const upper = first.toUpperCase();
  // Some letters grow when upper-cased ('ß' → 'SS', 'ᾀ' → 'ἈΙ'); those keep their own form.
  return firstGrapheme(upper) === upper ? upper : first;
}
