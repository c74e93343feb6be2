// Avatar initial (docs/product.md §9): the first character of a name, shown white on a grey circle.

/** Shown when the name is empty. A neutral sign rather than a Chinese character, so it reads in any locale. */
export const AVATAR_PLACEHOLDER = '?';

// Intl.Segmenter is in Node 16+ and every current browser; the guard keeps older engines working. Built on first
// need, not when the module loads: building it costs a page's first load ~15 ms of main thread (docs/performance.md
// "First load"), and most names never need it (below).
let graphemes: Intl.Segmenter | null | undefined;
function segmenter(): Intl.Segmenter | null {
  if (graphemes === undefined) {
    graphemes =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return graphemes;
}

// A Chinese character or an ASCII letter or digit is a grapheme of its own unless what follows joins it: a combining
// mark or variation selector (\p{M}), a zero-width joiner, an emoji skin tone or a tag character.
const STANDS_ALONE_RE = /^[\p{Script=Han}A-Za-z0-9]/u;
const JOINS_RE = /^(?:\p{M}|\u200D|\p{Emoji_Modifier}|[\u{E0020}-\u{E007F}])/u;

/** The first user-perceived character (grapheme), falling back to the first code point without Intl.Segmenter. */
export function firstGrapheme(text: string): string {
  if (text === '') return '';
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
  if (STANDS_ALONE_RE.test(first) && !JOINS_RE.test(text.slice(first.length))) return first;
  const segments = segmenter();
  if (segments) {
    for (const { segment } of segments.segment(text)) return segment;
  }
  return first;
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
