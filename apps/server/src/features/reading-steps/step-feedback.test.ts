// The feedback of a step (docs/reading.md "Answering steps", "Supporting sentence"): the glossary of a supporting
// sentence, the supporting sentence of a teacher's own question, and a translation's missing key terms.
import { describe, expect, it } from 'vitest';
import { formatArticle } from '../reading/language/format-article.js';
import { glossaryOf, missingTerms, stepGlossary, supportingSentence } from './step-feedback.js';

const HAWKING =
  '<p>Stephen Hawking was born in Oxford in 1942. When he was 21, doctors diagnosed him with a rare disease and ' +
  'told him he had only two years to live. At first he was bored with life and saw no reason to study.</p>' +
  '<p>As he later wrote, "My expectations were reduced to zero." But he did not give up. He married, had three ' +
  'children and kept on working on black holes until he became one of the most famous scientists in the world.</p>' +
  '<p>She suddenly realized that time was precious.</p>';

describe('glossaryOf', () => {
  it('finds a word by any spelling the article has of it, irregular forms included', () => {
    const article = formatArticle('The fox flees from the dogs. Later the fox fled and the hare wept.', 'junior');
    expect(glossaryOf('Later the fox fled and the hare wept.', article.outScopeWords)).toEqual([
      { word: 'fled', gloss: expect.stringContaining('逃') as string },
      { word: 'hare', gloss: '野兔' },
      { word: 'wept', gloss: expect.stringContaining('哭') as string },
    ]);
  });

  it('names only words of the sentence, not words that merely begin with a lemma', () => {
    const form = { word: 'form', lemma: 'form', level: 'kaoyan' as const, gloss: '形式', forms: ['form'] };
    expect(glossaryOf('The letter was formal.', [form])).toEqual([]);
    expect(glossaryOf('They formed a team.', [form])).toEqual([{ word: 'formed', gloss: '形式' }]);
  });
});

describe('supportingSentence', () => {
  const article = formatArticle(HAWKING, 'junior');
  const choice = (title: string, options: string[], key: string) => ({
    type: 'singleChoice',
    title,
    desc: '',
    options: options.map((content, i) => ({ key: 'ABCD'[i], content })),
    answer: [key],
  });

  it('is the sentence of the key, not the one sharing words with the title (issue 29: “As he later wrote,”)', () => {
    const sub = choice(
      'What did Hawking do after he later wrote about his expectations?',
      ['He stopped studying.', 'He kept on working on black holes.', 'He left Oxford.', 'He became a doctor.'],
      'B',
    );
    expect(supportingSentence(article, sub)?.text).toMatch(/^He married, had three children and kept on working/);
  });

  it('prefers the sentence holding a phrase the question quotes', () => {
    const sub = choice(
      'The underlined words “diagnosed him with” probably mean “_____”.',
      ['found he had', 'cured him of', 'gave him', 'wrote about'],
      'A',
    );
    expect(supportingSentence(article, sub)?.text).toMatch(/^When he was 21, doctors diagnosed him/);
  });

  it('is, for a translation, the sentence it asks to translate', () => {
    const sub = { type: 'translation', title: '翻译下面的句子', desc: 'She suddenly realized that time was precious.' };
    expect(supportingSentence(article, sub)?.text).toBe('She suddenly realized that time was precious.');
  });
});

describe('a translation’s missing key terms', () => {
  const article = formatArticle(HAWKING, 'junior');
  const sub = { type: 'translation', title: '翻译', desc: 'She suddenly realized that time was precious.' };
  const sentence = supportingSentence(article, sub);
  // The step's glossary, as a teacher who formatted at 初中 keeps it: every out-of-scope word of the sentence.
  const glossary = stepGlossary(
    { ...article, outScopeWords: formatArticle(HAWKING, 'junior').outScopeWords },
    sub,
    sentence,
  );

  it('names only words of the translated sentence (issue 29: not diagnosed, bored)', () => {
    const named = glossary.map((g) => g.word);
    expect(named).toContain('precious');
    expect(named).not.toContain('diagnosed');
    expect(named).not.toContain('bored');
    for (const w of named) expect(sub.desc.toLowerCase()).toContain(w);
  });

  it('accepts 意识到 for realized', () => {
    const realized = [{ word: 'realized', gloss: '了解；实现；使显得逼真；变卖' }];
    expect(missingTerms('她突然意识到时间是宝贵的。', realized)).toEqual([]);
    expect(missingTerms('她突然认识到时间很宝贵。', realized)).toEqual([]);
    expect(missingTerms('她突然觉得时间很宝贵。', realized)).toEqual(realized);
  });
});
