// A word's level for marking (docs/reading.md "Word levels"): the lowest level of its lemma and of its base words —
// an -ly adverb's adjective, a comparative's adjective, its other spelling (American or British), the core junior
// words of the curriculum list — and, for a word the dictionary does not hold, the level of what it is derived or
// compounded from. A word none of these explains is unknown (a typo such as `squatteddown`, or a rare word).
import { readFileSync } from 'node:fs';
import { entryRank, examDictionary, type DictEntry, type ExamDictionary } from './dictionary.js';
import { READING_LEVELS, type ReadingLevel } from './levels.js';
import { glossesOverlap } from './offline/distractors.js';

export interface WordLevel {
  /** The dictionary entry of the word itself (its gloss and part of speech), if any. */
  entry: DictEntry | undefined;
  /** The dictionary lemma, else the word as written (lower case). */
  lemma: string;
  /** The lowest level of the word and its base words; null when no exam list has any of them. */
  level: ReadingLevel | null;
  /** False when neither the dictionary nor a base word explains the word. */
  known: boolean;
}

const CORE_JUNIOR_URL = new URL('./data/junior-core-words.txt', import.meta.url);
let coreJunior: ReadonlySet<string> | undefined;

/** The core junior words (data/junior-core-words.txt, docs/reading.md "Word levels"): known from 初中 on. */
export function coreJuniorWords(): ReadonlySet<string> {
  coreJunior ??= new Set(
    readFileSync(CORE_JUNIOR_URL, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  return coreJunior;
}

/** Spellings that differ only between American and British English, beyond the regular patterns below. */
const VARIANT_PAIRS: [string, string][] = [
  ['gray', 'grey'],
  ['mom', 'mum'],
  ['mommy', 'mummy'],
  ['math', 'maths'],
  ['tire', 'tyre'],
  ['plow', 'plough'],
  ['jewelry', 'jewellery'],
  ['aluminum', 'aluminium'],
  ['pajamas', 'pyjamas'],
  ['airplane', 'aeroplane'],
  ['cozy', 'cosy'],
  ['donut', 'doughnut'],
  ['skeptical', 'sceptical'],
  ['mustache', 'moustache'],
  ['program', 'programme'],
  ['catalog', 'catalogue'],
  ['dialog', 'dialogue'],
  ['analog', 'analogue'],
  ['ax', 'axe'],
  ['check', 'cheque'],
];
const VARIANT_OF = new Map<string, string[]>();
for (const [a, b] of VARIANT_PAIRS) {
  VARIANT_OF.set(a, [...(VARIANT_OF.get(a) ?? []), b]);
  VARIANT_OF.set(b, [...(VARIANT_OF.get(b) ?? []), a]);
}

/** Regular American ↔ British patterns at the end of a word: [American, British]. */
const VARIANT_ENDINGS: [string, string][] = [
  ['or', 'our'],
  ['ors', 'ours'],
  ['ored', 'oured'],
  ['oring', 'ouring'],
  ['orful', 'ourful'],
  ['ter', 'tre'],
  ['ters', 'tres'],
  ['ber', 'bre'],
  ['bers', 'bres'],
  ['ize', 'ise'],
  ['ized', 'ised'],
  ['izes', 'ises'],
  ['izing', 'ising'],
  ['ization', 'isation'],
  ['yze', 'yse'],
  ['yzed', 'ysed'],
  ['eled', 'elled'],
  ['eling', 'elling'],
  ['eler', 'eller'],
  ['ense', 'ence'],
];

/** The other spellings of a word that the dictionary holds (a regular pattern needs a shared sense). */
function variants(dict: ExamDictionary, word: string, entry: DictEntry | undefined): DictEntry[] {
  const out: DictEntry[] = [];
  for (const v of VARIANT_OF.get(word) ?? []) {
    const e = dict.lookup(v);
    if (e) out.push(e);
  }
  if (word.length < 5) return out;
  for (const [us, uk] of VARIANT_ENDINGS)
    for (const [from, to] of [
      [us, uk],
      [uk, us],
    ]) {
      if (!word.endsWith(from) || word.length - from.length < 2) continue;
      const e = dict.lookup(word.slice(0, -from.length) + to);
      if (e && (!entry || glossesOverlap(e.gloss, entry.gloss))) out.push(e);
    }
  return out;
}

/** -ly adverbs onto their adjective: [suffix, replacement]. */
const ADVERB_RULES: [string, string][] = [
  ['ically', 'ic'],
  ['ily', 'y'],
  ['lly', 'll'],
  ['uly', 'ue'],
  ['ly', 'le'],
  ['ly', ''],
];
/** Comparatives and superlatives onto their adjective or adverb. */
const DEGREE_RULES: [string, string][] = [
  ['ier', 'y'],
  ['iest', 'y'],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['est', 'e'],
];

/** Derivation onto a base word, for words the dictionary does not hold (`boastful`, `impolite`, `uncooked`). */
const DERIVING_SUFFIXES: [string, string][] = [
  ['fulness', ''],
  ['lessness', ''],
  ['ful', ''],
  ['less', ''],
  ['ness', ''],
  ['iness', 'y'],
  ['ment', ''],
  ['ship', ''],
  ['hood', ''],
  ['able', ''],
  ['able', 'e'],
  ['ers', ''],
  ['ers', 'e'],
  ['er', ''],
  ['er', 'e'],
  ['ist', ''],
  ['ish', ''],
  ['al', ''],
  ['al', 'e'],
  ['y', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['s', ''],
];
const DERIVING_PREFIXES = [
  'un',
  'in',
  'im',
  'il',
  'ir',
  'dis',
  'non',
  'mis',
  're',
  'pre',
  'over',
  'under',
  'out',
  'self',
  'co',
  'anti',
  'inter',
  'sub',
  'super',
  'multi',
  'mini',
];

/** Parts of speech that make compounds (`schoolyard`, `raindrops`): never function words. */
const COMPOUND_POS = new Set(['n', 'v', 'adj']);
/** Words ECDICT files as adjectives or nouns that are function words in a typo (`cultivateall`, `averageof`). */
const NOT_COMPOUND_PART = new Set(
  'all any each every some many much more most such own other same few little less least only very well what that this these those than then there their them they'.split(
    ' ',
  ),
);

const lowest = (levels: (ReadingLevel | null)[]): ReadingLevel | null =>
  levels.reduce<ReadingLevel | null>((a, b) => (entryRank(b) < entryRank(a) ? b : a), null);
const highest = (levels: ReadingLevel[]): ReadingLevel =>
  levels.reduce((a, b) => (entryRank(b) > entryRank(a) ? b : a), READING_LEVELS[0]);

/** Entries a word's level may come from: the word's own, its variants, its adjective or positive degree. */
function relatedEntries(dict: ExamDictionary, word: string): DictEntry[] {
  const own = dict.lookup(word);
  const out: DictEntry[] = own ? [own, ...variants(dict, own.word, own)] : [];
  out.push(...variants(dict, word, own));
  const stemmed = (rules: [string, string][], posOk: (e: DictEntry) => boolean) => {
    for (const [suffix, replacement] of rules) {
      const stem = word.slice(0, -suffix.length);
      if (!word.endsWith(suffix) || (stem + replacement).length < 3) continue;
      const undoubled = replacement === '' && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : '';
      for (const candidate of [stem + replacement, undoubled]) {
        // The adjective itself, or a participle's verb (`excitedly` → excited → excite).
        const e = candidate ? (dict.entry(candidate) ?? dict.lookup(candidate)) : undefined;
        if (e && posOk(e)) out.push(e, ...variants(dict, e.word, e));
      }
    }
  };
  // An adverb in -ly takes its adjective's level (`usually` → usual); a comparative its adjective's (`fewer` → few).
  if (!own || own.pos === 'adv' || own.level === null) stemmed(ADVERB_RULES, () => true);
  stemmed(DEGREE_RULES, (e) => e.pos === 'adj' || e.pos === 'adv');
  return out;
}

/**
 * The level of a word the dictionary does not hold (or holds on no exam list), from its base word or its two parts;
 * undefined if neither. `partMin` is the shortest part of a compound (longer for a word the dictionary holds:
 * `heartbeat`, not `carpet` as car + pet).
 */
function derivedLevel(dict: ExamDictionary, word: string, partMin = 3, depth = 0): ReadingLevel | null | undefined {
  if (depth > 2 || word.length < 5) return undefined;
  const known = (w: string): ReadingLevel | null | undefined => {
    const related = relatedEntries(dict, w);
    if (related.length > 0) return levelOf(related, w);
    return derivedLevel(dict, w, 3, depth + 1);
  };
  for (const [suffix, replacement] of DERIVING_SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, -suffix.length);
    const found = known(stem + replacement) ?? (stem.at(-1) === stem.at(-2) ? known(stem.slice(0, -1)) : undefined);
    if (found !== undefined) return found;
  }
  for (const prefix of DERIVING_PREFIXES) {
    if (!word.startsWith(prefix) || word.length - prefix.length < 4) continue;
    const found = known(word.slice(prefix.length));
    if (found !== undefined) return found;
  }
  // A compound of two content exam words, the first in its dictionary form, the second in it or plural
  // (`raindrops`; not `squatteddown`, nor a typo joining a rare word).
  for (let i = partMin; i <= word.length - partMin; i++) {
    const tail = word.slice(i);
    const left = dict.entry(word.slice(0, i));
    const right = dict.entry(tail) ?? dict.entry(tail.replace(/e?s$/, ''));
    if (!left || !right || !COMPOUND_POS.has(left.pos) || !COMPOUND_POS.has(right.pos)) continue;
    if (NOT_COMPOUND_PART.has(left.word) || NOT_COMPOUND_PART.has(right.word)) continue;
    const a = levelOf(relatedEntries(dict, left.word), left.word);
    const b = levelOf(relatedEntries(dict, right.word), right.word);
    if (a !== null && b !== null) return highest([a, b]);
  }
  return undefined;
}

function levelOf(entries: DictEntry[], word: string): ReadingLevel | null {
  const core = coreJuniorWords();
  if (core.has(word) || entries.some((e) => core.has(e.word))) return 'junior';
  return lowest(entries.map((e) => e.level));
}

const cache = new Map<string, WordLevel>();

/** The level of a (lower-case, contraction-free) word, cached per process. */
export function wordLevel(word: string): WordLevel {
  const hit = cache.get(word);
  if (hit) return hit;
  const dict = examDictionary();
  const entry = dict.lookup(word);
  const related = relatedEntries(dict, word);
  let out: WordLevel;
  if (related.length > 0) {
    // A frequent word of no exam list may still be made of exam words (`killer`, `heartbeat`, `magical`).
    const level = levelOf(related, word) ?? derivedLevel(dict, word, 4) ?? null;
    out = { entry, lemma: entry?.word ?? word, level, known: true };
  } else {
    const derived = coreJuniorWords().has(word) ? 'junior' : derivedLevel(dict, word);
    out = { entry, lemma: word, level: derived ?? null, known: derived !== undefined };
  }
  if (cache.size < 50_000) cache.set(word, out);
  return out;
}

/** The dictionary entries of a word's other spellings (`realize` → `realise`): their glosses are its senses too. */
export function spellingVariants(word: string): DictEntry[] {
  const dict = examDictionary();
  const entry = dict.lookup(word);
  return variants(dict, entry?.word ?? word, entry);
}
