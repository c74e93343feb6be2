// What the format parsers produce and the serializers consume: drafts of question fields with their place
// in the file, and small text/HTML helpers shared by the formats (docs/import-export.md).
import { TAG_NAME_MAX, type DetectedEncoding, type ImportItemError, type Question } from '@edu/contract';

/** The question fields a file gave, before validation with the contract's QuestionCreate. */
export interface Draft {
  type: string;
  judgeType: 'auto' | 'manual';
  title: string;
  question: string;
  explanation: string;
  options: { key: string; content: string }[];
  answer: string[];
  tags: string[];
  /** Named explicitly (tag `kp:<code>` or the Excel column): must exist. */
  knowledgeId?: string;
  /** From a category path (`$course$/top/<code>`): used when it exists, else the default. */
  categoryKnowledgeId?: string;
  questionSub?: unknown[];
}

export interface ParsedItem {
  /** 1-based among the file's questions. */
  index: number;
  line?: number;
  row?: number;
  title: string;
  /** Null when the item could not be read at all (then `problems` says why). */
  draft: Draft | null;
  /** Problems found while reading (Chinese). */
  problems: string[];
  /** What the item loses when imported (Chinese), e.g. GIFT partial credit; it still imports. */
  warnings?: string[];
}

/** What a text format's reader hands on, one at a time, with the share of the file read (`at`, 0..1). */
export type ParseEvent = ({ item: ParsedItem } | { unsupported: ImportItemError }) & { at: number };

/** Every event of a reader gathered (tests, small files). */
export function collectEvents(events: Iterable<ParseEvent>): ParseResult {
  const out: ParseResult = { items: [], unsupported: [] };
  for (const e of events) {
    if ('item' in e) out.items.push(e.item);
    else out.unsupported.push(e.unsupported);
  }
  return out;
}

export interface ParseResult {
  items: ParsedItem[];
  /** Items the platform does not import (other question types), with where they are. */
  unsupported: ImportItemError[];
}

/**
 * Bounds of one import file, checked while reading (docs/import-export.md "Limits"); set by the IMPORT_*
 * configuration variables. A file over one is refused with a FileFormatError naming the limit.
 */
export interface ImportLimits {
  /** Largest upload, bytes. */
  maxBytes: number;
  /** Most questions in one file (GIFT/XML items, Excel data rows). */
  maxItems: number;
  /** xlsx: most bytes the archive's entries may inflate to, declared and actually inflated. */
  maxUncompressedBytes: number;
  /** xlsx: largest inflated / compressed ratio of one entry. */
  maxRatio: number;
  /** xlsx: most entries in the archive. */
  maxEntries: number;
  /** xlsx: most memory the shared strings (the cells' texts) may take, estimated; default 96 MB. */
  maxSharedStringsBytes?: number;
}

/**
 * Where a streaming parser hands what it reads, item by item, so that no file's whole list of items needs
 * to be held at once. `item` may return a promise: the parser waits for it (backpressure).
 */
export interface ParseSink {
  item(item: ParsedItem): void | Promise<void>;
  unsupported(item: ImportItemError): void;
  /** Share of the file read so far, 0..1. */
  progress(fraction: number): void;
}

export interface ParseOutcome {
  /** The encoding a text file was read with; absent for xlsx. */
  encoding?: DetectedEncoding;
}

/** A file that cannot be read at all (not XML, not an xlsx…): answered 400 naming `file`. */
export class FileFormatError extends Error {}

/** A file over one of the ImportLimits (size, items, a zip bomb): a FileFormatError naming the limit. */
export class ImportLimitError extends FileFormatError {}
export const limitError = (message: string) => new ImportLimitError(message);

export const tooManyItems = (limits: Pick<ImportLimits, 'maxItems'>) =>
  limitError(`文件中的题目超过上限 ${limits.maxItems} 道（导入题目数上限）：请拆分为多个文件后导入`);

export interface Serialized {
  data: Buffer;
  exported: number;
  /** Questions of types the format cannot hold. */
  skipped: number;
}

export const KP_TAG_PREFIX = 'kp:';

// eslint-disable-next-line no-control-regex
const TAG_REMOVED = /[\u0000-\u001f\u007f<>`]/g;

/**
 * Tags as Moodle keeps them (its PARAM_TAG cleaning): control characters and `<>\`` removed, white space
 * collapsed, cut to TAG_NAME_MAX characters (Moodle's TAG_MAX_LENGTH); empty ones and repeats dropped.
 */
export function normalizeTags(raw: readonly string[]): string[] {
  const out = new Set<string>();
  for (const r of raw) {
    const chars = [...r.replace(TAG_REMOVED, '').replace(/\s+/g, ' ').trim()];
    const cut = chars.slice(0, TAG_NAME_MAX).join('').trim();
    if (cut) out.add(cut);
  }
  return [...out];
}

/** Splits `kp:<code>` off the tags (the rest normalized like Moodle's). */
export function splitKpTag(raw: string[]): { tags: string[]; knowledgeId?: string } {
  const tags = raw.map((t) => t.trim());
  const kp = tags.find((t) => t.startsWith(KP_TAG_PREFIX));
  return {
    tags: normalizeTags(tags.filter((t) => !t.startsWith(KP_TAG_PREFIX))),
    ...(kp ? { knowledgeId: kp.slice(KP_TAG_PREFIX.length).trim() } : {}),
  };
}

/** The last segment of a Moodle category path when it looks like a knowledge point code. */
export function categoryKp(path: string): string | undefined {
  const last = path.trim().split('/').pop()?.trim() ?? '';
  return /^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/.test(last) ? last : undefined;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tags HTML text is written with; only these make unmarked GIFT/Moodle text count as HTML. */
const HTML_TAGS =
  'a|abbr|b|blockquote|br|code|del|div|em|font|h[1-6]|hr|i|img|ins|li|ol|p|pre|s|small|span|strike|strong|sub|sup|table|tbody|td|tfoot|th|thead|tr|u|ul';
/** `<tag>`, `<tag attr="v" flag>`, `</tag>`, `<br/>`: a known tag with attributes in HTML syntax. */
const HTML_TAG_RE = new RegExp(
  `<(?:(?:${HTML_TAGS})(?:\\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s"'=<>\`]+))?)*\\s*\\/?|\\/(?:${HTML_TAGS})\\s*)>`,
  'i',
);

/**
 * Whether text of a format that allows both (GIFT without a marker, Moodle `moodle_auto_format`) is HTML: it
 * holds a known tag in HTML syntax. `若 a<b 且 c>d` is not HTML (docs/import-export.md "Mapping").
 */
export const looksLikeHtml = (s: string) => HTML_TAG_RE.test(s);

const NAMED_REFS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Decodes character references in plain text, in one pass (so `&amp;#233;` gives `&#233;`): numeric ones
 * (`&#233;`, `&#x4E2D;`) always, named ones (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`) when the
 * format's plain text carries them. References to no character (0, surrogates, beyond U+10FFFF) stay as written.
 */
export function decodeCharRefs(s: string, named = false): string {
  if (!s.includes('&')) return s;
  return s.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (m, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return named ? (NAMED_REFS[name] ?? m) : m;
      const cp = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
      if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return m;
      return String.fromCodePoint(cp);
    },
  );
}

/** The inverse for plain text a format writes: `&` that would start a reference is written as one. */
export function escapeCharRefs(s: string, named = false): string {
  const re = named ? /&(?=#\d{1,7};|#[xX][0-9a-fA-F]{1,6};|[a-zA-Z]+;)/g : /&(?=#\d{1,7};|#[xX][0-9a-fA-F]{1,6};)/g;
  return s.replace(re, named ? '&amp;' : '&#38;');
}

/** Plain text as HTML: escaped once, wrapped in a paragraph, line breaks kept. */
export function plainToHtml(s: string): string {
  const t = s.trim();
  return t === '' ? '' : `<p>${escapeHtml(t).replace(/\r?\n/g, '<br>')}</p>`;
}

/** Plain option text as inline HTML: escaped once, line breaks kept (no paragraph). */
export const plainToInlineHtml = (s: string) => escapeHtml(s.trim()).replace(/\r?\n/g, '<br>');

/** Text that may be HTML: HTML is kept, plain text is escaped and wrapped in a paragraph. */
export function toHtml(s: string): string {
  const t = s.trim();
  if (t === '') return '';
  if (looksLikeHtml(t)) return t;
  return plainToHtml(decodeCharRefs(t));
}

/** Option text that may be HTML: HTML is kept, plain text only escaped (no paragraph). */
export function toInlineHtml(s: string): string {
  const t = s.trim();
  return looksLikeHtml(t) ? t : plainToInlineHtml(decodeCharRefs(t));
}

/**
 * How a format marks a text: `html` is kept as written; `auto` is HTML when it holds HTML tags (looksLikeHtml),
 * else plain; `plain` is always text (character references decoded, then escaped). docs/import-export.md.
 */
export type TextKind = 'html' | 'auto' | 'plain';

/** A text of the given kind as HTML: a paragraph, or inline (options) without one. */
export function textToHtml(text: string, kind: TextKind, inline = false): string {
  if (kind === 'html') return text.trim();
  if (kind === 'auto') return inline ? toInlineHtml(text) : toHtml(text);
  const plain = decodeCharRefs(text);
  return inline ? plainToInlineHtml(plain) : plainToHtml(plain);
}

/** Reference answer of an essay that came without one (shortAnswer needs one; docs/import-export.md). */
export const NO_REFERENCE = '（导入时未提供参考答案）';

/**
 * The stem without the sentence formatter's `span.word` wrappers (they hold plain text only), for files
 * other systems read; importing formats the sentences again with the same ids.
 */
export const unwrapWords = (html: string) => html.replace(/<span class="word" id="w-[^"]*">([^<]*)<\/span>/g, '$1');

/** Plain text of HTML (for titles in reports and plain-text answers). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos);/g, (m) => decodeCharRefs(m, true))
    .trim();
}

/** A title for the report: the item's title, else the start of its stem. */
export function reportTitle(title: string, question: string): string {
  if (title.trim()) return title.trim();
  const text = htmlToText(question).replace(/\s+/g, ' ');
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}

export function newDraft(d: Partial<Draft> & Pick<Draft, 'type'>): Draft {
  return {
    judgeType: d.type === 'shortAnswer' ? 'manual' : 'auto',
    title: '',
    question: '',
    explanation: '',
    options: [],
    answer: [],
    tags: [],
    ...d,
  };
}

export const optionKey = (i: number) => String.fromCharCode(65 + i);

/** Export order groups questions by knowledge point (one category each). */
export const byKnowledge = (qs: readonly Question[]) =>
  [...qs].sort((a, b) => (a.knowledgeId < b.knowledgeId ? -1 : a.knowledgeId > b.knowledgeId ? 1 : 0));

/** fillBlank answer alternatives: `|` separates them, `\|` is a literal bar (docs/judging.md). */
export function splitAlternatives(blank: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < blank.length; i++) {
    if (blank[i] === '\\' && blank[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (blank[i] === '|') {
      out.push(cur);
      cur = '';
    } else cur += blank[i];
  }
  out.push(cur);
  return out;
}
export const joinAlternatives = (alts: readonly string[]) => alts.map((a) => a.replace(/\|/g, '\\|')).join('|');
