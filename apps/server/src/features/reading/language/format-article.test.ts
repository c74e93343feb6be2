// formatArticle on real articles (docs/reading.md "Language data and formatting").
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import { formatSentences, sanitizeQuestionHtml } from '../../questions/question-html.js';
import { ArticleTooLongError } from './article-limits.js';
import { formatArticle } from './format-article.js';
import { READING_LEVELS } from './levels.js';
import { articleSentences } from './sentences.js';
import { TEST_ARTICLES } from './test-articles.test-helper.js';

const lemmas = (text: string, level: (typeof READING_LEVELS)[number], glossary?: string[]) =>
  formatArticle(text, level, glossary).outScopeWords.map((w) => w.lemma);

describe('sentences', () => {
  it('survive abbreviations, prices, decimals and quotes', () => {
    expect(articleSentences('Mr. Smith paid $3.50 in the U.S.')).toEqual(['Mr. Smith paid $3.50 in the U.S.']);
    expect(articleSentences('Mr. Smith paid $3.50 in the U.S. He left at 5 p.m. yesterday.')).toEqual([
      'Mr. Smith paid $3.50 in the U.S.',
      'He left at 5 p.m. yesterday.',
    ]);
    expect(articleSentences('Pi is 3.14. Dr. Who said "Stop!" and ran. Then he left.')).toEqual([
      'Pi is 3.14.',
      'Dr. Who said "Stop!" and ran.',
      'Then he left.',
    ]);
    expect(articleSentences('"Why can\'t you?" asked his mother. "The Prince never cries."')).toEqual([
      '"Why can\'t you?" asked his mother.',
      '"The Prince never cries."',
    ]);
  });

  it('carry the id of the span.word each starts in', () => {
    const { formatResult, sentences } = formatArticle('Mr. Smith paid $3.50 in the U.S. He left, sadly.', 'cet4');
    expect(sentences.map((s) => s.text)).toEqual(['Mr. Smith paid $3.50 in the U.S.', 'He left, sadly.']);
    for (const s of sentences) {
      const span = new RegExp(`<span class="word" id="${s.id}">([^<]*)</span>`).exec(formatResult);
      expect(span, s.id).not.toBeNull();
      expect(s.text.startsWith(span?.[1] ?? '-')).toBe(true);
    }
  });
});

describe('sentences of the editor’s HTML', () => {
  it('are read from the text of its blocks, entities decoded, with the ids of their spans', () => {
    const html =
      '<p>The <b>tortoise</b> won &amp; the hare lost. Mr. Fox&nbsp;watched.</p><p>Slow but steady wins the race.</p>';
    const { formatResult, sentences } = formatArticle(html, 'junior');
    expect(sentences.map((s) => s.text)).toEqual([
      'The tortoise won & the hare lost.',
      'Mr. Fox watched.',
      'Slow but steady wins the race.',
    ]);
    const ids = [...formatResult.matchAll(/id="(w-[0-9a-z]+-\d+)"/g)].map((m) => m[1]);
    expect(sentences.every((s) => ids.includes(s.id))).toBe(true);
    expect(new Set(sentences.map((s) => s.id)).size).toBe(3);
  });
});

describe('formatResult', () => {
  it('is the stored questions’ formatter output, ids unchanged (HTML)', () => {
    const html = '<p>The <b>tortoise</b> won &amp; the hare lost.</p><p>Slow but steady wins the race.</p>';
    expect(formatArticle(html, 'junior').formatResult).toBe(formatSentences(sanitizeQuestionHtml(html)));
  });

  it('is the same formatter over one paragraph per line for plain text', () => {
    const text = 'The tortoise won.\nSlow but steady wins the race, <they say>.';
    const html = '<p>The tortoise won.</p><p>Slow but steady wins the race, &lt;they say&gt;.</p>';
    expect(formatArticle(text, 'junior').formatResult).toBe(formatSentences(sanitizeQuestionHtml(html)));
  });

  it('never keeps script', () => {
    const out = formatArticle('<p>Hello <script>alert(1)</script>world.</p><img src=x onerror=alert(1)>', 'junior');
    expect(out.formatResult).not.toMatch(/script|onerror/);
  });
});

describe('outScopeWords', () => {
  it('lists words above the level by lemma, with level and gloss, unique, in article order', () => {
    const words = formatArticle(
      'The tortoise ridiculed the hare. The hare was ridiculing the tortoise. Tortoises are magnificent.',
      'junior',
    ).outScopeWords;
    expect(words.map((w) => w.lemma)).toEqual(['tortoise', 'ridicule', 'hare', 'magnificent']);
    expect(words[1]).toMatchObject({ word: 'ridiculed', lemma: 'ridicule', level: 'cet6' });
    expect(words[1].gloss).toMatch(/嘲笑/);
    expect(words[0]).toMatchObject({ lemma: 'tortoise', level: 'senior' });
  });

  it('names every spelling of a word, irregular forms included, once each and in order', () => {
    const words = formatArticle(
      'The fox flees. Then the fox fled and the hare wept. The hare weeps. Fleeing is wise, the fox fled again.',
      'junior',
    ).outScopeWords;
    expect(words.find((w) => w.lemma === 'flee')).toMatchObject({
      word: 'flees',
      level: 'senior',
      forms: ['flees', 'fled', 'fleeing'],
    });
    expect(words.find((w) => w.lemma === 'weep')).toMatchObject({ word: 'wept', forms: ['wept', 'weeps'] });
    // At 高中 flee and weep are known, in every spelling.
    const senior = formatArticle('The fox fled and the hare wept.', 'senior').outScopeWords;
    expect(senior.map((w) => w.lemma)).not.toContain('flee');
    expect(senior.map((w) => w.lemma)).not.toContain('weep');
  });

  it('keeps words of no exam list at every level, with level null and their gloss', () => {
    for (const level of READING_LEVELS) {
      const w = formatArticle('The hare did every chore.', level).outScopeWords.find((x) => x.lemma === 'chore');
      expect(w).toMatchObject({ word: 'chore', lemma: 'chore', level: null, forms: ['chore'] });
      expect(w?.gloss).not.toBe('');
    }
  });

  it('gives a word the dictionary does not hold the level of its base word (docs/reading.md "Word levels")', () => {
    const words = formatArticle('The boastful hare slept.', 'junior').outScopeWords;
    expect(words.find((x) => x.lemma === 'boastful')).toMatchObject({ level: 'cet4', gloss: '' });
    expect(formatArticle('The boastful hare slept.', 'kaoyan').outScopeWords).toEqual([]);
  });

  it('never lists proper nouns, numbers or glossary words', () => {
    const text =
      'Yesterday Alice met Sherlock Holmes in London and Baker Street. Holmes paid 3,500 pounds for 12 sapphires. ' +
      'NASA sent 3rd rockets. The magnificent cathedral astonished Alice.';
    const out = lemmas(text, 'junior', ['Sapphires', 'cathedral']);
    for (const name of [
      'alice',
      'sherlock',
      'holmes',
      'london',
      'baker',
      'street',
      'nasa',
      'rd',
      'sapphire',
      'cathedral',
    ])
      expect(out).not.toContain(name);
    expect(out).toContain('magnificent');
    expect(out).toContain('astonish');
    expect(out.every((l) => /^[a-z][a-z'-]*$/.test(l))).toBe(true);
  });

  it('a capitalised first word is a name when the article says so, a common word otherwise', () => {
    const out = lemmas('Gandalf smiled. Magnificent fireworks rose. Then Gandalf left.', 'junior');
    expect(out).not.toContain('gandalf');
    expect(out).toContain('magnificent');
  });

  it('shrink as the level rises, on every test article', () => {
    for (const { name, text } of TEST_ARTICLES) {
      const sets = READING_LEVELS.map((level) => new Set(lemmas(text, level)));
      for (let i = 1; i < sets.length; i++) {
        for (const lemma of sets[i])
          expect(sets[i - 1].has(lemma), `${name}: ${lemma} at ${READING_LEVELS[i]}`).toBe(true);
        expect(sets[i].size).toBeLessThanOrEqual(sets[i - 1].size);
      }
      expect(sets[0].size, name).toBeGreaterThan(0);
    }
  });

  it('honours glossary words and their inflections on the articles', () => {
    for (const { text } of TEST_ARTICLES) {
      const before = formatArticle(text, 'junior').outScopeWords;
      const glossary = before.slice(0, 3).map((w) => w.word);
      const after = lemmas(text, 'junior', glossary);
      for (const w of before.slice(0, 3)) expect(after).not.toContain(w.lemma);
      expect(after.length).toBe(before.length - glossary.length);
    }
  });
});

describe('bounds', () => {
  it('refuses articles over 20,000 characters with a Chinese invalid_input error', () => {
    const long = 'The tortoise won the race. '.repeat(800);
    let error: unknown;
    try {
      formatArticle(long, 'junior');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ArticleTooLongError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_input');
    expect((error as ApiError).errmsg).toMatch(/文章过长/);
  });

  it('formats an article of 20,000 characters', () => {
    const text = TEST_ARTICLES.map((a) => a.text)
      .join('\n')
      .slice(0, 19_900);
    const out = formatArticle(text, 'cet4');
    expect(out.sentences.length).toBeGreaterThan(100);
  });
});
