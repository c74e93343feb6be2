// The feedback of one answering step (docs/reading.md "Answering steps"): the article sentence that supports the
// key (its `span.word` id, highlighted by the web) with the glossary of its out-of-scope words, and for a
// translation the key terms of its sentence that the answer lacks. Pure but for the article, which the language
// worker formats (docs/reading.md "Language data and formatting"); nothing else is read.
import { FEEDBACK, canonicalTranslation, type SubJudgeResult } from '@edu/contract';
import { formatArticleOffThread, type FormattedArticle, type OutScopeWord } from '../reading/language/index.js';
import type { StoredReadingStep } from '../../db/schema-reading-steps.js';
import { spellingVariants } from '../reading/language/word-level.js';
import { lemmaOf, pickEvidence } from './evidence-picker.js';

/** What the feedback needs of a sub-question (its key stays on the server). */
export interface FeedbackSub {
  type: string;
  title: string;
  desc: string;
  explanation?: string;
  /** A choice's options and the key (the key stays on the server): the supporting sentence is the key's. */
  options?: readonly { key: string; content: string }[];
  answer?: readonly string[];
}

/** Glossary words listed at most. */
const GLOSSARY_MAX = 12;

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const words = (s: string): string[] =>
  (
    decode(s)
      .toLowerCase()
      .match(/[a-z]+(?:'[a-z]+)?/g) ?? []
  ).slice(0, 2000);

/** The sentence the explanation names as 原文依据 (the generator's evidence line), if any. */
function evidenceOf(explanation: string | undefined): string {
  const m = /原文依据[：:]\s*([^<]*)/.exec(explanation ?? '');
  return m ? decode(m[1]).trim() : '';
}

/** The article sentence sharing the most words with the text, when ≥ 60% of its words (three or more) are in it. */
function sentenceQuoting(article: FormattedArticle, text: string): { id: string; text: string } | null {
  const want = new Set(words(text));
  if (want.size < 3) return null;
  let best: { id: string; text: string } | null = null;
  let bestShare = 0;
  for (const s of article.sentences) {
    const have = new Set(words(s.text));
    let shared = 0;
    for (const w of want) if (have.has(w)) shared++;
    const share = shared / want.size;
    if (share > bestShare) {
      best = s;
      bestShare = share;
    }
  }
  return best && bestShare >= 0.6 ? best : null;
}

/**
 * The supporting sentence (docs/reading.md "Supporting sentence"): the sentence the explanation names as
 * 原文依据 (the generator's evidence line); for a translation the sentence it asks to translate (its desc, else its
 * title); the sentence its desc quotes; else the sentence that best supports the key (./evidence-picker.ts: the
 * question with its options and key). Null when none does.
 */
export function supportingSentence(article: FormattedArticle, sub: FeedbackSub): { id: string; text: string } | null {
  const quoted = sentenceQuoting(article, evidenceOf(sub.explanation));
  if (quoted) return quoted;
  if (sub.type === 'translation') return sentenceQuoting(article, sub.desc) ?? sentenceQuoting(article, sub.title);
  // A desc that quotes the article (a vocabulary item's sentence) names its sentence.
  const described = sentenceQuoting(article, sub.desc);
  if (described) return described;
  const at = pickEvidence(
    article.sentences.map((s) => s.text),
    { question: decode(`${sub.title} ${sub.desc}`), options: sub.options ?? [], answer: sub.answer ?? [] },
  );
  return at >= 0 ? article.sentences[at] : null;
}

/** The out-of-scope words (with a gloss) that occur in the sentence, in its order: only words the sentence has. */
export function glossaryOf(sentence: string, outScope: readonly OutScopeWord[]): { word: string; gloss: string }[] {
  const tokens = words(sentence);
  const lemmas = tokens.map((t) => lemmaOf(t));
  const found: { word: string; gloss: string; at: number }[] = [];
  for (const w of outScope) {
    if (!w.gloss) continue;
    // Its spellings in the article (irregular ones too: `fled` is flee's), then any inflection of its lemma.
    const at = tokens.findIndex((t, i) => w.forms.includes(t) || t === w.lemma || lemmas[i] === w.lemma);
    if (at >= 0) found.push({ word: tokens[at], gloss: w.gloss, at });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, GLOSSARY_MAX)
    .map(({ word, gloss }) => ({ word, gloss }));
}

/** A gloss's senses (`；`- or comma-separated), each at least one character, brackets dropped. */
const senses = (gloss: string) =>
  gloss
    .replace(/[（(][^）)]*[）)]/g, '')
    .split(/[；;，,、]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** A word's senses: its gloss's and those of its other spellings (`realize` has `realise`'s 认识到). */
const sensesOf = (g: { word: string; gloss: string }) => [
  ...senses(g.gloss),
  ...spellingVariants(g.word).flatMap((v) => senses(v.gloss)),
];

/**
 * The key terms a translation lacks: glossary words none of whose senses occurs in the answer, near-synonyms
 * counted as the same word (contract `canonicalTranslation`: 意识到 for 认识到).
 */
export function missingTerms(answer: string, glossary: readonly { word: string; gloss: string }[]) {
  const text = answer.replace(/\s+/g, '');
  const canonical = canonicalTranslation(answer).replace(/\s+/g, '');
  return glossary.filter(
    (g) =>
      !sensesOf(g).some((s) => {
        const c = canonicalTranslation(s).replace(/\s+/g, '');
        return text.includes(s) || (c.length >= 2 && canonical.includes(c));
      }),
  );
}

/**
 * The glossary a step shows: the out-of-scope words of its supporting sentence; for a translation whose sentence
 * is not found in the article (the teacher changed it), of the English text it asks to translate.
 */
export function stepGlossary(
  article: FormattedArticle,
  sub: FeedbackSub,
  sentence: { text: string } | null,
): { word: string; gloss: string }[] {
  const text = sentence?.text ?? (sub.type === 'translation' ? decode(sub.desc || sub.title) : '');
  return text ? glossaryOf(text, article.outScopeWords) : [];
}

/** The article as the feedback reads it: formatted at 高中 (docs/reading.md "Answering steps"). */
export async function articleOf(
  questionHtml: string,
  outScopeWords: readonly string[] | undefined,
): Promise<FormattedArticle> {
  const article = await formatArticleOffThread(questionHtml, 'junior');
  // The words the teacher's formatting kept (extra.outScopeWords) when there are any, else those above 高中.
  const kept = outScopeWords?.length ? new Set(outScopeWords.map((w) => w.toLowerCase())) : null;
  const senior = kept
    ? null
    : new Set((await formatArticleOffThread(questionHtml, 'senior')).outScopeWords.map((w) => w.lemma));
  return {
    ...article,
    outScopeWords: article.outScopeWords.filter((w) =>
      kept ? kept.has(w.word) || kept.has(w.lemma) : senior!.has(w.lemma),
    ),
  };
}

/**
 * The stored step: the student's answer, the verdict and its feedback (never the key). `written`: a model's text
 * on a translation (feedback-model.ts), which then stands in for the list of missing key terms.
 */
export function stepOf(
  article: FormattedArticle,
  sub: FeedbackSub & { questionSubId: string },
  answer: string[],
  judged: SubJudgeResult,
  written?: string | null,
): StoredReadingStep {
  const sentence = supportingSentence(article, sub);
  const glossary = stepGlossary(article, sub, sentence);
  let text: string;
  if (judged.pending) text = FEEDBACK.pending;
  else if (sub.type === 'translation') {
    const missing = missingTerms(answer.join(' '), glossary);
    const similarity = `相似度 ${judged.similarity ?? 0}%`;
    const verdict = judged.isCorrect ? `翻译正确（${similarity}）` : `翻译与参考译文差距较大（${similarity}）`;
    if (written) text = `${verdict}。${written}`;
    else
      text = missing.length
        ? `${verdict}。译文没有译出这些关键词：${missing.map((g) => `${g.word}（${g.gloss}）`).join('、')}`
        : `${verdict}。关键词都已译出`;
  } else text = judged.isCorrect ? '回答正确' : '回答错误';
  if (!judged.pending && sub.type !== 'translation' && sentence) text += '。原文依据已在文章中标出';
  return {
    questionSubId: sub.questionSubId,
    answer,
    isCorrect: judged.isCorrect,
    ...(judged.similarity === undefined ? {} : { similarity: judged.similarity }),
    feedback: { text, evidenceSentenceId: sentence?.id ?? null, glossary },
  };
}
