// The ZIP writer (docs/recitation.md "Export") read back by a real ZIP reader, yauzl (the server's, in the root
// node_modules): every entry in order with its UTF-8 name, STOREd, its bytes unchanged and its CRC-32 the one
// Node's zlib computes; a truncated archive is refused by the same reader, so a malformed one fails this test.
import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip } from '../test/read-zip';
import { crc32, zipStore } from './zip-store';

const bytesOf = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());

describe('zipStore', () => {
  it('writes entries a ZIP reader reads back in order: UTF-8 names, stored, same bytes, right CRC-32', async () => {
    const files = [
      { name: '背诵单-第1页.png', data: randomBytes(100_000) },
      { name: '背诵单-第2页.png', data: Buffer.from('\x89PNG\r\n\x1a\n second page') },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ];
    const modified = new Date(2026, 2, 14, 9, 26, 53);
    const zip = await zipStore(
      files.map((f) => ({ name: f.name, data: new Blob([new Uint8Array(f.data)]) })),
      modified,
    );
    expect(zip.type).toBe('application/zip');
    const bytes = await bytesOf(zip);
    const read = await readZip(bytes);
    expect(read.map((r) => r.entry.fileName)).toEqual(files.map((f) => f.name));
    for (const [i, { entry, data }] of read.entries()) {
      expect(data.equals(files[i].data)).toBe(true);
      expect(entry.compressionMethod).toBe(0);
      expect(entry.compressedSize).toBe(files[i].data.length);
      expect(entry.generalPurposeBitFlag & 0x800).toBe(0x800);
      expect(entry.crc32).toBe(zlibCrc32(files[i].data));
      // The local file header repeats the name the central directory gives.
      const at = entry.relativeOffsetOfLocalHeader;
      expect(bytes.readUInt32LE(at)).toBe(0x04034b50);
      expect(bytes.readUInt32LE(at + 14)).toBe(entry.crc32);
      expect(bytes.subarray(at + 30, at + 30 + bytes.readUInt16LE(at + 26)).toString('utf8')).toBe(files[i].name);
      // MS-DOS time has 2-second steps.
      expect(entry.getLastModDate().getTime()).toBe(new Date(2026, 2, 14, 9, 26, 52).getTime());
    }
    // Nothing after the end record (no comment), and the end record counts the entries.
    expect(bytes.readUInt32LE(bytes.length - 22)).toBe(0x06054b50);
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(files.length);
  });

  it('writes an empty archive a reader accepts', async () => {
    expect(await readZip(await bytesOf(await zipStore([])))).toEqual([]);
  });

  it('is refused by the reader when cut short, so a malformed archive fails the round trip', async () => {
    const zip = await bytesOf(await zipStore([{ name: 'a.png', data: new Blob(['abc']) }]));
    await expect(readZip(zip.subarray(0, zip.length - 5))).rejects.toThrow();
    const wrongSize = Buffer.from(zip);
    wrongSize.writeUInt32LE(4, wrongSize.readUInt32LE(wrongSize.length - 6) + 24); // central uncompressed size
    await expect(readZip(wrongSize)).rejects.toThrow();
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    const random = randomBytes(4096);
    expect(crc32(random)).toBe(zlibCrc32(random));
  });
});
