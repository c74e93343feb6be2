import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVATAR_PLACEHOLDER, avatarInitial, firstGrapheme } from './avatar.js';

describe('avatarInitial', () => {
  it.each([
    ['张三', '张'],
    ['  李四 ', '李'],
    ['\u3000王五', '王'],
    ['alice', 'A'],
    ['Bob', 'B'],
    ['émile', 'É'],
    // A base letter with a combining accent is one character on screen.
    ['e\u0301mile', 'E\u0301'],
    ['ßeta', 'ß'],
    ['\u03B1\u0313\u0345x', '\u03B1\u0313\u0345'],
    ['ﬁsh', 'ﬁ'],
    ['ǆemal', 'Ǆ'],
    ['éva', 'É'],
    ['ивaн', 'И'],
    ['42号', '4'],
    ['😀 smile', '😀'],
    ['👨‍👩‍👧 family', '👨‍👩‍👧'],
    ['🇨🇳China', '🇨🇳'],
    ['👍🏽ok', '👍🏽'],
    ['𠮷野家', '𠮷'],
    ['\u200B\uFEFFzed', 'Z'],
  ])('%j → %j', (name, initial) => {
    expect(avatarInitial(name)).toBe(initial);
  });

  it.each(['', '   ', '\n\t', '\u3000', '\u200B', null, undefined])('uses the placeholder for %j', (name) => {
    expect(avatarInitial(name)).toBe(AVATAR_PLACEHOLDER);
  });

  it('uses ? as the placeholder and tolerates non-strings at run time', () => {
    expect(AVATAR_PLACEHOLDER).toBe('?');
    expect(avatarInitial(42 as unknown as string)).toBe('?');
  });

  it('answers one grapheme that the trimmed name starts with (up to case)', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 8 }), (name) => {
        const initial = avatarInitial(name);
        const rest = name.replace(/^[\s\p{Cf}]+/u, '');
        if (rest === '') {
          expect(initial).toBe(AVATAR_PLACEHOLDER);
          return;
        }
        expect([...segmenter.segment(initial)]).toHaveLength(1);
        expect(rest.toUpperCase().startsWith(initial) || rest.startsWith(initial)).toBe(true);
        expect(initial).toBe(initial.trim());
      }),
    );
  });

  it("answers Intl.Segmenter's first grapheme, the fast path for a Chinese character or ASCII letter included", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const start = fc.constantFrom('李', '王', '𠮷', 'a', 'Z', '7', 'é', '😀', '\u1100');
    const next = fc.constantFrom('', '\u0301', '\u200D👩', '\uFE0F', '🏽', '\u{E0067}', '小明', 'x', ' ', '\u1161');
    fc.assert(
      fc.property(start, next, fc.string({ unit: 'grapheme', maxLength: 4 }), (a, b, rest) => {
        const text = a + b + rest;
        const [first] = segmenter.segment(text);
        expect(firstGrapheme(text)).toBe(first.segment);
      }),
    );
  });

  it('never splits a surrogate pair', () => {
    const wellFormed = (t: string) => {
      try {
        encodeURIComponent(t);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter(wellFormed), (name) => {
        expect(wellFormed(avatarInitial(name))).toBe(true);
      }),
    );
  });
});

describe('firstGrapheme', () => {
  it('answers the first grapheme, or "" for ""', () => {
    expect(firstGrapheme('')).toBe('');
    expect(firstGrapheme('abc')).toBe('a');
    expect(firstGrapheme('👩‍💻dev')).toBe('👩‍💻');
  });
});
