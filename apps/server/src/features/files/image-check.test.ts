// The whole-image check of uploads (docs/security.md "Uploads"): real images pass, trailing or embedded payloads
// are refused or dropped, and no input makes it throw.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectImageType } from './files.policy.js';
import { checkedImage } from './image-check.js';
import { pngChunk, SAMPLE_IMAGES } from '../../test/images.js';

const { 'image/png': PNG, 'image/jpeg': JPEG, 'image/webp': WEBP, 'image/gif': GIF } = SAMPLE_IMAGES;
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1');

const check = (b: Buffer) => {
  const type = detectImageType(b);
  return type ? checkedImage(type, b) : null;
};

/** A PNG of the given size whose pixel data inflates to `rawBytes` (a bomb when it is far smaller than claimed). */
function png(width: number, height: number, raw: Buffer, extra: Buffer[] = []) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // depth
  ihdr[9] = 0; // grey
  return Buffer.concat([
    PNG.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    ...extra,
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('whole-image check of uploads', () => {
  it.each([
    ['PNG', PNG],
    ['JPEG', JPEG],
    ['WebP', WEBP],
    ['GIF', GIF],
  ])('keeps a real %s, and checking the stored copy again changes nothing', (_, image) => {
    const stored = check(image);
    expect(stored).not.toBeNull();
    expect(check(stored!)).toEqual(stored);
  });

  it.each([
    ['PNG', PNG],
    ['JPEG', JPEG],
    ['WebP', WEBP],
    ['GIF', GIF],
  ])('refuses a %s followed by HTML (a polyglot) and a truncated one', (_, image) => {
    expect(check(Buffer.concat([image, HTML]))).toBeNull();
    expect(check(image.subarray(0, image.length - 3))).toBeNull();
  });

  it('drops text chunks of a PNG and keeps its pixels', () => {
    const raw = Buffer.alloc(4 * (1 + 4), 7);
    for (let r = 0; r < 4; r++) raw[r * 5] = 0; // filter type 0 on each row
    const withText = png(4, 4, raw, [pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), HTML]))]);
    const stored = check(withText)!;
    expect(stored).not.toBeNull();
    expect(stored.includes(HTML)).toBe(false);
    expect(stored).toEqual(png(4, 4, raw));
  });

  it('refuses a PNG whose pixel data does not match its header, or claims a decompression bomb', () => {
    const raw = Buffer.alloc(4 * 5);
    expect(check(png(4, 4, raw))).not.toBeNull();
    expect(check(png(4, 5, raw))).toBeNull();
    expect(check(png(30_000, 30_000, raw))).toBeNull();
  });

  it('drops comment segments of a JPEG and comment blocks of a GIF', () => {
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, HTML.length + 2]), HTML]);
    const jpeg = Buffer.concat([JPEG.subarray(0, 2), com, JPEG.subarray(2)]);
    expect(check(jpeg)).toEqual(check(JPEG));
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, HTML.length]), HTML, Buffer.from([0])]);
    const gif = Buffer.concat([GIF.subarray(0, 13 + 6), comment, GIF.subarray(13 + 6)]);
    const stored = check(gif)!;
    expect(stored).not.toBeNull();
    expect(stored.includes(HTML)).toBe(false);
  });

  it('never throws on damaged images', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PNG, JPEG, WEBP, GIF),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        (image, flips) => {
          const b = Buffer.from(image);
          for (const [at, v] of flips) b[at % b.length] = v;
          const out = check(b);
          expect(out === null || Buffer.isBuffer(out)).toBe(true);
        },
      ),
    );
  });
});
