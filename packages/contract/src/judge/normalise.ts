// How submitted and standard answers are normalised before they are compared (docs/judging.md).
import { splitAlternatives } from '../schemas/question-rules.js';

/** Separators allowed between option letters inside one entry: `'A,B'`, `'A、B'`, `'A B'`, `'AB'`. */
const CHOICE_SEPARATORS = /[\s,;，；、/|]+/gu;

/**
 * Option letters of a choice answer as a sorted set: NFKC (full-width `Ａ` → `A`), upper case, each entry split
 * into its characters with separators and whitespace dropped, duplicates removed. Anything that is not a letter
 * stays as a token of its own, so it can never match an option.
 */
export function choiceLetters(entries: readonly string[]): string[] {
  const letters = new Set<string>();
  for (const entry of entries) {
    const cleaned = entry.normalize('NFKC').toUpperCase().replace(CHOICE_SEPARATORS, '');
    for (const ch of cleaned) letters.add(ch);
  }
  return [...letters].sort();
}

/** Accepted spellings of true and false, compared after NFKC, trimming and lower-casing. */
const TRUE_WORDS = ['t', 'true', '对', '正确', '√', '✓', '✔'];
const FALSE_WORDS = ['f', 'false', '错', '错误', '×', '✗', '✘', '✕'];

/** `'T'` or `'F'` for a recognised spelling, otherwise the trimmed entry itself (which never matches). */
export function trueFalseValue(entry: string): string {
  const word = entry.normalize('NFKC').trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return 'T';
  if (FALSE_WORDS.includes(word)) return 'F';
  return entry.trim();
}

/** The distinct true/false values of a submission (duplicates ignored, blanks dropped). */
export function trueFalseValues(entries: readonly string[]): string[] {
  const values = new Set<string>();
  for (const entry of entries) if (entry.trim() !== '') values.add(trueFalseValue(entry));
  return [...values].sort();
}

/**
 * A blank's text as judging compares it: NFKC (full-width letters, digits, punctuation and spaces become
 * half-width), lower case, NFKC again (lower-casing can leave a non-normalised form), whitespace runs as one
 * space, trimmed. Idempotent.
 */
export function normaliseBlank(value: string): string {
  return value.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** True when the submitted text matches one of the blank's alternatives. An empty text matches nothing. */
export function blankMatches(standard: string, submitted: string | undefined): boolean {
  const given = normaliseBlank(submitted ?? '');
  if (given === '') return false;
  return splitAlternatives(standard).some((alternative) => {
    const accepted = normaliseBlank(alternative);
    return accepted !== '' && accepted === given;
  });
}
