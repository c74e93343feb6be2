// A ZIP archive written in the browser, for a download of several files as one (docs/recitation.md "Export"): each
// entry STOREd as it is (what goes in — PNG pages — is compressed already), with its CRC-32 and its name in UTF-8
// (general purpose flag bit 11), a local file header before each entry, then the central directory and the end
// record (PKWARE APPNOTE.TXT 4.3). No ZIP64: at most 65,535 entries and 4 GiB in all, else it throws.

export interface ZipEntry {
  /** The path inside the archive, e.g. `标题-第1页.png`. */
  name: string;
  data: Blob;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_RECORD = 0x06054b50;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;
const END_RECORD_SIZE = 22;
/** Version 2.0: what a reader needs for a stored entry in a folder-less archive with UTF-8 names. */
const VERSION = 20;
const UTF8_NAMES = 1 << 11;
const STORE = 0;
/** The largest 2-byte field: entry count, name length. */
const MAX_U16 = 0xffff;
/** The largest 4-byte field: sizes and offsets. */
const MAX_U32 = 0xffffffff;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 (ISO 3309, the one ZIP and PNG use) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date of `d` (local time, 2-second steps; years before 1980 become 1980). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(d.getFullYear(), 1980);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
}

/** The fields a local file header and a central directory header share, from "version needed" to "extra length". */
function writeCommon(v: DataView, at: number, e: Written, when: { time: number; date: number }) {
  v.setUint16(at, VERSION, true);
  v.setUint16(at + 2, UTF8_NAMES, true);
  v.setUint16(at + 4, STORE, true);
  v.setUint16(at + 6, when.time, true);
  v.setUint16(at + 8, when.date, true);
  v.setUint32(at + 10, e.crc, true);
  v.setUint32(at + 14, e.size, true); // compressed size: stored, so the same
  v.setUint32(at + 18, e.size, true);
  v.setUint16(at + 22, e.name.length, true);
  v.setUint16(at + 24, 0, true); // no extra field
}

function localHeader(e: Written, when: { time: number; date: number }): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(LOCAL_HEADER_SIZE + e.name.length);
  const v = new DataView(bytes.buffer);
  v.setUint32(0, LOCAL_HEADER, true);
  writeCommon(v, 4, e, when);
  bytes.set(e.name, LOCAL_HEADER_SIZE);
  return bytes;
}

function centralHeader(e: Written, when: { time: number; date: number }): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(CENTRAL_HEADER_SIZE + e.name.length);
  const v = new DataView(bytes.buffer);
  v.setUint32(0, CENTRAL_HEADER, true);
  v.setUint16(4, VERSION, true); // made by: MS-DOS attributes, version 2.0
  writeCommon(v, 6, e, when);
  // comment length, disk number, internal and external attributes stay 0
  v.setUint32(42, e.offset, true);
  bytes.set(e.name, CENTRAL_HEADER_SIZE);
  return bytes;
}

function endRecord(entries: number, directorySize: number, directoryOffset: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(END_RECORD_SIZE);
  const v = new DataView(bytes.buffer);
  v.setUint32(0, END_RECORD, true);
  // this disk and the directory's disk stay 0
  v.setUint16(8, entries, true);
  v.setUint16(10, entries, true);
  v.setUint32(12, directorySize, true);
  v.setUint32(16, directoryOffset, true);
  // comment length stays 0
  return bytes;
}

/** The entries, in order, as one `application/zip` blob; each entry's data is read once for its CRC-32. */
export async function zipStore(entries: readonly ZipEntry[], modified = new Date()): Promise<Blob> {
  if (entries.length > MAX_U16) throw new Error(`ZIP 条目过多（${entries.length}）`);
  const when = dosDateTime(modified);
  const utf8 = new TextEncoder();
  const parts: BlobPart[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = new Uint8Array(await entry.data.arrayBuffer());
    const e: Written = { name: utf8.encode(entry.name), crc: crc32(data), size: data.length, offset };
    if (e.name.length > MAX_U16) throw new Error(`ZIP 条目名过长（${entry.name.slice(0, 20)}…）`);
    const header = localHeader(e, when);
    parts.push(header, entry.data);
    written.push(e);
    offset += header.length + e.size;
  }
  const directory = written.map((e) => centralHeader(e, when));
  const directorySize = directory.reduce((n, h) => n + h.length, 0);
  if (offset + directorySize > MAX_U32) throw new Error('ZIP 文件超过 4 GB');
  parts.push(...directory, endRecord(written.length, directorySize, offset));
  return new Blob(parts, { type: 'application/zip' });
}
