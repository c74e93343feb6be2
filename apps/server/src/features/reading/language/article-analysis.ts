// One pass over an article for formatting and generation (docs/reading.md "Language data and formatting"): the
// formatted HTML with its `span.word` ids, the real sentences with the id of the span each starts in, and every
// word with its lemma, dictionary entry and whether it is a proper noun.
import nlp from 'compromise';
import { formatSentences, sanitizeQuestionHtml } from '../../questions/question-html.js';
import type { DictEntry } from './dictionary.js';
import type { ReadingLevel } from './levels.js';
import { isPersonName } from './names.js';
import { wordLevel } from './word-level.js';
import { ARTICLE_HTML_MAX, ARTICLE_TEXT_MAX, ArticleTooLongError } from './article-limits.js';
import { paragraphsSentences } from './sentences.js';
import { articleParagraphs, looksLikeHtml, sentenceWords } from './text.js';

export interface AnalysedWord {
  /** As written in the sentence. */
  text: string;
  /** Offset in the sentence. */
  start: number;
  /** Lower case, contraction removed. */
  key: string;
  /** The dictionary lemma, or the word's own lower-case form (compromise's root when it has one) if unknown. */
  lemma: string;
  entry: DictEntry | undefined;
  /** The lowest level of the word and its base words (./word-level.ts); null on no exam list. */
  level: ReadingLevel | null;
  /** False for a word neither the dictionary nor a base word explains (a typo, a rare word). */
  known: boolean;
  /** A name: capitalised mid-sentence, all capitals, or tagged #ProperNoun by compromise. */
  proper: boolean;
}

export interface AnalysedSentence {
  /** The id of the `span.word` the sentence starts in (docs/reading.md). */
  id: string;
  text: string;
  words: AnalysedWord[];
}

export interface ArticleAnalysis {
  formatResult: string;
  sentences: AnalysedSentence[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text becomes one `<p>` per line; HTML is taken as it is. Both are sanitised before formatting. */
function articleHtml(article: string): string {
  if (looksLikeHtml(article)) return article;
  return article
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

const decodeSpanText = (s: string) =>
  s.replace(/&(lt|gt|quot|amp|#39);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'amp' ? '&' : "'",
  );

/** The spans the formatter wrote, in order: id and text. */
function formattedSpans(formatResult: string): { id: string; text: string }[] {
  return [...formatResult.matchAll(/<span class="word" id="(w-[0-9a-z]+-\d+)">([^<]*)<\/span>/g)].map((m) => ({
    id: m[1],
    text: decodeSpanText(m[2]).replace(/\s+/g, ' '),
  }));
}

/** What compromise's `json()` gives per sentence (the fields read here). */
interface TaggedSentence {
  terms: { normal?: string; root?: string; tags?: string[]; offset?: { start: number } }[];
}

/** Words given to compromise's tagger in one pass (proper-noun checks, roots of unknown words). */
const TAGGER_WORDS_MAX = 1000;

export function analyseArticle(article: string): ArticleAnalysis {
  if (article.length > ARTICLE_HTML_MAX) throw new ArticleTooLongError();
  const paragraphs = articleParagraphs(article);
  const textLength = paragraphs.reduce((n, p) => n + p.length, 0);
  if (textLength > ARTICLE_TEXT_MAX) throw new ArticleTooLongError();

  const formatResult = formatSentences(sanitizeQuestionHtml(articleHtml(article)));
  const spans = formattedSpans(formatResult);

  // Span positions in the paragraphs' text, to give each sentence the id of the span it starts in.
  const plain = paragraphs.join('\n');
  const spanStarts: { id: string; start: number; end: number }[] = [];
  let cursor = 0;
  for (const span of spans) {
    const at = plain.indexOf(span.text, cursor);
    if (at === -1) continue;
    spanStarts.push({ id: span.id, start: at, end: at + span.text.length });
    cursor = at + span.text.length;
  }
  let spanIndex = 0;
  const spanIdAt = (offset: number): string => {
    while (spanIndex < spanStarts.length - 1 && spanStarts[spanIndex].end <= offset) spanIndex++;
    return spanStarts[spanIndex]?.id ?? '';
  };

  const sentences: AnalysedSentence[] = [];
  const lowerSeen = new Set<string>(); // keys written in lower case somewhere
  const capitalMid = new Set<string>(); // keys capitalised mid-sentence somewhere
  let paragraphStart = 0;
  const ranges = paragraphsSentences(paragraphs);
  paragraphs.forEach((paragraph, p) => {
    for (const range of ranges[p]) {
      const words = sentenceWords(range.text).map((t): AnalysedWord => {
        const isCapital = /^[A-Z]/.test(t.text);
        const allCaps = t.text.length > 1 && /^[A-Z]+$/.test(t.text) && t.key !== 'i';
        if (!isCapital) lowerSeen.add(t.key);
        else if (!t.initial && t.key !== 'i') capitalMid.add(t.key);
        const judged = wordLevel(t.key);
        return {
          text: t.text,
          start: t.start,
          key: t.key,
          lemma: judged.lemma,
          entry: judged.entry,
          level: judged.level,
          known: judged.known,
          proper: allCaps || (isCapital && !t.initial && t.key !== 'i'),
        };
      });
      sentences.push({ id: spanIdAt(paragraphStart + range.start), text: range.text, words });
    }
    paragraphStart += paragraph.length + 1;
  });

  // A capitalised first word: a name when the article capitalises it elsewhere mid-sentence; a common word when
  // the article writes it in lower case elsewhere; a name when it is a person's name on no exam list (`Tom`,
  // `Jane`: the dictionary's `tom` and `jane` are rare common words) or a word the dictionary does not explain; a
  // common word when the dictionary holds it; otherwise compromise's tagger decides, reading the first words of
  // those sentences in one pass.
  const ask: AnalysedWord[] = [];
  for (const sentence of sentences)
    for (const w of sentence.words) {
      if (w.proper || !/^[A-Z]/.test(w.text) || w.key === 'i') continue;
      if (capitalMid.has(w.key)) w.proper = true;
      else if (lowerSeen.has(w.key)) continue;
      else if ((w.level === null && isPersonName(w.key)) || !w.known) w.proper = true;
      else if (!w.entry) ask.push(w);
    }
  if (ask.length > 0) {
    const fragments: string[] = [];
    const startOf = new Map<number, AnalysedWord>();
    let offset = 0;
    for (const w of ask.slice(0, TAGGER_WORDS_MAX)) {
      const sentence = sentences.find((s) => s.words.includes(w));
      const fragment = (sentence?.text ?? w.text).slice(0, w.start + w.text.length + 40);
      startOf.set(offset + w.start, w);
      fragments.push(fragment);
      offset += fragment.length + 2;
    }
    for (const s of nlp(fragments.join('\n\n')).json({ offset: true }) as TaggedSentence[])
      for (const t of s.terms) {
        const w = t.offset ? startOf.get(t.offset.start) : undefined;
        if (w && t.tags?.includes('ProperNoun')) w.proper = true;
      }
  }

  // Unknown common words: compromise's root (`sapphires` → `sapphire`), each word read on its own in one pass.
  const unknownKeys = [
    ...new Set(sentences.flatMap((s) => s.words.filter((w) => !w.known && !w.proper).map((w) => w.key))),
  ].slice(0, TAGGER_WORDS_MAX);
  if (unknownKeys.length > 0) {
    const doc = nlp(unknownKeys.map((k) => `${k}.`).join(' '));
    doc.compute('root');
    const roots = new Map<string, string>();
    for (const s of doc.json() as TaggedSentence[])
      for (const t of s.terms) if (t.root && t.normal && t.root !== t.normal) roots.set(t.normal, t.root);
    for (const s of sentences)
      for (const w of s.words) {
        if (w.known || w.proper) continue;
        const root = roots.get(w.key);
        if (!root) continue;
        const judged = wordLevel(root);
        Object.assign(w, { entry: judged.entry, lemma: judged.lemma, level: judged.level, known: judged.known });
      }
  }
  return { formatResult, sentences };
}
