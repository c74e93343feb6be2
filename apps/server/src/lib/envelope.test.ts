// The envelope's text made from parts serialised once (okEnvelopeText) is, byte for byte, JSON.stringify of the
// envelope object (docs/performance.md "The health route's cost").
import { describe, expect, it } from 'vitest';
import { okEnvelope, okEnvelopeText } from './envelope.js';

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

  it('leaves to the object what the text would write otherwise', () => {
    const text = okEnvelopeText('general');
    expect(text(undefined, 1)).toBeUndefined();
    expect(text({}, Number.NaN)).toBeUndefined();
  });
});
