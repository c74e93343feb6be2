// A simple guess at an article's genre from surface cues (docs/reading.md "Providers and generation"), for
// `extra.articleGenre` when the provider names none: a letter's salutation and closing, a dialogue's speaker
// lines, an argument's stance markers, a story's past-tense narration; expository otherwise.

export const ARTICLE_GENRES = ['letter', 'dialogue', 'argumentative', 'narrative', 'news', 'expository'] as const;
export type ArticleGenre = (typeof ARTICLE_GENRES)[number];

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export function guessGenre(text: string): ArticleGenre {
  const t = text.trim();
  const words = Math.max(1, count(t, /[A-Za-z']+/g));
  if (/^\s*dear\s+[A-Z]/im.test(t) && /(yours (sincerely|truly|faithfully)|best (wishes|regards)|love,)/i.test(t))
    return 'letter';
  if (count(t, /^\s*[A-Z][a-z]+\s*:/gm) >= 3) return 'dialogue';
  const stance = count(
    t,
    /\b(i (believe|think|argue)|in my opinion|should|must|therefore|however|on the other hand|in conclusion|firstly|secondly|admittedly|nevertheless)\b/gi,
  );
  if (stance / words > 0.012) return 'argumentative';
  if (
    /\b(according to|reported|officials? said|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i.test(t)
  )
    return 'news';
  const past = count(t, /\b(was|were|had|said|went|came|saw|told|looked|felt|walked|\w+ed)\b/gi);
  const firstOrThird = count(t, /\b(i|he|she|my|his|her)\b/gi);
  if (past / words > 0.08 && firstOrThird / words > 0.03) return 'narrative';
  return 'expository';
}
