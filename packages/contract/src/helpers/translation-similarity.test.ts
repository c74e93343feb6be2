// Translation judging's similarity (docs/reading.md "Judging translations"): word order and near-synonyms tolerated,
// negation, people, numbers and times not.
import { describe, expect, it } from 'vitest';
import { canonicalTranslation, translationSimilarity } from './translation-similarity.js';

const REF = '我们需要每天锻炼。';

describe('translationSimilarity', () => {
  it('reads near-synonyms as one word and ignores particles and punctuation', () => {
    expect(canonicalTranslation('我们每天都需要做运动。')).toBe('我们每天需要运动');
    expect(canonicalTranslation('她认识到了')).toBe(canonicalTranslation('她意识到'));
    expect(translationSimilarity('他突然意识到了。', '他忽然认识到')).toBe(100);
  });

  it('tolerates another word order', () => {
    expect(translationSimilarity(REF, '每天我们需要锻炼')).toBeGreaterThan(80);
    expect(translationSimilarity(REF, '我们每天都需要做运动。')).toBeGreaterThan(80);
  });

  it('counts a negation, another person, number or time against the answer', () => {
    const same = translationSimilarity(REF, REF);
    expect(same).toBe(100);
    expect(translationSimilarity(REF, '我们不需要每天锻炼。')).toBeLessThan(60);
    expect(translationSimilarity(REF, '他们需要每天锻炼。')).toBeLessThan(63);
    expect(translationSimilarity('我们班有四十名学生。', '我们班有十四名学生。')).toBeLessThan(63);
    expect(translationSimilarity('汤姆昨天没去。', '汤姆今天没去。')).toBeLessThan(63);
    expect(translationSimilarity('博物馆星期一闭馆。', '博物馆周一闭馆。')).toBe(100);
    // Words that only look negative (非常, 不但) and a lone 一 (an article) are not counted.
    expect(translationSimilarity('他很高兴。', '他非常开心。')).toBe(100);
    expect(translationSimilarity('他住在城里。', '他一个人住在城里。')).toBeGreaterThan(63);
  });

  it('is symmetric, 0 against nothing, 100 for two empty texts', () => {
    expect(translationSimilarity('我爱读书', '读书我爱')).toBe(translationSimilarity('读书我爱', '我爱读书'));
    expect(translationSimilarity('我爱读书', '')).toBe(0);
    expect(translationSimilarity('。', '')).toBe(100);
  });
});
