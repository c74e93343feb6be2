// Article text for the reading helpers (docs/reading.md "Language data and formatting"): the plain text of the
// teacher's article and its word tokens (its real sentences: ./sentences.ts).

const BLOCK_END_RE = /<\/(p|div|li|h[1-6]|blockquote|pre|tr|td|th|caption)\s*>|<br\s*\/?>|<hr\s*\/?>/gi;

export const decodeEntities = (s: string) =>
  s.replace(/&(lt|gt|quot|amp|nbsp|#39|#x27|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'amp') return '&';
    if (lower === 'nbsp') return ' ';
    if (lower === '#39' || lower === '#x27') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });

/** A tag of the editor's HTML (docs/question-bank.md's allow-list and the usual block tags). */
const HTML_TAG_RE =
  /<\/?(p|br|div|span|b|strong|i|em|u|s|strike|del|ins|mark|sub|sup|small|big|blockquote|pre|code|h[1-6]|hr|ul|ol|li|table|thead|tbody|tfoot|tr|th|td|caption|img|a|ruby|rt|rp|script|style|iframe)\b[^>]*>/i;

/** True when the article is HTML (the editor's output) rather than plain text. */
export const looksLikeHtml = (article: string) => HTML_TAG_RE.test(article);

/**
 * The paragraphs of an article as plain text: HTML loses its tags (block ends become paragraph breaks) and
 * entities are decoded; plain text is split at line breaks. Whitespace inside a paragraph collapses to one space.
 */
export function articleParagraphs(article: string): string[] {
  const text = looksLikeHtml(article)
    ? decodeEntities(article.replace(BLOCK_END_RE, '\n').replace(/<[^>]*>/g, ''))
    : article;
  return text
    .split(/\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

/** The plain text of an article: its paragraphs separated by line breaks. */
export const articlePlainText = (article: string) => articleParagraphs(article).join('\n');

/** A word of a sentence: its spelling, where it starts, and the contraction tail it carried (`n't`, `'s`…). */
export interface WordToken {
  text: string;
  start: number;
  /** The word as looked up: lower case, contraction removed (`can't` → `can`, `won't` → `will`). */
  key: string;
  /** True for the first word of the sentence or of a quotation inside it. */
  initial: boolean;
}

const TOKEN_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const CONTRACTION_RE = /(?:['’](?:s|re|ll|ve|d|m|t)|n['’]t)$/i;
const IRREGULAR_NOT: Record<string, string> = { wo: 'will', ca: 'can', sha: 'shall', ai: 'be' };
/** Contractions written as one word: looked up as the word they contract (docs/reading.md "Word levels"). */
const CONTRACTED: Record<string, string> = {
  cannot: 'can',
  gonna: 'go',
  wanna: 'want',
  gotta: 'get',
  gimme: 'give',
  lemme: 'let',
  dunno: 'know',
  "o'clock": 'clock',
};

/**
 * The English words of a sentence: runs of ASCII letters (with inner apostrophes). Numbers, words mixing letters and
 * digits (`3rd`, `mp3`) and words in other scripts are not words here.
 */
export function sentenceWords(sentence: string): WordToken[] {
  const out: WordToken[] = [];
  for (const m of sentence.matchAll(TOKEN_RE)) {
    const text = m[0];
    if (!/^[A-Za-z]+(?:['’][A-Za-z]+)*$/.test(text)) continue;
    let key = text.toLowerCase().replace(/’/g, "'");
    if (/n't$/.test(key)) {
      const base = key.slice(0, -3);
      key = IRREGULAR_NOT[base] ?? base;
    } else key = CONTRACTED[key] ?? key.replace(CONTRACTION_RE, '');
    if (key === '') continue;
    // A capital after an opening quote or a colon starts a quoted sentence: not a proper-noun clue.
    const before = sentence.slice(0, m.index).trimEnd();
    const initial = out.length === 0 || /["“‘'(:]$/.test(before);
    out.push({ text, start: m.index, key, initial });
  }
  return out;
}
