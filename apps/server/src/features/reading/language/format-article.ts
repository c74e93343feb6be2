// formatArticle: the formatted-text result of docs/product.md §3 — the article in `span.word` spans (the stored
// questions' formatter, ids unchanged), its real sentences and the words beyond the learner's level
// (docs/reading.md "Language data and formatting").
import { analyseArticle, type AnalysedWord } from './article-analysis.js';
import { examDictionary } from './dictionary.js';
import { levelRank, type ReadingLevel } from './levels.js';

export interface OutScopeWord {
  /** As first written in the article, in lower case (a contraction tail dropped). */
  word: string;
  lemma: string;
  /** The lemma's lowest exam level; null for a word of no exam list (out of scope at every level). */
  level: ReadingLevel | null;
  /** A short Chinese gloss; '' for a word the dictionary does not hold. */
  gloss: string;
  /**
   * Every spelling of it in the article (lower case, contraction dropped, in order): `flees`, `fled`. Only the
   * server knows that `fled` is `flee`, so it names the spellings for whoever marks them in the text.
   */
  forms: string[];
}

export interface FormattedArticle {
  formatResult: string;
  outScopeWords: OutScopeWord[];
  sentences: { id: string; text: string }[];
}

/** The glossary as lower-case words and their lemmas: each never out of scope. */
export function glossarySet(glossary: readonly string[] = []): Set<string> {
  const dict = examDictionary();
  const set = new Set<string>();
  for (const item of glossary.slice(0, 1000)) {
    for (const word of item
      .slice(0, 200)
      .toLowerCase()
      .match(/[a-z]+(?:'[a-z]+)*/g) ?? []) {
      set.add(word);
      const entry = dict.lookup(word);
      if (entry) set.add(entry.word);
    }
  }
  return set;
}

/**
 * Function words, titles and interjections ECDICT gives no exam tag (`an` is filed under `a`): every learner
 * reads them (docs/reading.md).
 */
const ALWAYS_IN_SCOPE = new Set([
  'an',
  'ah',
  'aha',
  'ha',
  'haha',
  'hey',
  'hi',
  'hmm',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'ok',
  'oh',
  'um',
  'uh',
  'yeah',
]);

/** Out of scope at a level: a common word whose lemma is above the level or on no exam list (levelled or not). */
export function isOutOfScope(word: AnalysedWord, level: ReadingLevel, glossary: ReadonlySet<string>): boolean {
  if (word.proper || glossary.has(word.key) || glossary.has(word.lemma)) return false;
  if (word.key.length < 2 || ALWAYS_IN_SCOPE.has(word.key)) return false;
  return !word.entry || word.entry.level === null || levelRank(word.entry.level) > levelRank(level);
}

/**
 * Formats a teacher's article (plain text or the editor's HTML) for a level. Throws ArticleTooLongError beyond
 * 20,000 characters of text. outScopeWords are unique by lemma, in article order.
 */
export function formatArticle(html: string, level: ReadingLevel, glossary: readonly string[] = []): FormattedArticle {
  const analysis = analyseArticle(html);
  const skip = glossarySet(glossary);
  const outScopeWords: OutScopeWord[] = [];
  const byLemma = new Map<string, OutScopeWord>();
  for (const sentence of analysis.sentences)
    for (const word of sentence.words) {
      const known = byLemma.get(word.lemma);
      if (known) {
        // Another spelling of a listed word (`fled` after `flees`): the same judgement, once per spelling.
        if (!known.forms.includes(word.key) && isOutOfScope(word, level, skip)) known.forms.push(word.key);
        continue;
      }
      if (!isOutOfScope(word, level, skip)) continue;
      const listed: OutScopeWord = {
        word: word.key,
        lemma: word.lemma,
        level: word.entry?.level ?? null,
        gloss: word.entry?.gloss ?? '',
        forms: [word.key],
      };
      byLemma.set(word.lemma, listed);
      outScopeWords.push(listed);
    }
  return {
    formatResult: analysis.formatResult,
    outScopeWords,
    sentences: analysis.sentences.map(({ id, text }) => ({ id, text })),
  };
}
