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

/** A word neither the dictionary nor a base word explains: a typo (`squatteddown`) or a rare word. */
export interface UnknownWord {
  /** As first written in the article, in lower case. */
  word: string;
  /** Every spelling of it in the article, lower case, in order. */
  forms: string[];
}

export interface FormattedArticle {
  formatResult: string;
  outScopeWords: OutScopeWord[];
  /** Unknown words, in article order: shown as unknown, never as out of scope (docs/reading.md "Word levels"). */
  unknownWords: UnknownWord[];
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
  'etc',
  'am',
  'pm',
  'www',
  'com',
  'http',
  'https',
  // Prefixes written apart (`non-stop`, `eco-friendly`, `co-worker`).
  'non',
  'eco',
  'co',
  're',
  'pre',
  'ex',
  'anti',
  'multi',
  'semi',
  'mid',
]);

const CARDINALS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion trillion dozen';
const ORDINALS =
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth hundredth thousandth millionth billionth half halves quarter';
const NUMBER_WORDS = new Set(`${CARDINALS} ${ORDINALS}`.split(' '));

/** A number written in words (`eighty`, `hundredth`, `thirds`, `dozens`): never out of scope. */
export const isNumberWord = (key: string) =>
  NUMBER_WORDS.has(key) || (key.endsWith('s') && NUMBER_WORDS.has(key.slice(0, -1)));

/** Never out of scope: names, glossary words, numbers, function words and interjections ECDICT leaves untagged. */
function alwaysInScope(word: AnalysedWord, glossary: ReadonlySet<string>): boolean {
  if (word.proper || glossary.has(word.key) || glossary.has(word.lemma)) return true;
  return word.key.length < 2 || ALWAYS_IN_SCOPE.has(word.key) || isNumberWord(word.key);
}

/**
 * Out of scope at a level: a known common word whose level (the lowest of its lemma and base words) is above the
 * level or on no exam list. An unknown word is not: it is listed as unknown (isUnknownWord).
 */
export function isOutOfScope(word: AnalysedWord, level: ReadingLevel, glossary: ReadonlySet<string>): boolean {
  if (!word.known || alwaysInScope(word, glossary)) return false;
  return word.level === null || levelRank(word.level) > levelRank(level);
}

/** A word neither the dictionary nor a base word explains, that is not a name, a number or a glossary word. */
export const isUnknownWord = (word: AnalysedWord, glossary: ReadonlySet<string>) =>
  !word.known && !alwaysInScope(word, glossary);

/**
 * Formats a teacher's article (plain text or the editor's HTML) for a level. Throws ArticleTooLongError beyond
 * 20,000 characters of text. outScopeWords are unique by lemma, in article order.
 */
export function formatArticle(html: string, level: ReadingLevel, glossary: readonly string[] = []): FormattedArticle {
  const analysis = analyseArticle(html);
  const skip = glossarySet(glossary);
  const outScopeWords: OutScopeWord[] = [];
  const byLemma = new Map<string, OutScopeWord>();
  const unknownWords: UnknownWord[] = [];
  const unknownByLemma = new Map<string, UnknownWord>();
  for (const sentence of analysis.sentences)
    for (const word of sentence.words) {
      if (isUnknownWord(word, skip)) {
        const known = unknownByLemma.get(word.lemma);
        if (!known) {
          const listed = { word: word.key, forms: [word.key] };
          unknownByLemma.set(word.lemma, listed);
          unknownWords.push(listed);
        } else if (!known.forms.includes(word.key)) known.forms.push(word.key);
        continue;
      }
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
        level: word.level,
        gloss: word.entry?.gloss ?? '',
        forms: [word.key],
      };
      byLemma.set(word.lemma, listed);
      outScopeWords.push(listed);
    }
  return {
    formatResult: analysis.formatResult,
    outScopeWords,
    unknownWords,
    sentences: analysis.sentences.map(({ id, text }) => ({ id, text })),
  };
}
