// The language core on real exam passages (data/exam-passages, ExpMRC's RACE+ development set, CC BY-SA 4.0):
// issue 29's findings kept fixed — marking (core junior words, names, contractions, numbers, typos) and the
// generated items (evidence verbatim, one item a sentence, titles, parts of speech, false statements' edits).
import { describe, expect, it } from 'vitest';
import { guessGenre } from '../article-genre.js';
import { formatArticle } from './format-article.js';
import { READING_LEVELS } from './levels.js';
import { generateOffline, type GeneratedSubQuestion } from './offline/generate-offline.js';
import { examDictionary } from './dictionary.js';
import { controlledEdit } from './offline/controlled-edit.test-helper.js';
import { shortGloss } from './offline/distractors.js';
import { contextPos } from './offline/tagging.js';
import { EXAM_PASSAGES, examPassage } from './test-articles.test-helper.js';
import { coreJuniorWords } from './word-level.js';

describe('marking on the exam passages', () => {
  it('marks no core junior word at 初中 or 高中', () => {
    const core = coreJuniorWords();
    for (const { id, article } of EXAM_PASSAGES)
      for (const level of ['junior', 'senior'] as const)
        for (const w of formatArticle(article, level).outScopeWords)
          expect(core.has(w.lemma) || w.forms.some((f) => core.has(f)), `${id} ${level}: ${w.lemma}`).toBe(false);
  });

  it('marks no name, contraction or number at any level', () => {
    for (const { id, article } of EXAM_PASSAGES) {
      // Words the passage writes only capitalised, not first in a sentence, are names (Bed ZED, Kate Pearce…).
      const names = new Set(
        [...article.matchAll(/[^.!?“"]\s+([A-Z][a-z]+)/g)]
          .map((m) => m[1].toLowerCase())
          .filter((n) => !new RegExp(`\\b${n}\\b`).test(article)),
      );
      for (const level of READING_LEVELS)
        for (const w of formatArticle(article, level).outScopeWords) {
          expect(names.has(w.word), `${id} ${level}: ${w.word}`).toBe(false);
          expect(
            w.forms.some((f) => /'|^(cannot|o'clock)$/.test(f)),
            `${id}: ${w.word}`,
          ).toBe(false);
          expect(/\d/.test(w.word)).toBe(false);
        }
    }
    const jane = formatArticle(examPassage('00052cc8'), 'kaoyan');
    expect(jane.outScopeWords.map((w) => w.word)).not.toContain('jane');
  });

  it('shows a typo as unknown (`squatteddown`, `coulours`), never as out of scope', () => {
    for (const level of READING_LEVELS) {
      const a = formatArticle(examPassage('00237b13'), level);
      expect(a.unknownWords.map((w) => w.word)).toContain('squatteddown');
      expect(a.outScopeWords.map((w) => w.word)).not.toContain('squatteddown');
      const b = formatArticle(examPassage('00e00a72'), level);
      expect(b.unknownWords.map((w) => w.word)).toContain('coulours');
    }
  });
});

const SEEDS = [1, 7, 42];

function checkExamItem(article: string, item: GeneratedSubQuestion) {
  const at = `${item.type}: ${item.title}`;
  // Evidence verbatim: the article's own characters (`long,deep` stays so).
  expect(article.includes(item.evidence), at).toBe(true);
  // No title starts with punctuation or a stray quotation mark.
  expect(/^[A-Za-z0-9\u4e00-\u9fff]/.test(item.title), at).toBe(true);
  const dict = examDictionary();
  if (item.type === 'singleChoice') {
    const key = item.options.find((o) => o.key === item.answer[0])?.content ?? '';
    if (item.title.includes('______')) {
      const pos = contextPos(item.evidence, item.title.indexOf('______'));
      expect(dict.entry(key)?.pos, at).toBe(pos);
      for (const o of item.options) expect(dict.entry(o.content)?.pos, `${at} ${o.content}`).toBe(pos);
      // No people or faith adjectives among the options (`jewish`).
      for (const o of item.options)
        expect(dict.entry(o.content)?.gloss ?? '', o.content).not.toMatch(/^[^；]*(人的|族的|教的)/);
    } else {
      const word = /“([^”]+)”/.exec(item.title)?.[1] ?? '';
      const entry = dict.lookup(word.toLowerCase());
      // The key is the gloss of the part of speech the word has there (`reported` is no 成绩单).
      expect(contextPos(item.evidence, item.evidence.search(new RegExp(`\\b${word}\\b`))), at).toBe(entry?.pos);
      // One short gloss per option (issue 29): the first sense of the dictionary's.
      expect(key).toBe(shortGloss(entry?.gloss ?? ''));
    }
  }
  if (item.type === 'trueFalse' && item.answer[0] === 'F') {
    const kind = controlledEdit(item.evidence, item.title);
    expect(kind, `${item.evidence} → ${item.title}`).not.toBeNull();
    // Issue 29's ungrammatical statements: `had not a`, `have not similar`, `did not walked`.
    expect(item.title).not.toMatch(/\b(has|have|had) not (a|an|the|my|his|her|their|only|similar)\b/i);
    // (`does not need`, `did not succeed`: an infinitive ending in -eed is no past form.)
    expect(item.title).not.toMatch(/\b(do|does|did) not (?!\w*eed\b)\w+(ed|s)\b/i);
  }
  if (item.type === 'translation') {
    // Never a sentence with a typo.
    expect(formatArticle(item.evidence, 'kaoyan').unknownWords, at).toEqual([]);
  }
}

describe('generated items on the exam passages', () => {
  it('are well-formed, one a sentence, their evidence verbatim, for every passage and seed', () => {
    const kinds: Record<string, number> = {};
    let falses = 0;
    for (const { id, article } of EXAM_PASSAGES)
      for (const seed of SEEDS) {
        const items = generateOffline(article, { level: 'junior', count: 10, seed });
        expect(items.length, id).toBeGreaterThanOrEqual(5);
        for (const item of items) {
          checkExamItem(article, item);
          if (item.type === 'trueFalse' && item.answer[0] === 'F') {
            const kind = controlledEdit(item.evidence, item.title) ?? 'none';
            kinds[kind] = (kinds[kind] ?? 0) + 1;
            falses++;
          }
        }
        const sentences = items.map((i) => i.evidence);
        expect(new Set(sentences).size, id).toBe(sentences.length);
      }
    // Several kinds of edit, none over 40 % of the set.
    expect(Object.keys(kinds).sort()).toEqual(['antonym', 'negation', 'number', 'person']);
    for (const [kind, n] of Object.entries(kinds)) expect(n / falses, kind).toBeLessThanOrEqual(0.4);
  });

  it('never ask the sentences given as used (a second run asks new ones)', () => {
    const article = examPassage('00052cc8');
    const first = generateOffline(article, { level: 'junior', count: 6, seed: 3 });
    const second = generateOffline(article, {
      level: 'junior',
      count: 6,
      seed: 3,
      usedSentences: first.map((i) => i.evidence),
    });
    expect(second.length).toBeGreaterThan(0);
    for (const item of second) expect(first.map((i) => i.evidence)).not.toContain(item.evidence);
  });
});

describe('genre', () => {
  it('reads first-person stories of the exam passages as narratives', () => {
    for (const id of ['00237b13', '02a9ff7f', '02b8a634', '0007a2d1', '0e74a2e9', '094571d2'])
      expect(guessGenre(examPassage(id)), id).toBe('narrative');
    expect(guessGenre(examPassage('00940a9e'))).toBe('expository');
  });
});
