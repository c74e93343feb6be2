import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SENTENCE_SEPARATORS, sentenceSpans, shortHash, splitSentences } from './sentences.js';

const SEPS = '.．。?!？！,，；;';
const noSpace = (s: string) => s.replace(/\s+/g, '');
// Texts made of words, separators and whitespace in every mix.
const textArb = fc
  .array(fc.constantFrom('Hi', 'there', '你好', '世界', '😀', ' ', '  ', '\n', '\t', ...SEPS.split('')), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

describe('splitSentences', () => {
  it('uses exactly the separators of docs/product.md §9', () => {
    expect([...SENTENCE_SEPARATORS].sort()).toEqual(
      ['.', '．', '。', '?', '!', '？', '！', ',', '，', '；', ';'].sort(),
    );
    for (const sep of SENTENCE_SEPARATORS) expect(splitSentences(`a${sep}b`)).toEqual([`a${sep}`, 'b']);
  });

  it.each([':', '：', '、', '…', '\n', '"', '—', '~'])('does not split at %j', (c) => {
    expect(splitSentences(`a${c}b`)).toEqual([`a${c}b`]);
  });

  it('keeps the trailing separator with its sentence and trims whitespace', () => {
    expect(splitSentences('Hello world. How are you? Fine, thanks!')).toEqual([
      'Hello world.',
      'How are you?',
      'Fine,',
      'thanks!',
    ]);
    expect(splitSentences('床前明月光，疑是地上霜。举头望明月；低头思故乡！')).toEqual([
      '床前明月光，',
      '疑是地上霜。',
      '举头望明月；',
      '低头思故乡！',
    ]);
    expect(splitSentences('  One.\n\n  Two  ')).toEqual(['One.', 'Two']);
  });

  it('keeps consecutive separators with the preceding sentence', () => {
    expect(splitSentences('Really?! Yes...')).toEqual(['Really?!', 'Yes...']);
    expect(splitSentences('真的吗？！是的。。。')).toEqual(['真的吗？！', '是的。。。']);
    // Separators split by whitespace still belong to the sentence before them.
    expect(splitSentences('Wait . . . what?')).toEqual(['Wait . . .', 'what?']);
  });

  it('joins separators at the very start to the first sentence', () => {
    expect(splitSentences('...and then. End')).toEqual(['...and then.', 'End']);
    expect(splitSentences(' , Hi')).toEqual([', Hi']);
    expect(splitSentences('?!')).toEqual(['?!']);
  });

  it('takes the separators literally, also inside numbers and abbreviations', () => {
    expect(splitSentences('Pi is 3.14')).toEqual(['Pi is 3.', '14']);
    expect(splitSentences('Mr. Li')).toEqual(['Mr.', 'Li']);
  });

  it('drops empty pieces and answers [] for blank or missing text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n ')).toEqual([]);
    expect(splitSentences(null)).toEqual([]);
    expect(splitSentences(undefined)).toEqual([]);
    expect(splitSentences('a.  b.')).toEqual(['a.', 'b.']);
  });

  it('keeps every visible character in order', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(noSpace(splitSentences(text).join(''))).toBe(noSpace(text));
      }),
      { numRuns: 500 },
    );
  });

  it('gives trimmed, non-empty pieces with no separator between two words', () => {
    const inner = new RegExp(`[^${SEPS}\\s][${SEPS}][${SEPS}\\s]*[^${SEPS}\\s]`, 'u');
    fc.assert(
      fc.property(textArb, (text) => {
        for (const piece of splitSentences(text)) {
          expect(piece).toBe(piece.trim());
          expect(piece).not.toBe('');
          expect(piece).not.toMatch(inner);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives one piece per word run for texts that start with a word', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const words = text.split(new RegExp(`[${SEPS}]+`, 'u')).filter((w) => w.trim() !== '');
        const startsWithWord = new RegExp(`^\\s*[^${SEPS}\\s]`, 'u').test(text);
        const pieces = splitSentences(text);
        if (startsWithWord) expect(pieces).toHaveLength(words.length);
        else expect(pieces.length).toBe(Math.max(words.length, noSpace(text) === '' ? 0 : 1));
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent on each piece', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const piece of splitSentences(text)) expect(splitSentences(piece)).toEqual([piece]);
      }),
    );
  });
});

describe('sentenceSpans', () => {
  it('pairs each sentence with an id made of prefix, hash and occurrence', () => {
    const spans = sentenceSpans('I like apples. I like apples. You?', 'q1');
    expect(spans.map((s) => s.text)).toEqual(['I like apples.', 'I like apples.', 'You?']);
    const h = shortHash('I like apples.');
    expect(spans[0].id).toBe(`q1-${h}-0`);
    expect(spans[1].id).toBe(`q1-${h}-1`);
    expect(spans[2].id).toBe(`q1-${shortHash('You?')}-0`);
    expect(sentenceSpans('', 'q1')).toEqual([]);
  });

  it('uses the prefix s by default', () => {
    expect(sentenceSpans('One.')[0].id).toMatch(/^s-[0-9a-z]{7}-0$/);
  });

  it('keeps the ids of untouched sentences when another one is edited, inserted or removed', () => {
    const before = sentenceSpans('Tom is tall. He likes tea. It is late.', 'x');
    const after = sentenceSpans('Tom is tall. He loves green tea. Really! It is late.', 'x');
    expect(after[0]).toEqual(before[0]);
    expect(after[3]).toEqual(before[2]);
  });

  it('is deterministic and gives unique ids usable in HTML', () => {
    fc.assert(
      fc.property(textArb, fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), (text, prefix) => {
        const spans = sentenceSpans(text, prefix);
        expect(sentenceSpans(text, prefix)).toEqual(spans);
        expect(new Set(spans.map((s) => s.id)).size).toBe(spans.length);
        expect(spans.map((s) => s.text)).toEqual(splitSentences(text));
        for (const { id } of spans) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      }),
      { numRuns: 500 },
    );
  });

  it('stays unique even when different sentences share a hash', () => {
    // Occurrences are counted per hash, not per text, so a collision cannot produce a duplicate id.
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A.', 'B.', 'C.', 'A.'), { maxLength: 40 }), (parts) => {
        const ids = sentenceSpans(parts.join(' '), 'p').map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });
});

describe('shortHash', () => {
  it('is FNV-1a 32 as a fixed-width base-36 string, stable across runs', () => {
    // Published FNV-1a test vectors: '' → 0x811c9dc5, 'a' → 0xe40c292c, 'foobar' → 0xbf9cf968.
    expect(shortHash('')).toBe((0x811c9dc5).toString(36).padStart(7, '0'));
    expect(shortHash('a')).toBe((0xe40c292c).toString(36));
    expect(shortHash('foobar')).toBe((0xbf9cf968).toString(36));
    expect(shortHash('hello')).toMatch(/^[0-9a-z]{7}$/);
    expect(shortHash('hello')).toBe(shortHash('hello'));
    expect(shortHash('hello')).not.toBe(shortHash('hellp'));
  });
});
