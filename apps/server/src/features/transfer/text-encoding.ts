// Reading a GIFT or Moodle XML file's bytes as text in the encodings teachers' files come in: UTF-8 (with
// or without BOM), UTF-16 LE/BE (with or without BOM) and GB18030 (a superset of GBK and GB2312). Detection
// order and refusals: docs/import-export.md "Encodings".
import type { DetectedEncoding, ImportEncoding } from '@edu/contract';
import { FileFormatError } from './transfer-model.js';

export const ENCODING_NAMES: Record<DetectedEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  gb18030: 'GB18030/GBK',
};

export interface DecodedText {
  text: string;
  encoding: DetectedEncoding;
}

function bomOf(data: Buffer): DetectedEncoding | undefined {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * UTF-16 without a BOM, told by its zero bytes: the ASCII characters every GIFT/XML file has (newlines,
 * braces, tags) have a zero high byte, at odd offsets in LE and even ones in BE. Text in another encoding has
 * no zero bytes at all (or a stray one). Looks at the first 64 KB.
 */
export function utf16ByZeros(data: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(data.length, 65536) & ~1;
  if (n < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (data[i] === 0) even++;
    if (data[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  // At least a tenth of the characters are ASCII, and zeros sit on one side only.
  if (odd >= pairs / 10 && even <= odd / 20) return 'utf-16le';
  if (even >= pairs / 10 && odd <= even / 20) return 'utf-16be';
  return undefined;
}

function tryDecode(data: Buffer, encoding: DetectedEncoding): string | undefined {
  try {
    // The decoder drops a BOM of its own encoding (ignoreBOM false).
    return new TextDecoder(encoding, { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}

/** The encoding an XML declaration names (`<?xml … encoding="GBK"?>`), read from bytes that are ASCII there. */
function xmlDeclared(data: Buffer): string | undefined {
  const head = data.subarray(0, 256).toString('latin1');
  const m = /^<\?xml[^?>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return m?.[1];
}

const DECLARED: Record<string, DetectedEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  gbk: 'gb18030',
  gb2312: 'gb18030',
  gb18030: 'gb18030',
  'x-gbk': 'gb18030',
  cp936: 'gb18030',
  'windows-936': 'gb18030',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
};

/** 1-based line of the first bytes that are not valid in `encoding` (lines split at the encoded newline). */
function badLine(data: Buffer, encoding: DetectedEncoding): number {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const step = encoding.startsWith('utf-16') ? 2 : 1;
  const nl = encoding === 'utf-16be' ? 1 : 0;
  let line = 1;
  let start = 0;
  for (let i = 0; i + step <= data.length; i += step) {
    const isNewline = step === 1 ? data[i] === 0x0a : data[i + nl] === 0x0a && data[i + 1 - nl] === 0;
    if (!isNewline) continue;
    try {
      decoder.decode(data.subarray(start, i + step), { stream: true });
    } catch {
      return line;
    }
    start = i + step;
    line++;
  }
  return line;
}

function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function decodeAs(data: Buffer, encoding: DetectedEncoding): DecodedText {
  const text = tryDecode(data, encoding);
  if (text === undefined)
    throw new FileFormatError(
      `文件第 ${badLine(data, encoding)} 行不是有效的 ${ENCODING_NAMES[encoding]} 文本：请确认文件编码（可在导入时选择编码），或另存为 UTF-8 后重试`,
    );
  const nul = text.indexOf('\0');
  if (nul >= 0)
    throw new FileFormatError(
      `文件第 ${lineAt(text, nul)} 行含有 NUL 字符（按 ${ENCODING_NAMES[encoding]} 读取）：文件可能不是文本文件或编码不对，请另存为 UTF-8 后重试`,
    );
  return { text, encoding };
}

/**
 * The file's text and the encoding it was read with. `auto`: a BOM first; then (Moodle XML) the encoding its
 * declaration names; then strict UTF-8 when it yields no NUL character; then UTF-16 by its zero bytes; else
 * GB18030. A forced encoding is used as given. Invalid bytes or NUL characters: FileFormatError with the line.
 */
export function decodeText(data: Buffer, encoding: ImportEncoding, options: { xml?: boolean } = {}): DecodedText {
  if (encoding !== 'auto') return decodeAs(data, encoding);
  const bom = bomOf(data);
  if (bom) return decodeAs(data, bom);
  if (options.xml) {
    const declared = xmlDeclared(data);
    if (declared) {
      const name = declared.toLowerCase();
      if (name === 'utf-16') return decodeAs(data, utf16ByZeros(data) ?? 'utf-16le');
      const known = DECLARED[name];
      if (!known)
        throw new FileFormatError(`不支持 XML 声明的编码 ${declared}：请另存为 UTF-8（或 UTF-16、GB18030/GBK）后重试`);
      return decodeAs(data, known);
    }
  }
  const utf8 = tryDecode(data, 'utf-8');
  if (utf8 !== undefined && !utf8.includes('\0')) return { text: utf8, encoding: 'utf-8' };
  const utf16 = utf16ByZeros(data);
  if (utf16) return decodeAs(data, utf16);
  if (utf8 !== undefined) return decodeAs(data, 'utf-8');
  return decodeAs(data, 'gb18030');
}
