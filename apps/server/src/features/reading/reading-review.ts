// The generated items as the job keeps them, whichever provider wrote them (docs/reading.md "Generated items"):
// evidence in the article's own characters, no sentence asked twice in a question (by this run or by its existing
// sub-questions), titles without a stray quotation mark, no HTML entity shown as text.
import { decodeEntities, type GeneratedSubQuestion } from './language/index.js';

const escapeRe = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The evidence as the article writes it: itself when the article holds it character for character, else the
 * article's text that differs from it only in spacing around punctuation and in the shape of quotation marks
 * (`long, deep` → `long,deep`); null when the article does not hold it.
 */
export function verbatimEvidence(article: string, evidence: string): string | null {
  const wanted = evidence.trim();
  if (wanted === '') return null;
  if (article.includes(wanted)) return wanted;
  let pattern = '';
  for (const c of wanted.replace(/\s+/g, ' ')) {
    if (c === ' ') pattern += '\\s*';
    else if (/['’‘]/.test(c)) pattern += "['’‘]";
    else if (/["“”]/.test(c)) pattern += '["“”]';
    else pattern += escapeRe(c) + (/[,.;:!?]/.test(c) ? '\\s*' : '');
  }
  const found = new RegExp(pattern).exec(article);
  return found ? found[0].trim() : null;
}

/** The sentences the question's sub-questions already ask: their explanations' 原文依据 lines. */
export function usedSentencesOf(subs: readonly { explanation?: string }[]): string[] {
  const out: string[] = [];
  for (const s of subs)
    for (const m of (s.explanation ?? '').matchAll(/原文依据：([^<]*)/g)) out.push(decodeEntities(m[1]).trim());
  return out.filter((t) => t !== '');
}

const QUOTES = /["“”'‘’]/g;

/** A title without a quotation mark left over at its start (`” He left.`, `"Why`), nor leading punctuation. */
export function cleanTitle(title: string): string {
  let t = title.trim();
  for (;;) {
    const first = t[0] ?? '';
    const quotes = t.match(QUOTES)?.length ?? 0;
    if (/[,.;:!?)\]}，。；：！？、]/.test(first) || (/["“”'‘’]/.test(first) && (quotes % 2 === 1 || first === '”')))
      t = t.slice(1).trimStart();
    else return t;
  }
}

const decoded = (s: string) => decodeEntities(s);

/**
 * The items kept, in order: evidence made verbatim (an item whose evidence the article does not hold is dropped),
 * the sentence of its evidence not asked before (`used`, then the earlier items), its texts' entities decoded and
 * its title cleaned. `sentences` are the article's real sentences, to tell which one an evidence is in.
 */
export function reviewGenerated(
  items: readonly GeneratedSubQuestion[],
  article: string,
  sentences: readonly string[],
  used: readonly string[] = [],
): GeneratedSubQuestion[] {
  const squash = (s: string) => s.replace(/\s+/g, '').replace(/["“”'‘’]/g, '"');
  const squashed = sentences.map(squash);
  const sentenceOf = (text: string) => {
    const s = squash(text);
    const at = squashed.findIndex((x) => x.includes(s) || (s.length > 0 && s.includes(x) && x.length > 0));
    return at === -1 ? s : `#${at}`;
  };
  const taken = new Set(used.map(sentenceOf));
  const out: GeneratedSubQuestion[] = [];
  for (const item of items) {
    const evidence = verbatimEvidence(article, decoded(item.evidence));
    if (!evidence) continue;
    const key = sentenceOf(evidence);
    if (taken.has(key)) continue;
    taken.add(key);
    out.push({
      ...item,
      title: cleanTitle(decoded(item.title)),
      desc: decoded(item.desc),
      options: item.options.map((o) => ({ key: o.key, content: decoded(o.content) })),
      answer: item.answer.map(decoded),
      explanation: decoded(item.explanation),
      evidence,
    });
  }
  return out;
}
