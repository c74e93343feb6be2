// Arrays serialised once and spliced into answers (json-fragment.ts) give exactly the text JSON.stringify gives,
// wherever and however often they stand in the answer, and stay arrays for whatever reads them in the process.
import { describe, expect, it } from 'vitest';
import { SerialisedArray, serialiseSplicedWithin, stringifySpliced } from './json-fragment.js';

describe('stringifySpliced', () => {
  it('writes each serialised array as JSON.stringify writes its items, once or twice, nested or not', () => {
    const questions = new SerialisedArray([
      { id: '1', text: 'say "hi"\n', options: ['A', 'B'] },
      // Text that looks like an escape or a marker is only text.
      { id: '2', text: '\\u0000serialised:\\u0000 $& $1', options: [] },
    ]);
    const other = new SerialisedArray([1, 2, 3]);
    const answer = {
      recordId: '9',
      training: { paper: { questions, answers: { '1': ['A'] } }, note: 'é\u2028' },
      again: [questions, other],
      last: other,
    };
    expect(stringifySpliced(answer)).toBe(JSON.stringify(answer));
    expect(JSON.parse(stringifySpliced(answer)!)).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(stringifySpliced(undefined)).toBeUndefined();
    expect(stringifySpliced({ plain: [1, { a: null }] })).toBe('{"plain":[1,{"a":null}]}');
  });

  it('starts afresh after an answer that could not be serialised', () => {
    const views = new SerialisedArray([{ id: 'a' }]);
    expect(() => stringifySpliced({ views, n: BigInt(1) })).toThrow();
    expect(stringifySpliced({ other: 1 })).toBe('{"other":1}');
    expect(stringifySpliced({ views })).toBe('{"views":[{"id":"a"}]}');
  });

  it('keeps the array an array: its items read, and what is made from it plain', () => {
    const views = new SerialisedArray([{ id: 'a' }, { id: 'b' }]);
    expect(Array.isArray(views)).toBe(true);
    expect(views.map((v) => v.id)).toEqual(['a', 'b']);
    expect(views.map((v) => v.id)).not.toBeInstanceOf(SerialisedArray);
    expect(views.json).toBe('[{"id":"a"},{"id":"b"}]');
  });
});

describe('serialiseSplicedWithin', () => {
  it('gives the text within its ends as UTF-8 bytes when serialised arrays stand in it, else as text', () => {
    const questions = new SerialisedArray([
      { id: '1', text: '中文 "引号" \u2028 é' },
      { id: '2', text: '$& $1' },
    ]);
    const other = new SerialisedArray(['二']);
    const answer = { first: questions, mid: '题目', again: [questions, other], last: other };
    const bytes = serialiseSplicedWithin(answer, '{"head":"开始","response":', '}');
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).toString('utf8')).toBe(`{"head":"开始","response":${JSON.stringify(answer)}}`);
    // The arrays' bytes are encoded once and kept.
    expect(questions.bytes).toBe(questions.bytes);
    expect(questions.bytes.toString('utf8')).toBe(questions.json);
    expect(serialiseSplicedWithin({ plain: '文' }, '[', ']')).toBe('[{"plain":"文"}]');
    expect(serialiseSplicedWithin(undefined, '[', ']')).toBeUndefined();
  });
});
