// A simple guess at an article's genre from surface cues (docs/reading.md "Providers and generation"), for
// `extra.articleGenre` when the provider names none: a letter's salutation, a dialogue's speaker lines, a story's
// past-tense narration (in the first person as in the third: `I turned 16 on Friday…` is a story, not news), an
// argument's stance markers, news phrases; expository otherwise.

export const ARTICLE_GENRES = ['letter', 'dialogue', 'argumentative', 'narrative', 'news', 'expository'] as const;
export type ArticleGenre = (typeof ARTICLE_GENRES)[number];

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export function guessGenre(text: string): ArticleGenre {
  const t = text.trim();
  const words = Math.max(1, count(t, /[A-Za-z']+/g));
  // `Dear Disney,` opens a letter (an exam's `A` label before it allowed), with or without its closing.
  if (/^\s*(?:[A-E]\s+)?dear\s+[A-Z][\w .]*,/im.test(t.slice(0, 200))) return 'letter';
  if (/^\s*dear\s+[A-Z]/im.test(t) && /(yours (sincerely|truly|faithfully)|best (wishes|regards)|love,)/i.test(t))
    return 'letter';
  if (count(t, /^\s*[A-Z][a-z]+\s*:/gm) >= 3) return 'dialogue';
  const past = count(
    t,
    /\b(was|were|had|said|went|came|saw|told|looked|felt|walked|thought|got|took|made|found|\w+ed)\b/gi,
  );
  const firstPerson = count(t, /\b(I|me|my|we|us|our)\b/g);
  const thirdPerson = count(t, /\b(he|she|his|her|him|they|them|their)\b/gi);
  // A story: told in the past, by someone (`I`, `we`) or about someone (`he`, `she`, `they`).
  if (past / words > 0.05 && (firstPerson / words > 0.04 || thirdPerson / words > 0.04)) return 'narrative';
  const stance = count(
    t,
    /\b(i (believe|think|argue)|in my opinion|should|must|therefore|however|on the other hand|in conclusion|firstly|secondly|admittedly|nevertheless)\b/gi,
  );
  if (stance / words > 0.012) return 'argumentative';
  if (
    /\b(according to|reported|officials? said|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i.test(t)
  )
    return 'news';
  if (past / words > 0.08 && (firstPerson + thirdPerson) / words > 0.03) return 'narrative';
  return 'expository';
}
