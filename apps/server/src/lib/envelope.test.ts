// The envelope's text made from parts serialised once (okEnvelopeText) is, byte for byte, JSON.stringify of the
// envelope object (docs/performance.md "The health route's cost").
import { describe, expect, it } from 'vitest';
import { okEnvelope, okEnvelopeText } from './envelope.js';
import { SerialisedArray } from './json-fragment.js';

describe('okEnvelopeText', () => {
  it('writes the text JSON.stringify writes of okEnvelope', () => {
    const responses: unknown[] = [
      { status: 'ok' },
      null,
      [],
      [1, 'двa', { a: null }],
      { text: 'quote " backslash \\ newline \n 中文 \u2028', when: new Date(0), nested: { deep: [true, false] } },
      'a string',
      0,
      { skipped: undefined, kept: 1 },
    ];
    for (const module of ['general', 'train', 'odd "module"']) {
      const text = okEnvelopeText(module);
      for (const response of responses)
        for (const now of [0, 1_796_080_508_998, -0, 1e21])
          expect(text(response, now)).toBe(JSON.stringify(okEnvelope(module, response, now)));
    }
  });

  it('writes the same text for answers of the same millisecond and a new one for the next', () => {
    const text = okEnvelopeText('train');
    const at = 1_796_080_508_998;
    for (const now of [at, at, at + 1, at + 1, at, Number.MAX_SAFE_INTEGER])
      for (const response of [{ a: 1 }, [2], 'three'])
        expect(text(response, now)).toBe(JSON.stringify(okEnvelope('train', response, now)));
  });

  it('writes an answer holding a serialised array as the UTF-8 bytes of that text', () => {
    const questions = new SerialisedArray([{ id: '1', question: '<p>中文 "题"</p>' }]);
    const response = { paper: { questions, answers: {} }, title: '试卷' };
    const bytes = okEnvelopeText('train')(response, 1_796_080_508_998);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).toString('utf8')).toBe(JSON.stringify(okEnvelope('train', response, 1_796_080_508_998)));
  });

  it('leaves to the object what the text would write otherwise', () => {
    const text = okEnvelopeText('general');
    expect(text(undefined, 1)).toBeUndefined();
    expect(text({}, Number.NaN)).toBeUndefined();
  });
});
