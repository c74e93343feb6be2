// The real sentences of an article's text (docs/reading.md "Language data and formatting"): compromise's sentence
// splitter, so that abbreviations, numbers and quotes do not end a sentence. Loaded only by the language worker
// (./language-thread.ts): compromise fills V8's shared object-shape tables, which slows every request of the
// process that loads it (docs/performance.md "Object shapes and the NLP library").
import nlp from 'compromise';
import { articleParagraphs } from './text.js';

/** A sentence of a paragraph: its text (verbatim, trimmed) and where it starts in the paragraph. */
export interface SentenceRange {
  text: string;
  start: number;
}

const INITIALISM_END_RE =
  /\b(?:[A-Z]\.){2,}\s+(?=(?:He|She|It|They|We|I|You|The|This|That|These|Those|There|But|And|So|Then|Its|His|Her|Their|Our|My)\b)/g;

/** compromise's sentence splitter (`nlp.methods().one.tokenize.splitSentences`, the first step of its tokenizer). */
interface CompromiseTokenize {
  splitSentences: (text: string, world: unknown) => string[];
}
const { splitSentences } = (nlp.methods() as { one: { tokenize: CompromiseTokenize } }).one.tokenize;
const world: unknown = nlp.world();

/**
 * Where sentences start in a text, by compromise's sentence splitter alone: the pieces it returns are the text
 * itself, cut (verbatim, whitespace kept), so their lengths give the offsets. Splitting without tokenizing words
 * is ~100× cheaper than `nlp.tokenize` and cuts the same sentences.
 */
function sentenceStarts(text: string): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const piece of splitSentences(text, world)) {
    starts.push(offset + (piece.length - piece.trimStart().length));
    offset += piece.length;
  }
  // The pieces must be the text; if a compromise version ever changes that, one sentence is better than wrong cuts.
  if (offset !== text.length) return [0];
  // compromise keeps `in the U.S. He left` together; an initialism before a word that usually opens a sentence ends it.
  for (const m of text.matchAll(INITIALISM_END_RE)) starts.push(m.index + m[0].length);
  return starts;
}

/** Cuts a paragraph at the given starts (its own start always one of them) into trimmed, non-blank sentences. */
function cutParagraph(paragraph: string, found: number[]): SentenceRange[] {
  const starts = [...new Set([0, ...found])].filter((n) => n >= 0 && n < paragraph.length).sort((a, b) => a - b);
  const out: SentenceRange[] = [];
  for (let i = 0; i < starts.length; i++) {
    const raw = paragraph.slice(starts[i], starts[i + 1] ?? paragraph.length);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text !== '') out.push({ text, start: starts[i] + lead });
  }
  return out;
}

/** The real sentences of one paragraph. */
export function paragraphSentences(paragraph: string): SentenceRange[] {
  return cutParagraph(paragraph, sentenceStarts(paragraph));
}

/**
 * The real sentences of every paragraph, with one tokenizer pass over the whole text (paragraphs joined by blank
 * lines, which always end a sentence): a pass per paragraph costs several times more on a long article.
 */
export function paragraphsSentences(paragraphs: readonly string[]): SentenceRange[][] {
  const offsets: number[] = [];
  let at = 0;
  for (const p of paragraphs) {
    offsets.push(at);
    at += p.length + 2;
  }
  const found: number[][] = paragraphs.map(() => []);
  let index = 0;
  for (const start of sentenceStarts(paragraphs.join('\n\n')).sort((a, b) => a - b)) {
    while (index < paragraphs.length - 1 && start >= offsets[index + 1]) index++;
    found[index]?.push(start - offsets[index]);
  }
  return paragraphs.map((p, i) => cutParagraph(p, found[i]));
}

/** The sentences of an article's plain text, paragraph by paragraph. */
export function articleSentences(article: string): string[] {
  return paragraphsSentences(articleParagraphs(article)).flatMap((ranges) => ranges.map((s) => s.text));
}
