// The offline generator on the public-domain test articles (docs/reading.md "Offline generation"): every item is
// well-formed and its keyed answer is supported by a sentence of the article.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-error.js';
import { examDictionary } from '../dictionary.js';
import { levelRank } from '../levels.js';
import { controlledEdit } from './controlled-edit.test-helper.js';
import { glossesOverlap, OPTION_GLOSS_MAX, shortGloss } from './distractors.js';
import { contextPos } from './tagging.js';
import { formatArticle } from '../format-article.js';
import type { ReadingLevel } from '../levels.js';
import { articleSentences } from '../sentences.js';
import { editOrder, generateOffline, type GeneratedSubQuestion } from './generate-offline.js';
import { seededRandom } from './random.js';
import { TEST_ARTICLES } from '../test-articles.test-helper.js';

const SEEDS = [1, 2, 7, 2024];
const LEVELS: ReadingLevel[] = ['junior', 'cet4', 'kaoyan'];
type DictEntry = ReturnType<typeof examDictionary>['entries'][number];
let byShortGloss: Map<string, DictEntry[]> | undefined;
// The dictionary's entries by their short gloss, built once: scanning every entry per distractor made this file
// take 14 s alone and time out beside the rest of the suite.
function entriesByShortGloss(): Map<string, DictEntry[]> {
  if (byShortGloss) return byShortGloss;
  byShortGloss = new Map();
  for (const e of examDictionary().entries) {
    const key = shortGloss(e.gloss);
    const list = byShortGloss.get(key);
    if (list) list.push(e);
    else byShortGloss.set(key, [e]);
  }
  return byShortGloss;
}
function checkItem(article: string, item: GeneratedSubQuestion) {
  const dict = examDictionary();
  expect(item.title.trim()).not.toBe('');
  expect(item.explanation.trim()).not.toBe('');
  // The keyed answer is supported by a sentence of the article, verbatim.
  expect(article.includes(item.evidence), item.evidence).toBe(true);
  switch (item.type) {
    case 'singleChoice': {
      expect(item.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D']);
      expect(new Set(item.options.map((o) => o.content)).size).toBe(4);
      expect(item.answer).toHaveLength(1);
      const key = item.options.find((o) => o.key === item.answer[0]);
      expect(key).toBeDefined();
      const distractors = item.options.filter((o) => o !== key).map((o) => o.content);
      if (item.title.includes('______')) {
        // Cloze: the key fills the blank back into the evidence; options are words of the key's POS.
        expect(item.title.replace('______', key?.content ?? '')).toBe(item.evidence);
        const keyEntry = dict.entry(key?.content ?? '');
        expect(keyEntry).toBeDefined();
        // The blank takes a word of the key's part of speech in that sentence.
        expect(contextPos(item.evidence, item.title.indexOf('______')), key?.content).toBe(keyEntry?.pos);
        // Key and distractors are exam words: a frequent word of no exam list is never asked nor offered.
        expect(keyEntry?.level, key?.content).not.toBeNull();
        for (const d of distractors) {
          expect(d).not.toBe(key?.content);
          expect(dict.entry(d)?.level, d).not.toBeNull();
          expect(dict.entry(d)?.pos, d).toBe(keyEntry?.pos);
          // A similar level: the key's or one away; never a synonym of the key.
          const gap = Math.abs(levelRank(dict.entry(d)?.level ?? 'junior') - levelRank(keyEntry?.level ?? 'junior'));
          expect(gap, d).toBeLessThanOrEqual(1);
          expect(glossesOverlap(dict.entry(d)?.gloss ?? '', keyEntry?.gloss ?? ''), d).toBe(false);
        }
      } else {
        // Vocabulary in context: the asked word is in the evidence; options are glosses; the key is its gloss.
        const word = /“([^”]+)”/.exec(item.title)?.[1] ?? '';
        expect(new RegExp(`\\b${word}\\b`).test(item.evidence), `${word} in ${item.evidence}`).toBe(true);
        expect(item.desc).toBe(item.evidence);
        const keyEntry = dict.lookup(word.toLowerCase());
        // One short gloss per option (issue 29): the first sense of the dictionary's.
        expect(shortGloss(keyEntry?.gloss ?? '')).toBe(key?.content);
        for (const o of item.options) expect([...o.content].length, o.content).toBeLessThanOrEqual(OPTION_GLOSS_MAX);
        expect(keyEntry?.level, word).not.toBeNull();
        // The gloss is of the part of speech the word has in its sentence (`reported` is no 成绩单).
        expect(contextPos(item.evidence, item.evidence.search(new RegExp(`\\b${word}\\b`))), word).toBe(keyEntry?.pos);
        for (const d of distractors) {
          expect(d).not.toBe(key?.content);
          expect(glossesOverlap(d, key?.content ?? ''), d).toBe(false);
          // The gloss of an exam word of the key's POS and a similar level.
          const fits = (entriesByShortGloss().get(d) ?? []).filter(
            (e) =>
              e.pos === keyEntry?.pos &&
              e.level !== null &&
              Math.abs(levelRank(e.level) - levelRank(keyEntry?.level ?? 'junior')) <= 1,
          );
          expect(fits.length, d).toBeGreaterThan(0);
        }
      }
      break;
    }
    case 'trueFalse':
      expect(item.options).toEqual([]);
      expect(item.answer.length).toBe(1);
      if (item.answer[0] === 'T') expect(item.title).toBe(item.evidence);
      else {
        expect(item.answer).toEqual(['F']);
        expect(controlledEdit(item.evidence, item.title), `${item.evidence} → ${item.title}`).not.toBeNull();
      }
      break;
    case 'translation':
      expect(item.options).toEqual([]);
      expect(item.answer).toEqual([]);
      expect(item.title).toBe(item.evidence);
      expect(item.explanation).toMatch(/参考译文/);
      break;
  }
}

describe('generateOffline on the test articles', () => {
  it('has at least 10 articles of 150–600 words', () => {
    expect(TEST_ARTICLES.length).toBeGreaterThanOrEqual(10);
    for (const a of TEST_ARTICLES) {
      const words = a.text.split(/\s+/).filter(Boolean).length;
      expect(words, a.name).toBeGreaterThanOrEqual(150);
      expect(words, a.name).toBeLessThanOrEqual(600);
    }
  });

  it('makes well-formed items whose keyed answers the article supports, for every article, level and seed', () => {
    const kinds = { vocabulary: 0, cloze: 0, true: 0, false: 0, translation: 0 };
    for (const { name, text } of TEST_ARTICLES)
      for (const level of LEVELS)
        for (const seed of SEEDS) {
          const items = generateOffline(text, { level, count: 12, seed });
          // One item a sentence: an article of few (long) sentences, as Alice's opening, gives fewer items.
          const enough = Math.min(8, Math.floor(articleSentences(text).length / 3));
          expect(items.length, `${name} ${level} ${seed}`).toBeGreaterThanOrEqual(enough);
          expect(items.length).toBeLessThanOrEqual(12);
          for (const item of items) {
            checkItem(text, item);
            if (item.type === 'singleChoice') kinds[item.title.includes('______') ? 'cloze' : 'vocabulary']++;
            else if (item.type === 'trueFalse') kinds[item.answer[0] === 'T' ? 'true' : 'false']++;
            else kinds.translation++;
          }
          // No sentence is asked twice, by any two items.
          const stems = items.map((i) => i.evidence);
          expect(new Set(stems).size).toBe(stems.length);
        }
    for (const n of Object.values(kinds)) expect(n).toBeGreaterThan(20);
  });

  it('uses several kinds of controlled edit, none for more than 40 % of a set of five or more', () => {
    const seen = new Set<string>();
    for (const { text } of TEST_ARTICLES)
      for (const seed of SEEDS) {
        const counts: Record<string, number> = {};
        const falses = generateOffline(text, { level: 'cet4', count: 20, seed, types: ['trueFalse'] }).filter(
          (i) => i.answer[0] === 'F',
        );
        for (const item of falses) {
          const kind = controlledEdit(item.evidence, item.title) ?? 'none';
          counts[kind] = (counts[kind] ?? 0) + 1;
          seen.add(kind);
        }
        // An article that allows only negations gets few false statements rather than a set of negations.
        for (const n of Object.values(counts))
          expect(n).toBeLessThanOrEqual(Math.max(1, Math.floor(0.4 * falses.length)));
      }
    // A person is put in another's place only in articles with several people (the exam passages' test).
    expect([...seen].sort()).toEqual(['antonym', 'negation', 'number']);
  });

  it('tries a negation or a number first among equals less often than another kind (bench:reading-generation: 41 % negations)', () => {
    const zero = { negation: 0, antonym: 0, number: 0, person: 0 };
    let first = 0;
    const firsts: Record<string, number> = {};
    for (let seed = 1; seed <= 4000; seed++) {
      const order = editOrder(seededRandom(seed), zero, 1);
      expect([...order].sort()).toEqual(['antonym', 'negation', 'number', 'person']);
      firsts[order[0]] = (firsts[order[0]] ?? 0) + 1;
      first++;
    }
    // 1/6 for a negation or a number, 1/3 for an antonym or a person (1/4 each before).
    for (const kind of ['negation', 'number']) {
      expect(firsts[kind] / first).toBeGreaterThan(0.14);
      expect(firsts[kind] / first).toBeLessThan(0.19);
    }
    for (const kind of ['antonym', 'person']) expect(firsts[kind] / first).toBeGreaterThan(0.3);
    // The least used kinds still come first, and a kind at the cap is left out.
    for (let seed = 1; seed <= 20; seed++) {
      const order = editOrder(seededRandom(seed), { negation: 0, antonym: 2, number: 1, person: 1 }, 2);
      expect(order[0]).toBe('negation');
      expect(order).not.toContain('antonym');
    }
  });

  it('alternates true and false statements, the other when the due one finds no sentence', () => {
    let long = 0;
    for (const { text } of TEST_ARTICLES) {
      const keys = generateOffline(text, { level: 'cet4', count: 6, seed: 9, types: ['trueFalse'] })
        .map((i) => i.answer[0])
        .join('');
      // Quotations are no statements: an article of dialogue (Alice, Pride and Prejudice) has few sentences left.
      expect(keys.length).toBeGreaterThanOrEqual(2);
      // Alternating until one kind finds no sentence left, then only the other.
      const firstRepeat = [...keys].findIndex((k, i) => i > 0 && k === keys[i - 1]);
      if (firstRepeat !== -1) expect(keys.slice(firstRepeat - 1)).toMatch(/^(T+|F+)$/);
      if (keys.length >= 4 && /^(TFTF|FTFT)/.test(keys)) long++;
    }
    expect(long).toBeGreaterThanOrEqual(4);
  });

  it('is deterministic for a seed and varies with it', () => {
    const text = TEST_ARTICLES[0].text;
    const a = generateOffline(text, { level: 'junior', count: 10, seed: 5 });
    expect(generateOffline(text, { level: 'junior', count: 10, seed: 5 })).toEqual(a);
    const others = [6, 7, 8].map((seed) => generateOffline(text, { level: 'junior', count: 10, seed }));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  it('asks vocabulary about out-of-scope words first', () => {
    for (const { text } of TEST_ARTICLES) {
      const items = generateOffline(text, { level: 'junior', count: 4, seed: 3, types: ['singleChoice'] });
      expect(items.length).toBeGreaterThanOrEqual(3);
      const [first] = items.filter((i) => !i.title.includes('______'));
      const word = /“([^”]+)”/.exec(first.title)?.[1] ?? '';
      const outOfScope = formatArticle(text, 'junior').outScopeWords.flatMap((w) => w.forms);
      expect(outOfScope, word).toContain(word.toLowerCase());
    }
  });

  it('gives only the requested types', () => {
    const text = TEST_ARTICLES[3].text;
    expect(
      new Set(generateOffline(text, { level: 'cet4', count: 6, types: ['trueFalse'] }).map((i) => i.type)),
    ).toEqual(new Set(['trueFalse']));
    const translations = generateOffline(text, { level: 'cet4', count: 2, types: ['translation'] });
    expect(translations.map((i) => i.type)).toEqual(['translation', 'translation']);
  });

  it('honours every requested type when the count allows (issue 29: 5 items over 3 types)', () => {
    for (const { text } of TEST_ARTICLES) {
      const items = generateOffline(text, { level: 'junior', count: 5, seed: 2 });
      if (items.length < 5) continue;
      expect(new Set(items.map((i) => i.type)), text.slice(0, 40)).toEqual(
        new Set(['singleChoice', 'trueFalse', 'translation']),
      );
    }
    const two = generateOffline(TEST_ARTICLES[3].text, {
      level: 'cet4',
      count: 3,
      types: ['translation', 'trueFalse'],
    });
    expect(new Set(two.map((i) => i.type))).toEqual(new Set(['translation', 'trueFalse']));
  });

  it('translates the sentence densest in out-of-scope words, listing their glosses', () => {
    const text =
      'The cat sat on the mat. Prudence will dictate that governments should not be changed for transient causes.';
    const [item] = generateOffline(text, { level: 'junior', count: 1, types: ['translation'] });
    expect(item.evidence).toBe('Prudence will dictate that governments should not be changed for transient causes.');
    expect(item.explanation).toMatch(/dictate（/);
    expect(item.answer).toEqual([]);
  });

  it('bounds the count and the article', () => {
    const text = TEST_ARTICLES[0].text;
    for (const count of [0, 21, Number.NaN]) {
      expect(() => generateOffline(text, { level: 'junior', count })).toThrow(ApiError);
    }
    expect(() => generateOffline('Word. '.repeat(4000), { level: 'junior', count: 1 })).toThrow(/文章过长/);
    expect(generateOffline('Hi.', { level: 'junior', count: 5 })).toEqual([]);
    expect(generateOffline('这是一篇中文文章。它没有英文句子，所以没有题目。', { level: 'junior', count: 5 })).toEqual(
      [],
    );
    expect(generateOffline('   \n  ', { level: 'junior', count: 5 })).toEqual([]);
  });
});
