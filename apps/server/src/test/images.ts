// Real images for upload tests: uploads are stored only when they are whole images (docs/security.md "Uploads").
// The PNG, JPEG and WebP were drawn by Chromium's canvas (8×6 px); the GIF is the classic 1×1 pixel.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const SAMPLE_IMAGES = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAYAAAD+Bd/7AAAAdElEQVR4AVSNzRFAUAyEv3kFeFShB00owUEHTjpw0YGTDhShCUWYCQ1E4m84bXbn201YyXQh15lCJ0odqLWj1YZeK0YNGylCgutGfHXH80gQCx/zheQu3QuRLyRWclgMOhcuc8176K/EIC+F3Q43T/iHIwcAAAD//8p40b0AAAAGSURBVAMAadg3/FfaqWwAAAAASUVORK5CYII=',
    'base64',
  ),
  'image/jpeg': Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAYEAEAAwEAAAAAAAAAAAAAAAAAAgQFIf/EABUBAQEAAAAAAAAAAAAAAAAAAAUH/8QAHBEAAAYDAAAAAAAAAAAAAAAAAAIDBBQiAQUG/9oADAMBAAIRAxEAPwCMaNiXQFa59ojDLXAZ3jpaWaw//9k=',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/webp': Buffer.from(
    'UklGRjICAABXRUJQVlA4WAoAAAAgAAAABwAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggRAAAAFACAJ0BKggABgABQCYlsAJ0twCjAAUpVIoqEAD++oIlmdzaxv/nMfLj+f/uyT12/+dB46//jKn/nvx3YQcs1buhAAAA',
    'base64',
  ),
} as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One PNG chunk: length, type, body and CRC. */
export function pngChunk(kind: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(kind, 'latin1'), body]);
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + body.length);
  return out;
}

/** A whole, valid PNG of exactly `size` bytes (≥ 70): one row of random grey pixels, stored without compression. */
export function pngOfSize(size: number): Buffer {
  const width = Math.max(1, size - 69);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  const raw = Buffer.concat([Buffer.from([0]), randomBytes(width)]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
