// The offline generator on the public-domain test articles (docs/reading.md "Offline generation"): every item is
// well-formed and its keyed answer is supported by a sentence of the article.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-error.js';
import { examDictionary } from '../dictionary.js';
import { levelRank } from '../levels.js';
import { glossesOverlap } from './distractors.js';
import { generateOffline, type GeneratedSubQuestion, type ReadingLevel } from '../index.js';
import { TEST_ARTICLES } from '../test-articles.test-helper.js';

const SEEDS = [1, 2, 7, 2024];
const LEVELS: ReadingLevel[] = ['junior', 'cet4', 'kaoyan'];
const NUMBER_WORDS = 'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const NUMBER_RE = new RegExp(`^(\\d+|${NUMBER_WORDS})\\b`, 'i');

const AUX = 'is|are|was|were|do|does|did|has|have|had|could|would|should|must|need|will|may|might|can';
const NEGATION_RE = new RegExp(`\\b(${AUX})n['’]t\\b|\\bcannot\\b|\\b(${AUX}) not\\b`, 'gi');
const withoutNegation = (s: string) =>
  s.replace(
    NEGATION_RE,
    (m: string, a?: string, b?: string) => a ?? b ?? (m.toLowerCase() === 'cannot' ? m.slice(0, 3) : m),
  );
const negations = (s: string) => (s.match(NEGATION_RE) ?? []).length;

/** The controlled edit that turns `source` into `statement`, or null when it is none of them (or more than one). */
function controlledEdit(source: string, statement: string): 'negation' | 'number' | 'swap' | null {
  if (source === statement) return null;
  if (
    withoutNegation(source) === withoutNegation(statement) &&
    Math.abs(negations(source) - negations(statement)) === 1
  )
    return 'negation';
  const a = source.split(/(\s+|[,.;:!?"“”()])/);
  const b = statement.split(/(\s+|[,.;:!?"“”()])/);
  if (a.length !== b.length) return null;
  const diff = a.map((t, i) => i).filter((i) => a[i] !== b[i]);
  if (diff.length === 1 && NUMBER_RE.test(a[diff[0]]) && NUMBER_RE.test(b[diff[0]])) return 'number';
  if (diff.length === 2 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]] && /^[A-Z]/.test(a[diff[0]]))
    return 'swap';
  return null;
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
        expect(keyEntry?.gloss).toBe(key?.content);
        expect(keyEntry?.level, word).not.toBeNull();
        for (const d of distractors) {
          expect(d).not.toBe(key?.content);
          expect(glossesOverlap(d, key?.content ?? ''), d).toBe(false);
          // The gloss of an exam word of the key's POS and a similar level.
          const fits = dict.entries.filter(
            (e) =>
              e.gloss === d &&
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
          expect(items.length, `${name} ${level} ${seed}`).toBeGreaterThanOrEqual(8);
          expect(items.length).toBeLessThanOrEqual(12);
          for (const item of items) {
            checkItem(text, item);
            if (item.type === 'singleChoice') kinds[item.title.includes('______') ? 'cloze' : 'vocabulary']++;
            else if (item.type === 'trueFalse') kinds[item.answer[0] === 'T' ? 'true' : 'false']++;
            else kinds.translation++;
          }
          // No sentence is asked twice by true/false or translation.
          const stems = items.filter((i) => i.type !== 'singleChoice').map((i) => i.evidence);
          expect(new Set(stems).size).toBe(stems.length);
        }
    for (const n of Object.values(kinds)) expect(n).toBeGreaterThan(20);
  });

  it('uses every kind of controlled edit for false statements', () => {
    const seen = new Set<string>();
    for (const { text } of TEST_ARTICLES)
      for (const seed of SEEDS)
        for (const item of generateOffline(text, { level: 'cet4', count: 20, seed, types: ['trueFalse'] }))
          if (item.answer[0] === 'F') seen.add(controlledEdit(item.evidence, item.title) ?? 'none');
    expect([...seen].sort()).toEqual(['negation', 'number', 'swap']);
  });

  it('alternates true and false statements, the other when the due one finds no sentence', () => {
    let long = 0;
    for (const { text } of TEST_ARTICLES) {
      const keys = generateOffline(text, { level: 'cet4', count: 6, seed: 9, types: ['trueFalse'] })
        .map((i) => i.answer[0])
        .join('');
      expect(keys.length).toBeGreaterThanOrEqual(3);
      if (keys.length < 4) continue;
      long++;
      expect(keys.slice(0, 4)).toMatch(/^(TFTF|FTFT)$/);
    }
    expect(long).toBeGreaterThanOrEqual(8);
  });

  it('is deterministic for a seed and varies with it', () => {
    const text = TEST_ARTICLES[0].text;
    const a = generateOffline(text, { level: 'junior', count: 10, seed: 5 });
    expect(generateOffline(text, { level: 'junior', count: 10, seed: 5 })).toEqual(a);
    const others = [6, 7, 8].map((seed) => generateOffline(text, { level: 'junior', count: 10, seed }));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  it('asks vocabulary and cloze about out-of-scope words first', () => {
    for (const { text } of TEST_ARTICLES) {
      const items = generateOffline(text, { level: 'junior', count: 4, seed: 3, types: ['singleChoice'] });
      expect(items.length).toBe(4);
      for (const item of items.filter((i) => !i.title.includes('______'))) {
        const word = /“([^”]+)”/.exec(item.title)?.[1] ?? '';
        expect(examDictionary().lookup(word.toLowerCase())?.level).not.toBe('junior');
      }
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
