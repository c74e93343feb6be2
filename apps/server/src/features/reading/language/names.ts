// People's names (docs/reading.md "Word levels"): compromise's lexicon of first names and surnames, so that a
// sentence-initial `Tom` or `Jane` is read as a name although the dictionary holds `tom` and `jane` as rare common
// words.
import nlp from 'compromise';

const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person']);

let lexicon: Record<string, string | string[]> | undefined;

const tagsOf = (word: string): string[] => {
  lexicon ??= (nlp.world() as { model: { one: { lexicon: Record<string, string | string[]> } } }).model.one.lexicon;
  const tags = lexicon[word] ?? [];
  return Array.isArray(tags) ? tags : [tags];
};

/** True for a (lower-case) word compromise's lexicon knows as a person's first name or surname. */
export const isPersonName = (word: string): boolean => tagsOf(word).some((t) => NAME_TAGS.has(t));

/** True for a (lower-case) word compromise's lexicon knows as a first name (`tom`, `jane`), not only a surname. */
export const isFirstName = (word: string): boolean =>
  tagsOf(word).some((t) => t === 'FirstName' || t === 'MaleName' || t === 'FemaleName');

/** 'male' or 'female' for a first name compromise's lexicon genders, else null. */
export function personGender(word: string): 'male' | 'female' | null {
  const tags = tagsOf(word);
  return tags.includes('MaleName') ? 'male' : tags.includes('FemaleName') ? 'female' : null;
}
