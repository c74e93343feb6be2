// Part-of-speech tags of one sentence, by compromise's tagger (docs/reading.md "Offline generation"): what a word
// is in its context (`report` a verb in "It reported", `light` an adjective in "a light box"), for the choice items'
// keys and distractors and for the false statements' edits. One sentence at a time, cached: the generator tags only
// the sentences it considers.
import nlp from 'compromise';

export interface TaggedTerm {
  text: string;
  /** Offset in the sentence. */
  start: number;
  tags: ReadonlySet<string>;
}

interface JsonTerm {
  text: string;
  tags?: string[];
  offset?: { start: number };
}

const cache = new Map<string, TaggedTerm[]>();

/** The terms of a sentence with their tags (compromise's: `Noun`, `Verb`, `PastTense`, `Adjective`, `Copula`…). */
export function tagSentence(sentence: string): TaggedTerm[] {
  const hit = cache.get(sentence);
  if (hit) return hit;
  const terms: TaggedTerm[] = [];
  for (const s of nlp(sentence).json({ offset: true }) as { terms: JsonTerm[] }[])
    for (const t of s.terms)
      if (t.text !== '' && t.offset) terms.push({ text: t.text, start: t.offset.start, tags: new Set(t.tags ?? []) });
  if (cache.size > 2000) cache.clear();
  cache.set(sentence, terms);
  return terms;
}

/** The dictionary part of speech (`n`, `v`, `adj`, `adv`) compromise gives the word at `start`, or '' if none. */
export function contextPos(sentence: string, start: number): string {
  const term = tagSentence(sentence).find((t) => t.start <= start && start < t.start + t.text.length);
  if (!term) return '';
  const tags = term.tags;
  if (tags.has('ProperNoun')) return '';
  if (tags.has('Verb') && !tags.has('Gerund')) return 'v';
  if (tags.has('Adjective')) return 'adj';
  if (tags.has('Adverb')) return 'adv';
  if (tags.has('Noun') && !tags.has('Pronoun')) return 'n';
  return '';
}

/** compromise's conjugation of a verb: infinitive, past tense, third-person present, participle. */
export function conjugate(infinitive: string): Record<string, string> {
  const [forms] = (
    nlp(`they ${infinitive}`).verbs() as unknown as { conjugate(): Record<string, string>[] }
  ).conjugate();
  return forms ?? {};
}

/** compromise's infinitive of a finite verb form (`had` → have, `went` → go, `likes` → like). */
export function infinitiveOf(word: string): string {
  const [v] = nlp(`they ${word.toLowerCase()}`).verbs().json() as { verb?: { infinitive?: string } }[];
  return v?.verb?.infinitive || word.toLowerCase();
}
