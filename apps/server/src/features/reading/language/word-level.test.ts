// Word levels for marking (docs/reading.md "Word levels"), kept fixed with the cases of issue 29 item 1: a word
// is known at the lowest level of its lemma and base words; names, contractions and numbers are never out of scope;
// a typo is unknown, not hard.
import { describe, expect, it } from 'vitest';
import { formatArticle } from './format-article.js';
import { READING_LEVELS } from './levels.js';
import { coreJuniorWords, wordLevel } from './word-level.js';

const marked = (text: string, level: (typeof READING_LEVELS)[number]) =>
  formatArticle(text, level).outScopeWords.flatMap((w) => [w.lemma, ...w.forms]);

describe('the case of issue 29', () => {
  const text =
    'Jane Ansell said she cannot buy fewer than ten meters of cloth. Stephen Hawking usually worked late. Tom laughed.';

  it('marks none of jane, cannot, fewer, meters, stephen, tom at 考研, nor usually or cloth at 初中', () => {
    for (const level of READING_LEVELS)
      for (const word of ['jane', 'cannot', 'can', 'fewer', 'meters', 'meter', 'stephen', 'tom', 'hawking', 'ansell'])
        expect(marked(text, level), `${word} at ${level}`).not.toContain(word);
    for (const word of ['usually', 'cloth', 'late', 'laughed', 'worked'])
      expect(marked(text, 'junior')).not.toContain(word);
    expect(formatArticle(text, 'junior').outScopeWords).toEqual([]);
    expect(formatArticle(text, 'junior').unknownWords).toEqual([]);
  });
});

describe('a word takes the lowest level of its lemma and base words', () => {
  it('an -ly adverb its adjective’s', () => {
    for (const [adverb, adjective] of [
      ['usually', 'usual'],
      ['finally', 'final'],
      ['suddenly', 'sudden'],
      ['quickly', 'quick'],
      ['happily', 'happy'],
      ['angrily', 'angry'],
    ])
      expect(wordLevel(adverb).level, adverb).toBe(wordLevel(adjective).level);
    expect(wordLevel('usually').level).toBe('junior');
  });

  it('an American spelling its British one’s and the other way round', () => {
    for (const [us, uk] of [
      ['color', 'colour'],
      ['meter', 'metre'],
      ['program', 'programme'],
      ['realize', 'realise'],
      ['center', 'centre'],
      ['neighbor', 'neighbour'],
      ['gray', 'grey'],
      ['mom', 'mum'],
    ])
      expect(wordLevel(us).level, us).toBe(wordLevel(uk).level);
    expect(marked('The colors of the programs were realized in meters.', 'junior')).toEqual([]);
  });

  it('an inflection or a comparative its lemma’s', () => {
    expect(wordLevel('fewer').level).toBe('junior');
    expect(wordLevel('meters').level).toBe('junior');
    expect(wordLevel('realized').lemma).toBe('realize');
  });

  it('the core junior words of the curriculum list are known from 初中 on', () => {
    const core = coreJuniorWords();
    expect(core.size).toBeGreaterThan(1400);
    for (const word of ['usually', 'last', 'less', 'finally', 'suddenly', 'actually', 'realize', 'color', 'program'])
      expect(wordLevel(word).level, word).toBe('junior');
    for (const word of core) expect(wordLevel(word).level, word).toBe('junior');
  });

  it('a derived or compound word the dictionary does not hold takes its base words’ level', () => {
    expect(wordLevel('impolitely')).toMatchObject({ level: 'junior', known: true });
    expect(wordLevel('raindrops')).toMatchObject({ level: 'junior', known: true });
    expect(wordLevel('boastful')).toMatchObject({ level: 'cet4', known: true });
  });
});

describe('never out of scope', () => {
  it('names, sentence-initial ones too', () => {
    const text = 'Tom laughed. Jane smiled at Kate. Stephen and Harry left. Gandalf smiled.';
    for (const level of READING_LEVELS)
      for (const name of ['tom', 'jane', 'kate', 'stephen', 'harry', 'gandalf'])
        expect(marked(text, level), `${name} at ${level}`).not.toContain(name);
  });

  it('contractions and numbers, in digits or in words', () => {
    const text =
      "She'd say you can't and won't. He cannot come at five o'clock. Eighty-eight per cent of 1,000 is 880; two thirds came, dozens left on the hundredth day.";
    for (const level of READING_LEVELS) {
      const words = marked(text, level);
      for (const w of [
        "she'd",
        'she',
        'cannot',
        'can',
        'wo',
        "o'clock",
        'clock',
        'eighty',
        'eight',
        'thirds',
        'dozens',
        'hundredth',
      ])
        expect(words, `${w} at ${level}`).not.toContain(w);
    }
  });
});

describe('an unknown word', () => {
  it('is shown as unknown, not as hard (a typo of the exam passages: squatteddown)', () => {
    const out = formatArticle('We squatteddown and looked for beans. Other coulours can waken us.', 'kaoyan');
    expect(out.outScopeWords.map((w) => w.word)).toEqual([]);
    expect(out.unknownWords).toEqual([
      { word: 'squatteddown', forms: ['squatteddown'] },
      { word: 'coulours', forms: ['coulours'] },
    ]);
  });
});
