// Controlled edits that turn an article sentence into a false statement (docs/reading.md "False statements"): a
// negation inserted or removed with the auxiliary English asks for (`had a class` → `did not have a class`), a word
// replaced by its antonym, a number or a time changed, or a person swapped for another of the article. Each edit is
// recorded so the explanation (and the tests) can state exactly what changed; an edit that could leave the sentence
// ungrammatical is not made.
import type { AnalysedSentence, AnalysedWord } from '../article-analysis.js';
import { isFirstName, personGender } from '../names.js';
import type { Random } from './random.js';
import { ANTONYMS, FIXED_PHRASES } from './antonyms.js';
import { conjugate, infinitiveOf, tagSentence, type TaggedTerm } from './tagging.js';

/** `number` covers numbers, times and opposites of quantity or time; `antonym` the other opposites. */
export type EditKind = 'negation' | 'antonym' | 'number' | 'person';
export const EDIT_KINDS: readonly EditKind[] = ['negation', 'antonym', 'number', 'person'];

export interface StatementEdit {
  kind: EditKind;
  statement: string;
  /** What the article says and what the statement says instead. */
  from: string;
  to: string;
}

const replaceAt = (text: string, start: number, length: number, to: string) =>
  text.slice(0, start) + to + text.slice(start + length);

const sameCase = (model: string, word: string) => (/^[A-Z]/.test(model) ? word[0].toUpperCase() + word.slice(1) : word);

/** `a` or `an` before the word put at `at` as its sound asks (`an early train` → `a late train`, `an 8-year-old`). */
function withArticle(statement: string, at: number, word: string): string {
  const article = /\b(a|an|A|An)\s+$/.exec(statement.slice(0, at));
  if (!article) return statement;
  const wanted = /^([aeiou]|8|11(?!\d)|18(?!\d))/i.test(word) ? 'an' : 'a';
  if (article[1].toLowerCase() === wanted) return statement;
  return replaceAt(statement, article.index, article[1].length, sameCase(article[1], wanted));
}

/** Words that make a sentence negative already. */
const NEGATIVE_RE =
  /\b(not|never|no|nothing|nobody|none|neither|nor|hardly|scarcely|seldom|barely|without|cannot)\b|n['’]t\b/gi;
/** Words that need a negation (`at all`, `any`, `yet`) or change with it (`only`, `until`): no negation edit. */
const NEGATION_SENSITIVE_RE =
  /\b(any|anything|anyone|anybody|anywhere|anymore|at all|either|yet|ever|until|till|only|also|even|just|still|already|much|but)\b/i;
/** A word opening a subordinate or relative clause: the main verb must come before it. */
const SUBORDINATORS = new Set(
  'when if as because although though while after before since until unless whether once where who whom whose which that what how why whenever wherever so'.split(
    ' ',
  ),
);
const BE = new Set(['is', 'are', 'was', 'were', 'am']);
const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'must', 'may', 'might']);
const HAVE = new Set(['has', 'have', 'had']);
/** Past participles compromise may read as adjectives (`have done`). */
const PARTICIPLES = new Set(
  'done gone been seen made had got gotten given taken written known shown grown eaten found left lost met read said told thought brought bought taught caught felt heard kept built sent spent won become come run begun drunk sung swum broken chosen spoken stolen forgotten fallen driven ridden risen worn torn hidden flown thrown blown drawn understood stood sat slept held paid put cut hit hurt let set shut'.split(
    ' ',
  ),
);
const isParticiple = (t: TaggedTerm) =>
  t.tags.has('Participle') || t.tags.has('PastTense') || PARTICIPLES.has(lower(t)) || /[a-z]ed$/.test(lower(t));

/** Adverbs a `do not` may stand before (`do not usually have`). */
const PRE_VERB_ADVERBS = new Set(['usually', 'often', 'always', 'really', 'normally', 'generally']);

const lower = (t: TaggedTerm) => t.text.toLowerCase();
const isFiniteVerb = (t: TaggedTerm | undefined) =>
  !!t &&
  t.tags.has('Verb') &&
  (t.tags.has('PastTense') || t.tags.has('PresentTense')) &&
  !t.tags.has('Gerund') &&
  !t.tags.has('Participle');

/** Inserts a negation into the main clause: `not` after its auxiliary, or do-support before its verb. */
export function insertNegation(text: string): StatementEdit | null {
  if ((text.match(NEGATIVE_RE) ?? []).length > 0 || NEGATION_SENSITIVE_RE.test(text) || /['’]/.test(text)) return null;
  // `There is not some advice`, `the closer …, the closer they are not`: no longer English.
  if (/\b(something|someone|somebody|somewhere)\b/i.test(text) || /^the \w+er\b[^,]*, the \w+er\b/i.test(text))
    return null;
  const terms = tagSentence(text);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const w = lower(t);
    if (SUBORDINATORS.has(w)) return null;
    if (!t.tags.has('Verb') || t.tags.has('Gerund')) continue;
    const prev = terms[i - 1];
    if (prev && lower(prev) === 'to') continue; // an infinitive
    if (i === 0) return null; // an imperative or a verb-first sentence
    const next = terms[i + 1];
    // A past participle after a noun (`the teaching created by the charity`) is not the main verb.
    if (next && lower(next) === 'by' && !BE.has(w)) continue;
    const auxiliary = BE.has(w) || MODALS.has(w) || (HAVE.has(w) && terms.slice(i + 1, i + 3).some(isParticiple));
    if (auxiliary) {
      if (next && next.tags.has('Adverb') && !['always', 'really', 'very', 'quite', 'too', 'so'].includes(lower(next)))
        return null;
      if (/\bsome\b/i.test(text.slice(t.start))) return null; // `is not some advice`
      const to = w === 'can' ? `${t.text}not` : `${t.text} not`;
      return { kind: 'negation', statement: replaceAt(text, t.start, t.text.length, to), from: t.text, to };
    }
    if (!isFiniteVerb(t)) return null;
    // `We squatted down and looked for beans`: `did not squat … and looked` would not be English; in `Exercise like
    // bicycling has been shown` the tagger's verb `like` is not the clause's verb (`has` follows it).
    for (let j = i + 1; j < terms.length - 1; j++)
      if (['and', 'or', 'but'].includes(lower(terms[j])) && isFiniteVerb(terms[j + 1])) return null;
    for (let j = i + 1; j < terms.length; j++) {
      const x = terms[j];
      if (SUBORDINATORS.has(lower(x))) break;
      const prevWord = lower(terms[j - 1]);
      if (prevWord !== 'to' && (x.tags.has('Auxiliary') || (isFiniteVerb(x) && !x.tags.has('Infinitive')))) return null;
    }
    let insertAt = t.start;
    let k = i - 1;
    while (k >= 0 && terms[k].tags.has('Adverb')) {
      if (!PRE_VERB_ADVERBS.has(lower(terms[k]))) return null;
      insertAt = terms[k].start;
      k--;
    }
    // Its subject stands before it (`Now planes make`: the tagger's verb `planes` has none).
    if (k < 0 || !(terms[k].tags.has('Noun') || terms[k].tags.has('Pronoun'))) return null;
    if (/\bsome\b/i.test(text.slice(t.start))) return null;
    const infinitive = infinitiveOf(t.text);
    const auxWord = t.tags.has('PastTense') ? 'did' : w !== infinitive && w.endsWith('s') ? 'does' : 'do';
    const from = text.slice(insertAt, t.start + t.text.length);
    const to = `${auxWord} not ${text.slice(insertAt, t.start)}${infinitive}`;
    return { kind: 'negation', statement: replaceAt(text, insertAt, from.length, to), from, to };
  }
  return null;
}

const NEGATION_AT_RE =
  /\b(is|are|was|were|am|do|does|did|has|have|had|could|would|should|must|might|need|can|will|may|shall)\s+not\b|\b(is|are|was|were|do|does|did|has|have|had|could|would|should|must|might|need)n['’]t\b|\b(can)not\b|\b(ca|wo|sha)n['’]t\b/i;
const IRREGULAR_NOT: Record<string, string> = { ca: 'can', wo: 'will', sha: 'shall' };

/** Removes the sentence's one negation: `was not` → `was`, `didn't go` → `went`, `cannot` → `can`. */
export function removeNegation(text: string): StatementEdit | null {
  if ((text.match(NEGATIVE_RE) ?? []).length !== 1) return null;
  const m = NEGATION_AT_RE.exec(text);
  if (!m || m.index === 0) return null; // `Don't …` is an imperative
  const after = text.slice(m.index + m[0].length);
  if (NEGATION_SENSITIVE_RE.test(after)) return null;
  const auxRaw = m[1] ?? m[2] ?? m[3] ?? m[4];
  const aux = IRREGULAR_NOT[auxRaw.toLowerCase()] ?? auxRaw;
  // `couldn't help …`, `can't wait …` mean something else without their negation.
  if (/^(can|could)$/i.test(aux) && /^\s+(help|wait)\b/i.test(after)) return null;
  const keep = sameCase(auxRaw, aux);
  if (!['do', 'does', 'did'].includes(aux.toLowerCase()))
    return { kind: 'negation', statement: replaceAt(text, m.index, m[0].length, keep), from: m[0], to: keep };
  // do-support goes with the negation: the verb takes the tense (`didn't go` → `went`).
  const verb = /^\s+([a-z]+)\b/.exec(after);
  if (!verb) return null;
  const term = tagSentence(text).find((x) => x.start === m.index + m[0].length + verb[0].length - verb[1].length);
  if (!term?.tags.has('Verb')) return null;
  const forms = conjugate(verb[1]);
  const to =
    aux.toLowerCase() === 'did' ? forms.PastTense : aux.toLowerCase() === 'does' ? forms.PresentTense : verb[1];
  if (!to) return null;
  const from = text.slice(m.index, m.index + m[0].length + verb[0].length);
  return { kind: 'negation', statement: replaceAt(text, m.index, from.length, to), from, to };
}

/** Inserts or removes a negation, as the sentence allows. */
export const negationEdit = (text: string): StatementEdit | null => removeNegation(text) ?? insertNegation(text);

/**
 * Replaces one word by its antonym in the same use (`dangerous` → `safe` as an adjective). With `quantityOrTime`,
 * only an opposite of quantity, frequency or time (`many` → `few`, `early` → `late`), a `number` edit.
 */
export function antonymEdit(sentence: AnalysedSentence, random: Random, quantityOrTime = false): StatementEdit | null {
  const text = sentence.text;
  const negative = (text.match(NEGATIVE_RE) ?? []).length > 0 || /\bsome(thing|one|body|where)?\b/i.test(text);
  const candidates: { word: AnalysedWord; to: string }[] = [];
  for (const word of sentence.words) {
    const entry = ANTONYMS.get(word.text.toLowerCase());
    if (!entry || word.proper || entry.quantityOrTime !== quantityOrTime) continue;
    // A negative word into a sentence that is negative already (`cannot never`, `isn't … for no one`).
    if (negative && /^(nothing|nobody|no one|never|few|seldom)$/.test(entry.to)) continue;
    const terms = tagSentence(text);
    const at = terms.findIndex((t) => t.start <= word.start && word.start < t.start + t.text.length);
    const term = terms[at];
    if (!term || !entry.tags.some((tag) => term.tags.has(tag))) continue;
    const prevTerm = terms[at - 1];
    const nextTerm = terms[at + 1];
    const before = text.slice(0, word.start).trimEnd().toLowerCase();
    const after = text.slice(word.start + word.text.length).toLowerCase();
    const next = /^\s+([a-z]+)/.exec(after)?.[1] ?? '';
    const prevWord = /([a-z]+)$/.exec(before)?.[1] ?? '';
    // Part of a hyphenated word (`strong-smelling`).
    if (/-$/.test(text.slice(0, word.start)) || /^-/.test(after)) continue;
    // `before` and `after` followed by what they place in time, not ending a clause (`… a friend before,`).
    if (/^(before|after)$/.test(word.key) && !/^\s+[a-z0-9]/i.test(after)) continue;
    // An adjective with its preposition (`safe from`, `interested in`) may not take the antonym's.
    if (term.tags.has('Adjective') && /^(from|of|in|with|to|about|on)$/.test(next) && !/^(good|bad)$/.test(word.key))
      continue;
    if (word.key === 'dead' && nextTerm?.tags.has('Noun')) continue; // `alive` is never before its noun
    if (/^(many|few)$/.test(word.key) && prevTerm?.tags.has('Preposition')) continue; // `for many years`
    // A verb after its subject, an auxiliary or `to` (`pretty like you` is a preposition the tagger missed).
    const verbForm = entry.tags.some((tag) => ['Infinitive', 'PresentTense', 'PastTense'].includes(tag));
    if (
      verbForm &&
      !(
        prevTerm &&
        (['Noun', 'Pronoun', 'Auxiliary', 'Modal', 'Adverb'].some((tg) => prevTerm.tags.has(tg)) ||
          /^(to|not)$/.test(lower(prevTerm)))
      )
    )
      continue;
    if (FIXED_PHRASES.has(`${prevWord} ${word.key}`)) continue;
    // Fixed phrases: `more and more`, `at first`, `as long as`, `in common`, `a few`, `long ago`, `high school`;
    // a verb before `to` (`refused to go`) changes its construction with its meaning.
    if (/\b(at|all|and|as|in)$/.test(before) || /^\s+(and|than ever|of all|ago|as)\b/.test(after)) continue;
    if (/^(few|little)$/.test(word.key) && /\ba$/.test(before)) continue;
    if (/\bwhat['’]s$|\bwhat is$/.test(before)) continue; // `What's more, …`
    if (
      /^(long|short)(er)?$/i.test(word.text) &&
      (/\b(too|so|how|for)$/.test(before) || /^(after|before|enough)$/.test(next))
    )
      continue;
    if (FIXED_PHRASES.has(`${word.text.toLowerCase()} ${next}`) || (term.tags.has('Verb') && next === 'to')) continue;
    candidates.push({ word, to: sameCase(word.text, entry.to) });
  }
  if (candidates.length === 0) return null;
  const { word, to } = random.pick(candidates);
  const statement = withArticle(replaceAt(text, word.start, word.text.length, to), word.start, to);
  return { kind: quantityOrTime ? 'number' : 'antonym', statement, from: word.text, to };
}

const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const TIME_GROUPS = [
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['January', 'February', 'March', 'April', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ['spring', 'summer', 'autumn', 'winter'],
  ['morning', 'afternoon', 'evening'],
];

/**
 * Changes the first number (digits, or a number word from two to twelve) or time (day, month, season, part of day);
 * else a word of quantity, frequency or time to its opposite (`many` → `few`, `always` → `never`).
 */
export function numberEdit(sentence: AnalysedSentence, random: Random): StatementEdit | null {
  return numberOrTimeEdit(sentence.text, random) ?? antonymEdit(sentence, random, true);
}

function numberOrTimeEdit(sentence: string, random: Random): StatementEdit | null {
  // A whole number: not part of `10,000`, `3.5`, `9:00`, an ordinal (`30th`), a label (`Room3`) or a range
  // (`500～1,000`, `3-5`).
  const digits = /(?<![\d.,:A-Za-z~～–-])(?<![~～–-]\s)\d{1,6}(?!\d|[.,:]\d|[A-Za-z]|\s?[~～–-]\s?\d)/.exec(sentence);
  if (digits) {
    const n = Number(digits[0]);
    // A year moves by a few years and stays in the past; another number grows by a quarter or so.
    const year = digits[0].length === 4 && n >= 1000 && n <= 2099;
    // A day of the month (`September 28`) stays a day every month has.
    const day =
      n >= 1 &&
      n <= 31 &&
      /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+$/.test(
        sentence.slice(0, digits.index),
      );
    // A percentage stays one (never `106％ of them`: bench:reading-generation).
    const percent = /^\s?(%|％|percent\b|per cent\b)/.test(sentence.slice(digits.index + digits[0].length));
    const step = 1 + random.int(year ? 9 : Math.max(3, Math.ceil(n / 4)));
    const to = String(
      day
        ? ((n - 1 + step) % 28) + 1
        : (year && n + step > 2025) || (percent && n + step > 100)
          ? Math.max(0, n - step)
          : n + step,
    );
    if (to === digits[0]) return null;
    const statement = withArticle(replaceAt(sentence, digits.index, digits[0].length, to), digits.index, to);
    return { kind: 'number', statement, from: digits[0], to };
  }
  const word = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b(?!-)`, 'i').exec(sentence);
  if (word && !/-$/.test(sentence.slice(0, word.index))) {
    const to = sameCase(word[0], random.pick(NUMBER_WORDS.filter((w) => w !== word[0].toLowerCase())));
    const statement = withArticle(replaceAt(sentence, word.index, word[0].length, to), word.index, to);
    return { kind: 'number', statement, from: word[0], to };
  }
  for (const group of TIME_GROUPS) {
    const m = new RegExp(`\\b(${group.join('|')})\\b`, group[0] === 'Monday' || group[0] === 'January' ? '' : 'i').exec(
      sentence,
    );
    if (!m) continue;
    // A date or a time, not a person called April or June.
    const term = tagSentence(sentence).find((t) => t.start === m.index);
    if (!term || term.tags.has('Person') || !(term.tags.has('Date') || term.tags.has('Noun'))) continue;
    if (/\b(called|named)\s+$/i.test(sentence.slice(0, m.index))) continue;
    const to = sameCase(m[0], random.pick(group.filter((w) => w.toLowerCase() !== m[0].toLowerCase())));
    return { kind: 'number', statement: replaceAt(sentence, m.index, m[0].length, to), from: m[0], to };
  }
  return null;
}

/** Whole words only: `Shepherd` of `Shepherd-boy` or `Scrooge` of `Scrooge's` is not a name to move. */
const wholeWord = (t: string, w: { start: number; text: string }) =>
  !/[\p{L}\p{N}'’-]/u.test(t[w.start - 1] ?? ' ') && !/[\p{L}\p{N}'’-]/u.test(t[w.start + w.text.length] ?? ' ');

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'sir', 'madam', 'president', 'professor', 'uncle', 'aunt']);

/**
 * Swaps the first two different first names of the sentence (`Joanna … Robert`), or puts another person of the
 * article (`people`, of the same gender when known) in the place of the sentence's one. Only first names standing
 * alone: not part of a longer name (`Harry Steenbock`, `Mr. Ashton`), not a place or a thing capitalised.
 */
export function personEdit(
  sentence: AnalysedSentence,
  people: readonly string[],
  random: Random,
): StatementEdit | null {
  const t = sentence.text;
  const words = sentence.words;
  const names = words.filter((w, i) => {
    if (!w.proper || !isFirstName(w.key) || !/^[A-Z][a-z]+$/.test(w.text) || !wholeWord(t, w)) return false;
    const prev = words[i - 1];
    const next = words[i + 1];
    const adjacent = (x: AnalysedWord | undefined) =>
      x &&
      (x.start === w.start + w.text.length + 1 ||
        x.start + x.text.length + 1 === w.start ||
        x.start + x.text.length + 2 === w.start);
    if (prev && TITLES.has(prev.key) && adjacent(prev)) return false;
    return !((prev?.proper && adjacent(prev)) || (next?.proper && adjacent(next)));
  });
  const first = names.at(0);
  if (!first) return null;
  const second = names.find((w) => w.text !== first.text);
  if (second) {
    const statement =
      t.slice(0, first.start) +
      second.text +
      t.slice(first.start + first.text.length, second.start) +
      first.text +
      t.slice(second.start + second.text.length);
    return { kind: 'person', statement, from: `${first.text} … ${second.text}`, to: `${second.text} … ${first.text}` };
  }
  const gender = personGender(first.key);
  const others = people.filter((p) => {
    const g = personGender(p.toLowerCase());
    return !words.some((w) => w.text === p) && (!gender || !g || g === gender);
  });
  if (others.length === 0) return null;
  const to = random.pick(others);
  return { kind: 'person', statement: replaceAt(t, first.start, first.text.length, to), from: first.text, to };
}

/** The edit of a kind this sentence allows, if any. */
export function statementEdit(
  kind: EditKind,
  sentence: AnalysedSentence,
  people: readonly string[],
  random: Random,
): StatementEdit | null {
  const edit =
    kind === 'negation'
      ? negationEdit(sentence.text)
      : kind === 'antonym'
        ? antonymEdit(sentence, random)
        : kind === 'number'
          ? numberEdit(sentence, random)
          : personEdit(sentence, people, random);
  return edit && edit.statement !== sentence.text ? edit : null;
}
