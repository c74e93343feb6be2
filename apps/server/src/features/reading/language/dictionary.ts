// The compact exam dictionary (docs/reading.md "Language data and formatting"): ECDICT's exam words with their
// lowest level, and its most frequent words of no exam list (level null), each with its part of speech, a short
// Chinese gloss and its inflected forms, extracted once by
// apps/server/src/scripts/extract-ecdict.ts into data/exam-words.tsv.gz and loaded lazily, once per process.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { READING_LEVELS, type ReadingLevel } from './levels.js';

export interface DictEntry {
  word: string;
  /** The lowest exam level; null for a frequent word of no exam list (out of scope at every level). */
  level: ReadingLevel | null;
  /** `n`, `v`, `adj`, `adv`, `prep`, `conj`, `pron`, `num`, `int`, `art` or '' (unknown). */
  pos: string;
  gloss: string;
}

/** An entry of an exam list: the only ones the offline generator asks about or offers as distractors. */
export type LevelledEntry = DictEntry & { level: ReadingLevel };
export const isLevelled = (e: DictEntry | undefined): e is LevelledEntry => !!e && e.level !== null;

/** A level's order, the unlevelled words above every level. */
export const entryRank = (level: ReadingLevel | null) =>
  level === null ? READING_LEVELS.length : READING_LEVELS.indexOf(level);

export interface ExamDictionary {
  /** Every lemma, in alphabetical order. */
  readonly entries: readonly DictEntry[];
  /** The entry of a lemma spelled exactly so (lower case). */
  entry(word: string): DictEntry | undefined;
  /** The entry a (lower-case) word form belongs to: itself, a listed inflection, or a regular suffix rule. */
  lookup(word: string): DictEntry | undefined;
}

const EXAM_WORDS_URL = new URL('./data/exam-words.tsv.gz', import.meta.url);

/** Regular inflections tried when a form is not listed: [suffix, replacement]. */
const SUFFIX_RULES: [string, string][] = [
  ['ies', 'y'],
  ['ied', 'y'],
  ['ier', 'y'],
  ['iest', 'y'],
  ['ily', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['d', ''],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['est', 'e'],
  ['ly', ''],
  ['ly', 'le'],
  ['ness', ''],
];

export function parseExamWords(tsv: string): ExamDictionary {
  const entries: DictEntry[] = [];
  const byWord = new Map<string, DictEntry>();
  const byForm = new Map<string, DictEntry>();
  for (const line of tsv.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [word, rank, pos, gloss, forms] = line.split('\t');
    const level = rank === '' ? null : READING_LEVELS[Number(rank)];
    if (!word || level === undefined) continue;
    const entry: DictEntry = { word, level, pos: pos ?? '', gloss: gloss ?? '' };
    entries.push(entry);
    byWord.set(word, entry);
    if (forms) for (const form of forms.split(',')) byForm.set(form, entry);
  }
  // A word that is an entry and another lemma's form (`are`, `found`, `saw`) takes the lower level: a learner who
  // knows `be` or `find` reads it.
  const direct = (w: string) => {
    const own = byWord.get(w);
    const form = byForm.get(w);
    if (!own || !form) return own ?? form;
    return entryRank(form.level) < entryRank(own.level) ? form : own;
  };
  return {
    entries,
    entry: (word) => byWord.get(word),
    lookup(word) {
      const found = direct(word);
      if (found) return found;
      for (const [suffix, replacement] of SUFFIX_RULES) {
        if (word.length <= suffix.length + 2 || !word.endsWith(suffix)) continue;
        const stem = word.slice(0, -suffix.length);
        const hit = direct(stem + replacement);
        if (hit) return hit;
        // A doubled final consonant: stopped → stop, bigger → big.
        if (replacement === '' && stem.length > 3 && stem.at(-1) === stem.at(-2)) {
          const undoubled = direct(stem.slice(0, -1));
          if (undoubled) return undoubled;
        }
      }
      return undefined;
    },
  };
}

let loaded: ExamDictionary | undefined;

/** The exam dictionary, read and parsed on first use (docs/reading.md "Language data and formatting"). */
export function examDictionary(): ExamDictionary {
  loaded ??= parseExamWords(gunzipSync(readFileSync(EXAM_WORDS_URL)).toString('utf8'));
  return loaded;
}
