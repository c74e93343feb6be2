// Controlled edits that turn an article sentence into a false statement (docs/reading.md "Offline generation"):
// a negation inserted or removed, a number changed, or two names swapped. Each edit is recorded so the
// explanation (and the tests) can state exactly what changed.
import type { AnalysedSentence } from '../article-analysis.js';
import type { Random } from './random.js';

export type EditKind = 'negation' | 'number' | 'swap';

export interface StatementEdit {
  kind: EditKind;
  statement: string;
  /** What the article says and what the statement says instead. */
  from: string;
  to: string;
}

const NEGATED_RE =
  /\b(is|are|was|were|do|does|did|has|have|had|could|would|should|must|need)n['’]t\b|\b(can)not\b|\b(is|are|was|were|do|does|did|has|have|had|could|would|should|must|will|may|might) not\b/i;
/**
 * An auxiliary a `not` can follow: a whole word (not `can` of `can't`), followed by a lower-case word that is not a
 * subject (`have you heard`, `should he meet` are questions), `to` (`was to get out`) or already negative.
 */
const AUX_RE =
  /\b(is|are|was|were|can|could|will|would|should|must|has|have|had|may|might)\b(?!['’])(?=\s+[a-z])(?!\s+(?:not|never|seldom|hardly|scarcely|rarely|no|nothing|nobody|none|to|you|he|she|it|we|they|i|there|this|that)\b)/;

/** Removes the first negation (`was not` → `was`, `didn't` → `did`, `cannot` → `can`) or inserts one after the first auxiliary. */
export function negationEdit(sentence: string): StatementEdit | null {
  const neg = NEGATED_RE.exec(sentence);
  if (neg) {
    const replacement = neg[1] ?? neg[2] ?? neg[3];
    if (!replacement) return null;
    const statement = sentence.slice(0, neg.index) + replacement + sentence.slice(neg.index + neg[0].length);
    return { kind: 'negation', statement, from: neg[0], to: replacement };
  }
  const aux = AUX_RE.exec(sentence);
  if (!aux) return null;
  const word = aux[0];
  const to = word.toLowerCase() === 'can' ? `${word}not` : `${word} not`;
  const statement = sentence.slice(0, aux.index) + to + sentence.slice(aux.index + word.length);
  return { kind: 'negation', statement, from: word, to };
}

const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Changes the first number (digits, or a number word from two to twelve) to another one. */
export function numberEdit(sentence: string, random: Random): StatementEdit | null {
  const digits = /(?<![\d.,])\d{1,6}(?![\d.,]\d)/.exec(sentence);
  if (digits) {
    const n = Number(digits[0]);
    const to = String(n + 1 + random.int(Math.max(3, Math.ceil(n / 4))));
    const statement = sentence.slice(0, digits.index) + to + sentence.slice(digits.index + digits[0].length);
    return { kind: 'number', statement, from: digits[0], to };
  }
  const word = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'i').exec(sentence);
  if (!word) return null;
  const others = NUMBER_WORDS.filter((w) => w !== word[0].toLowerCase());
  let to = random.pick(others);
  if (/^[A-Z]/.test(word[0])) to = to[0].toUpperCase() + to.slice(1);
  const statement = sentence.slice(0, word.index) + to + sentence.slice(word.index + word[0].length);
  return { kind: 'number', statement, from: word[0], to };
}

/** Swaps the first two different names of the sentence (single-word proper nouns). */
export function swapEdit(sentence: AnalysedSentence): StatementEdit | null {
  const t = sentence.text;
  // Whole words only: `Shepherd` of `Shepherd-boy` or `Scrooge` of `Scrooge's` is not a name to move.
  const whole = (w: { start: number; text: string }) =>
    !/[\p{L}\p{N}'’-]/u.test(t[w.start - 1] ?? ' ') && !/[\p{L}\p{N}'’-]/u.test(t[w.start + w.text.length] ?? ' ');
  // Names the dictionary does not know: `Creator` and `Rights` of the Declaration are capitalised common nouns.
  const names = sentence.words.filter((w) => w.proper && !w.entry && /^[A-Z][a-z]+$/.test(w.text) && whole(w));
  const first = names.at(0);
  if (!first) return null;
  // Two names, not two halves of one (`Happy Prince`): some common word stands between them.
  const second = names.find(
    (w) =>
      w.text !== first?.text && sentence.words.some((x) => !x.proper && x.start > first.start && x.start < w.start),
  );
  if (!second) return null;
  const statement =
    t.slice(0, first.start) +
    second.text +
    t.slice(first.start + first.text.length, second.start) +
    first.text +
    t.slice(second.start + second.text.length);
  return { kind: 'swap', statement, from: `${first.text} … ${second.text}`, to: `${second.text} … ${first.text}` };
}

/** One false statement made from the sentence, trying the edits in a seeded order. */
export function falseStatement(sentence: AnalysedSentence, random: Random): StatementEdit | null {
  const order = random.shuffle<EditKind>(['negation', 'number', 'swap']);
  for (const kind of order) {
    const edit =
      kind === 'negation'
        ? negationEdit(sentence.text)
        : kind === 'number'
          ? numberEdit(sentence.text, random)
          : swapEdit(sentence);
    if (edit && edit.statement !== sentence.text) return edit;
  }
  return null;
}
