// Unit tests of image type detection from magic bytes.
import { describe, expect, it } from 'vitest';
import { detectImageType } from './files.policy.js';

const b = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectImageType', () => {
  it('recognises png, jpeg, gif and webp', () => {
    expect(detectImageType(b([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toBe('image/png');
    expect(detectImageType(b([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(b('GIF87a'))).toBe('image/gif');
    expect(detectImageType(b('GIF89a'))).toBe('image/gif');
    expect(detectImageType(b('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, including look-alikes', () => {
    for (const x of [b('<svg/>'), b('GIF88a'), b('RIFF', [1, 2, 3, 4], 'WAVE'), b([0x89], 'PNG'), b(''), b('%PDF-1.7')])
      expect(detectImageType(x)).toBeNull();
  });
});
