// The supporting sentence of a teacher's own choice or true/false question (docs/reading.md "Answering steps",
// "Supporting sentence"): the article sentence whose content words best cover the question and its key. Pure;
// measured on ExpMRC's RACE+ evidence by bench/scenarios/reading.ts.
import { examDictionary, type DictEntry } from '../reading/language/index.js';
import { sentenceWords } from '../reading/language/text.js';

/** What the picker reads of a sub-question: its English question text and options, and which are the key. */
export interface EvidenceQuery {
  question: string;
  options: readonly { key: string; content: string }[];
  answer: readonly string[];
}

/** Function words and question words: they say nothing about which sentence supports an answer. */
const STOP = new Set(
  (
    'a an the and or but nor so yet for of to in on at by with from into onto over under about above below after ' +
    'before between through during without within against among than then as if because while when where which who ' +
    'whom whose what why how that this these those there here it its he him his she her hers they them their theirs ' +
    'we us our ours you your yours i me my mine be is are was were been being am do does did done doing have has had ' +
    'having will would shall should can could may might must not no yes very too also just only all any some each ' +
    'every both either neither one ones other another such same own more most much many few less least up down out ' +
    'off again further once ever never always often get got make made let say said tell told according passage ' +
    'text article writer author following true false best title mainly main probably paragraph underline underlined ' +
    'word words mean means meaning infer inferred learn know conclude suggest suggests question questions statement ' +
    'answer sb sth thing things way lot s t'
  ).split(' '),
);

/** Weights found on ExpMRC RACE+ dev passages whose id begins with 0 (docs/reading.md "Supporting sentence"). */
export const PICKER_WEIGHTS = {
  question: 1,
  key: 2.5,
  neighbour: 0.15,
  phrase: 1,
  lengthPower: 0.25,
};

const lemmaCache = new Map<string, string>();

/** A word's lemma (the dictionary's entry), else the word itself. */
export function lemmaOf(key: string): string {
  let lemma = lemmaCache.get(key);
  if (lemma === undefined) {
    const entry: DictEntry | undefined = examDictionary().lookup(key);
    lemma = entry?.word ?? key;
    if (lemmaCache.size < 50_000) lemmaCache.set(key, lemma);
  }
  return lemma;
}

/** The content-word lemmas of a text, in order (function words, numbers and single letters left out). */
export function contentLemmas(text: string): string[] {
  const out: string[] = [];
  for (const w of sentenceWords(text)) {
    if (w.key.length < 2 || STOP.has(w.key)) continue;
    const lemma = lemmaOf(w.key);
    if (!STOP.has(lemma)) out.push(lemma);
  }
  return out;
}

/** Quoted phrases of the question ("the underlined words “has decreased”"): a sentence holding one is the place. */
function quotedPhrases(question: string): string[] {
  return [...question.matchAll(/["“‘']([^"”’']{2,80})["”’']/g)]
    .map((m) => m[1].toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((p) => /[a-z]/.test(p));
}

/**
 * The index of the sentence that best supports the key: each sentence scores the IDF weights (over the article's
 * sentences) of the content lemmas it shares with the question and (2.5 times) with the key options, divided by its
 * number of content words to the power 0.25; a neighbour's score adds 15 %; a sentence holding a quoted phrase of
 * the question scores more. The wrong options are not read (weighing them against a sentence did not help). -1
 * when nothing is shared.
 */
export function pickEvidence(sentences: readonly string[], query: EvidenceQuery, weights = PICKER_WEIGHTS): number {
  const n = sentences.length;
  if (n === 0) return -1;
  const bags = sentences.map((s) => new Set(contentLemmas(s)));
  const df = new Map<string, number>();
  for (const bag of bags) for (const w of bag) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => {
    const d = df.get(w);
    return d ? Math.log(1 + n / d) : 0;
  };
  const keys = new Set(query.answer);
  const question = new Set(contentLemmas(query.question));
  const key = new Set(query.options.filter((o) => keys.has(o.key)).flatMap((o) => contentLemmas(o.content)));
  const phrases = quotedPhrases(query.question);
  const own = bags.map((bag, i) => {
    let score = 0;
    for (const w of bag) {
      const weight = idf(w);
      if (question.has(w)) score += weights.question * weight;
      if (key.has(w)) score += weights.key * weight;
    }
    const lower = sentences[i].toLowerCase().replace(/\s+/g, ' ');
    if (phrases.some((p) => lower.includes(p))) score += weights.phrase * Math.log(1 + n);
    return score / Math.max(1, bag.size) ** weights.lengthPower;
  });
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i < n; i++) {
    const around = (i > 0 ? own[i - 1] : 0) + (i + 1 < n ? own[i + 1] : 0);
    const score = own[i] + weights.neighbour * around;
    if (own[i] > 0 && score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}
