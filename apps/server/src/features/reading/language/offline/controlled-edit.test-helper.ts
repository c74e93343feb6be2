// An independent check of a false statement (docs/reading.md "False statements"): the one controlled edit that
// turns an article sentence into it, found by a word diff, or null when it is none of them (or more than one).
import { examDictionary } from '../dictionary.js';
import { isFirstName } from '../names.js';
import { ANTONYMS } from './antonyms.js';

export type ControlledEdit = 'negation' | 'antonym' | 'number' | 'person';

const NUMBER_OR_TIME =
  /^(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|winter|morning|afternoon|evening)$/i;
const NEGATION_WORDS = new Set(['not', "n't", 'cannot', 'do', 'does', 'did']);

const tokens = (s: string) =>
  s.split(/(\s+|[,.;:!?"“”()—–$%％，：；-]|n['’]t\b)/).filter((t) => t !== undefined && t.trim() !== '');
const lemma = (w: string) => examDictionary().lookup(w.toLowerCase())?.word ?? w.toLowerCase();

export function controlledEdit(source: string, statement: string): ControlledEdit | null {
  if (source === statement) return null;
  const a = tokens(source);
  const b = tokens(statement);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const da = a.slice(start, endA);
  const db = b.slice(start, endB);
  // A swap of two names: the rest of the sentence between them unchanged.
  if (da.length >= 2 && da.length === db.length && da[0] === db.at(-1) && db[0] === da.at(-1)) {
    const middle = da.slice(1, -1).join(' ') === db.slice(1, -1).join(' ');
    if (middle && /^[A-Z][a-z]+$/.test(da[0]) && /^[A-Z][a-z]+$/.test(db[0])) return 'person';
  }
  // `a` ↔ `an` before the changed word goes with it.
  const article = (x: string[]) => (x.length === 2 && /^an?$/i.test(x[0]) ? x.slice(1) : x);
  const [x, y] = [article(da), article(db)];
  // An antonym of two words (`everyone` → `no one`).
  const opposite2 = ANTONYMS.get(x.join(' ').toLowerCase());
  if (opposite2?.to === y.join(' ').toLowerCase()) return opposite2.quantityOrTime ? 'number' : 'antonym';
  if (x.length === 1 && y.length === 1) {
    const [from, to] = [x[0], y[0]];
    if (NUMBER_OR_TIME.test(from) && NUMBER_OR_TIME.test(to)) return 'number';
    const opposite = ANTONYMS.get(from.toLowerCase());
    if (opposite?.to === to.toLowerCase()) return opposite.quantityOrTime ? 'number' : 'antonym';
    const name = (w: string) =>
      /^[A-Z][a-z]+$/.test(w) && (isFirstName(w.toLowerCase()) || !examDictionary().entry(w.toLowerCase()));
    if (name(from) && name(to)) return 'person';
    if (/^can$/i.test(from) && /^cannot$/i.test(to)) return 'negation';
    if (/^cannot$/i.test(from) && /^can$/i.test(to)) return 'negation';
  }
  // A negation in or out: only `not`/`n't`/`cannot` and do-support differ, and the verb stays the same verb.
  const rest = (t: string[]) => t.filter((w) => !NEGATION_WORDS.has(w.toLowerCase()));
  const negA = da.filter((w) => /^(not|n't|cannot)$/i.test(w)).length;
  const negB = db.filter((w) => /^(not|n't|cannot)$/i.test(w)).length;
  if (Math.abs(negA - negB) === 1) {
    const ra = rest(da).map(lemma);
    const rb = rest(db).map(lemma);
    if (ra.join(' ') === rb.join(' ')) return 'negation';
  }
  return null;
}
