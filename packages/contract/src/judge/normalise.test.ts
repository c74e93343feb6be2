import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankMatches, choiceLetters, normaliseBlank, trueFalseValue, trueFalseValues } from './normalise.js';
import { splitAlternatives } from '../schemas/question-rules.js';

describe('choiceLetters', () => {
  it.each([
    [['A'], ['A']],
    [['a'], ['A']],
    [['Ａ'], ['A']],
    [
      ['ｂ', 'Ｃ'],
      ['B', 'C'],
    ],
    [
      [' C ', 'A', 'a', 'A'],
      ['A', 'C'],
    ],
    [['AC'], ['A', 'C']],
    [['A,C'], ['A', 'C']],
    [['A、C'], ['A', 'C']],
    [['A，C；D'], ['A', 'C', 'D']],
    [['', '  '], []],
    [[], []],
  ])('%j → %j', (input, letters) => {
    expect(choiceLetters(input)).toEqual(letters);
  });

  it('keeps non-letters as tokens of their own so they never match', () => {
    expect(choiceLetters(['1'])).toEqual(['1']);
    expect(choiceLetters(['选A'])).toEqual(['A', '选']);
  });
});

describe('trueFalseValue', () => {
  it.each(['T', 't', 'true', 'TRUE', ' True ', '对', '正确', '√', '✓', '✔', 'Ｔ'])('%j is T', (v) => {
    expect(trueFalseValue(v)).toBe('T');
  });
  it.each(['F', 'f', 'false', 'False', '错', '错误', '×', '✗', '✘', '✕', 'ｆ'])('%j is F', (v) => {
    expect(trueFalseValue(v)).toBe('F');
  });
  it('leaves anything else as it is (trimmed)', () => {
    expect(trueFalseValue(' yes ')).toBe('yes');
    expect(trueFalseValue('x')).toBe('x');
  });
  it('collects distinct values and drops blanks', () => {
    expect(trueFalseValues(['T', 'true', '对', ' '])).toEqual(['T']);
    expect(trueFalseValues(['T', 'F'])).toEqual(['F', 'T']);
    expect(trueFalseValues([])).toEqual([]);
  });
});

describe('normaliseBlank', () => {
  it.each([
    ['  Apple ', 'apple'],
    ['ＡＢＣ１２３', 'abc123'],
    ['New   York', 'new york'],
    ['New\u3000York', 'new york'],
    ['\tNew\n York\t', 'new york'],
    ['你好，世界！', '你好,世界!'],
    ['（1）', '(1)'],
    ['ＣＯ₂', 'co2'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(normaliseBlank(input)).toBe(output);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const once = normaliseBlank(s);
        expect(normaliseBlank(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const once = normaliseBlank(s);
        expect(normaliseBlank(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('never leaves leading, trailing or doubled whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Ｂ', ' ', '\u3000', '\t', '\n', '你') }), (s) => {
        const n = normaliseBlank(s);
        expect(n).toBe(n.trim());
        expect(n).not.toMatch(/\s\s/);
      }),
    );
  });
});

describe('splitAlternatives', () => {
  it.each([
    ['apple', ['apple']],
    ['apple|apples', ['apple', 'apples']],
    [' New York | NY ', ['New York', 'NY']],
    ['a||b', ['a', '', 'b']],
    ['a|', ['a', '']],
    ['\\|x\\|', ['|x|']],
    ['\\|x\\||abs(x)', ['|x|', 'abs(x)']],
  ])('%j → %j', (blank, alternatives) => {
    expect(splitAlternatives(blank)).toEqual(alternatives);
  });
});

describe('blankMatches', () => {
  it('matches any alternative after normalisation', () => {
    expect(blankMatches('went|had gone', 'HAD  GONE')).toBe(true);
    expect(blankMatches('went|had gone', ' went ')).toBe(true);
    expect(blankMatches('went|had gone', 'go')).toBe(false);
    expect(blankMatches(' New York | NY ', 'new york')).toBe(true);
    expect(blankMatches('北京，上海', '北京,上海')).toBe(true);
  });
  it('never matches an empty text, even against an empty alternative', () => {
    expect(blankMatches('a||b', '')).toBe(false);
    expect(blankMatches('a|', '  ')).toBe(false);
    expect(blankMatches('a', undefined)).toBe(false);
  });
  it('does not treat | in the submission as alternatives', () => {
    expect(blankMatches('a|b', 'a|b')).toBe(false);
    expect(blankMatches('\\|x\\|', '|x|')).toBe(true);
  });
});
