// The job's review of generated items (docs/reading.md "Generated items"), kept fixed with issue 29's cases:
// evidence verbatim (`long,deep`), no sentence asked twice, titles without a stray quotation mark, no entities.
import { describe, expect, it } from 'vitest';
import type { GeneratedSubQuestion } from './language/index.js';
import { cleanTitle, reviewGenerated, usedSentencesOf, verbatimEvidence } from './reading-review.js';

const article = 'He took a long,deep breath. “Go home,” she said. Tom & Jerry ran: 3 < 5.';
const sentences = ['He took a long,deep breath.', '“Go home,” she said.', 'Tom & Jerry ran: 3 < 5.'];
const item = (evidence: string, title = 'A statement.'): GeneratedSubQuestion => ({
  type: 'trueFalse',
  title,
  desc: '',
  options: [],
  answer: ['T'],
  explanation: '',
  evidence,
});

describe('reviewGenerated', () => {
  it('keeps the article’s characters in the evidence (issue 29: "long,deep" → "long, deep")', () => {
    expect(verbatimEvidence(article, 'He took a long, deep breath.')).toBe('He took a long,deep breath.');
    expect(verbatimEvidence(article, '"Go home," she said.')).toBe('“Go home,” she said.');
    expect(verbatimEvidence(article, 'He took a short breath.')).toBeNull();
    const [kept] = reviewGenerated([item('He took a long, deep breath.')], article, sentences);
    expect(kept.evidence).toBe('He took a long,deep breath.');
  });

  it('drops an item whose evidence the article does not hold, or whose sentence is asked already', () => {
    const out = reviewGenerated(
      [
        item('He took a long,deep breath.'),
        item('took a long,deep breath'),
        item('Not in it.'),
        item('Tom &amp; Jerry ran: 3 &lt; 5.'),
      ],
      article,
      sentences,
      ['“Go home,” she said.'],
    );
    expect(out.map((i) => i.evidence)).toEqual(['He took a long,deep breath.', 'Tom & Jerry ran: 3 < 5.']);
    expect(reviewGenerated([item('“Go home,” she said.')], article, sentences, ['“Go home,” she said.'])).toEqual([]);
  });

  it('decodes entities and cleans titles of a stray leading quotation mark', () => {
    const [a] = reviewGenerated(
      [item('Tom & Jerry ran: 3 < 5.', '” Tom &amp; Jerry ran: 3 &lt; 5.')],
      article,
      sentences,
    );
    expect(a.title).toBe('Tom & Jerry ran: 3 < 5.');
    expect(cleanTitle('"Why did he go?')).toBe('Why did he go?');
    expect(cleanTitle('“Go home,” she said.')).toBe('“Go home,” she said.');
    expect(cleanTitle(', and then he left.')).toBe('and then he left.');
  });

  it('reads the sentences a question already asks from its explanations’ 原文依据', () => {
    expect(
      usedSentencesOf([{ explanation: '<p>正确。</p><p>原文依据：Tom &amp; Jerry ran: 3 &lt; 5.</p>' }, {}]),
    ).toEqual(['Tom & Jerry ran: 3 < 5.']);
  });
});
