// An upload is stored only if it is, all through, the image its first bytes claim (docs/security.md "Uploads"):
// its container is walked to the end, nothing may follow the image's last block, and the blocks that carry
// free text (PNG text chunks, JPEG comments and unknown application segments, GIF comments) are dropped from
// the stored copy. A PNG is decoded: its pixel data must inflate to exactly the size its header states. This
// refuses polyglots (an image header followed by HTML or script) that would pass a check of the first bytes.
import { inflateSync } from 'node:zlib';
import type { ImageType } from './files.policy.js';

/** The bytes to store (the image without its free-text blocks), or null when the file is not a whole image. */
export function checkedImage(type: ImageType, data: Buffer): Buffer | null {
  try {
    switch (type) {
      case 'image/png':
        return checkedPng(data);
      case 'image/jpeg':
        return checkedJpeg(data);
      case 'image/gif':
        return checkedGif(data);
      case 'image/webp':
        return checkedWebp(data);
    }
  } catch {
    return null;
  }
}

// ---- PNG ----

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(b: Buffer, from: number, to: number): number {
  let c = -1;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** Ancillary chunks kept: they describe colour and size, and carry no text. */
const PNG_KEPT = new Set(['PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'pHYs', 'sBIT', 'bKGD']);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** A decoded image may not exceed this many bytes of raw pixels (a decompression bomb is refused). */
const PNG_MAX_RAW_BYTES = 64 * 1024 * 1024;

function checkedPng(b: Buffer): Buffer | null {
  let at = 8;
  const kept: Buffer[] = [b.subarray(0, 8)];
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  let ended = false;
  while (at < b.length) {
    if (at + 12 > b.length) return null;
    const length = b.readUInt32BE(at);
    const kind = b.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > b.length || !/^[A-Za-z]{4}$/.test(kind)) return null;
    if (crc32(b, at + 4, at + 8 + length) !== b.readUInt32BE(at + 8 + length)) return null;
    const body = b.subarray(at + 8, at + 8 + length);
    if (!header && kind !== 'IHDR') return null;
    if (kind === 'IHDR') {
      if (header || length !== 13) return null;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colour: body[9],
        interlace: body[12],
      };
    }
    if (kind === 'IDAT') idat.push(body);
    const critical = kind[0] >= 'A' && kind[0] <= 'Z';
    if (critical || PNG_KEPT.has(kind)) kept.push(b.subarray(at, end));
    at = end;
    if (kind === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || at !== b.length || !header || idat.length === 0) return null;
  const expected = pngRawBytes(header);
  if (expected === null || expected > PNG_MAX_RAW_BYTES) return null;
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  return raw.length === expected ? Buffer.concat(kept) : null;
}

/** Bytes of filtered scanlines the header implies (Adam7 passes when interlaced). */
function pngRawBytes(h: { width: number; height: number; depth: number; colour: number; interlace: number }) {
  const channels = PNG_CHANNELS[h.colour];
  if (!channels || h.width === 0 || h.height === 0 || h.interlace > 1) return null;
  if (![1, 2, 4, 8, 16].includes(h.depth)) return null;
  const bits = channels * h.depth;
  const rows = (w: number, hgt: number) => (w === 0 || hgt === 0 ? 0 : hgt * (1 + Math.ceil((w * bits) / 8)));
  if (h.interlace === 0) return rows(h.width, h.height);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) total += rows(Math.ceil((h.width - x0) / dx), Math.ceil((h.height - y0) / dy));
  return total;
}

// ---- JPEG ----

function checkedJpeg(b: Buffer): Buffer | null {
  const kept: Buffer[] = [b.subarray(0, 2)];
  let at = 2;
  let frame = false;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return frame && at + 2 === b.length ? Buffer.concat([...kept, b.subarray(at, at + 2)]) : null;
    if (marker >= 0xd0 && marker <= 0xd7) return null; // restart markers live only inside scan data
    if (at + 4 > b.length) return null;
    const length = b.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) return null;
    if ((marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xf7)
      frame = true;
    if (jpegSegmentKept(marker, b.subarray(at + 4, end))) kept.push(b.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      if (!frame) return null;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      const scan = at;
      while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7)))
        at++;
      if (at + 1 >= b.length) return null;
      kept.push(b.subarray(scan, at));
    }
  }
  return null;
}

/** Comments (COM) and application segments other than JFIF, Exif, ICC profiles and Adobe's are dropped. */
function jpegSegmentKept(marker: number, body: Buffer): boolean {
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  const tag = body.toString('latin1', 0, 12);
  if (marker === 0xe0) return tag.startsWith('JFIF\0') || tag.startsWith('JFXX\0');
  if (marker === 0xe1) return tag.startsWith('Exif\0');
  if (marker === 0xe2) return tag.startsWith('ICC_PROFILE\0');
  if (marker === 0xee) return tag.startsWith('Adobe');
  return false;
}

// ---- GIF ----

function checkedGif(b: Buffer): Buffer | null {
  if (b.length < 13) return null;
  let at = 13;
  const flags = b[10];
  if (flags & 0x80) at += 3 * (1 << ((flags & 7) + 1));
  const kept: Buffer[] = [b.subarray(0, at)];
  let images = 0;
  const subBlocks = (from: number) => {
    let i = from;
    for (;;) {
      if (i >= b.length) return -1;
      const size = b[i];
      i += 1 + size;
      if (size === 0) return i;
    }
  };
  while (at < b.length) {
    const kind = b[at];
    if (kind === 0x3b) return images > 0 && at + 1 === b.length ? Buffer.concat([...kept, b.subarray(at)]) : null;
    if (kind === 0x2c) {
      if (at + 10 > b.length) return null;
      const local = b[at + 9];
      let i = at + 10;
      if (local & 0x80) i += 3 * (1 << ((local & 7) + 1));
      const minCode = b[i];
      if (minCode === undefined || minCode < 2 || minCode > 11) return null;
      const end = subBlocks(i + 1);
      if (end < 0) return null;
      kept.push(b.subarray(at, end));
      images++;
      at = end;
    } else if (kind === 0x21) {
      const label = b[at + 1];
      const end = subBlocks(at + 2);
      if (end < 0) return null;
      const app = label === 0xff ? b.toString('latin1', at + 3, at + 14) : '';
      // Comments (0xFE), plain text (0x01) and application blocks other than looping (NETSCAPE2.0) are dropped.
      if (label === 0xf9 || app === 'NETSCAPE2.0') kept.push(b.subarray(at, end));
      at = end;
    } else return null;
  }
  return null;
}

// ---- WebP ----

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function checkedWebp(b: Buffer): Buffer | null {
  if (b.length < 20 || b.readUInt32LE(4) + 8 !== b.length) return null;
  const kept: Buffer[] = [];
  let at = 12;
  let image = false;
  while (at < b.length) {
    if (at + 8 > b.length) return null;
    const kind = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const end = at + 8 + size + (size & 1);
    if (end > b.length) return null;
    if (kind === 'VP8 ' || kind === 'VP8L' || kind === 'ANMF') image = true;
    if (kind === 'VP8X' && size >= 10) {
      // The extended header's flags must not announce the EXIF and XMP chunks that are dropped.
      const copy = Buffer.from(b.subarray(at, end));
      copy[8] &= ~0x0c;
      kept.push(copy);
    } else if (WEBP_KEPT.has(kind)) kept.push(b.subarray(at, end));
    at = end;
  }
  if (!image) return null;
  const body = Buffer.concat(kept);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([head, body]);
}
