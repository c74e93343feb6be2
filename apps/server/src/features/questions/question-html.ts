// Rich content of questions (docs/domain.md "Questions and repositories"): an allow-list sanitiser for every HTML field written, and the
// sentence formatter that wraps each sentence of the stem in `span.word` with a stable id (docs/product.md §3).
// Formulas are kept as LaTeX source: `<span class="math-tex" data-latex="…">` (rendered by KaTeX on
// the web) or `$…$` in text. Rules and reasons: docs/question-bank.md.
import { shortHash } from '@edu/contract';
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'small',
  'big',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'img',
  'a',
  'ruby',
  'rt',
  'rp',
];

/** Images: http(s), the server's own files, or an inline raster image (never svg: it can carry script). */
const IMG_SRC_RE =
  /^(https?:\/\/[^\s"'<>]+|\/v1\/files\/[A-Za-z0-9_-]+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/i;
const HREF_RE = /^(https?:\/\/|mailto:)[^\s"'<>]+$/i;
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    span: ['class', 'data-latex', 'id'],
    div: ['class'],
    p: ['class'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    a: ['href', 'title', 'target', 'rel'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
    '*': ['style'],
  },
  allowedClasses: { span: ['word', 'math-tex', 'blank', 'ql-*'], p: ['ql-*'], div: ['ql-*'] },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'vertical-align': [/^(top|middle|bottom|baseline|sub|super)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Contents of these are dropped with them, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'iframe', 'noembed', 'noframes'],
  transformTags: {
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _src, ...rest } = attribs;
      // An image without an allowed source is dropped by exclusiveFilter below.
      return { tagName, attribs: IMG_SRC_RE.test(src) ? { ...rest, src } : rest };
    },
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const { href: _href, target: _target, rel: _rel, ...rest } = attribs;
      return HREF_RE.test(href)
        ? { tagName, attribs: { ...rest, href, target: '_blank', rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs: rest };
    },
    span: (tagName, attribs) => {
      const { id, ...rest } = attribs;
      // Only the formatter's ids survive (w-<hash>-<n>); the formatter rewrites them anyway.
      return { tagName, attribs: id && /^w-[0-9a-z]+-\d+$/.test(id) ? { ...rest, id } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitises one HTML field with the allow-list. Idempotent. */
export function sanitizeQuestionHtml(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}

// ---- Sentence formatter ----

const VOID = new Set(['br', 'hr', 'img', 'col']);
const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|amp|#39|#x27);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'amp' ? '&' : "'",
  );
const encode = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Token = { kind: 'text'; text: string } | { kind: 'tag'; raw: string };

/**
 * Tokens of sanitised HTML with existing `span.word` wrappers removed and the text they held merged
 * with its neighbours. Only safe on the sanitiser's output: there `<` always opens a tag and text and
 * attribute values are escaped.
 */
function tokens(html: string): Token[] {
  const out: Token[] = [];
  const stack: boolean[] = []; // per open element: is it a span.word being unwrapped?
  const pushText = (text: string) => {
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += text;
    else out.push({ kind: 'text', text });
  };
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>|[^<]+/g)) {
    const raw = m[0];
    if (!raw.startsWith('<')) {
      pushText(decode(raw));
      continue;
    }
    const tag = (m[1] ?? '').toLowerCase();
    if (raw.startsWith('</')) {
      if (stack.pop() !== true) out.push({ kind: 'tag', raw });
      continue;
    }
    if (VOID.has(tag) || raw.endsWith('/>')) {
      out.push({ kind: 'tag', raw });
      continue;
    }
    const isWord = tag === 'span' && /\bclass="[^"]*\bword\b[^"]*"/.test(raw);
    stack.push(isWord);
    if (!isWord) out.push({ kind: 'tag', raw });
  }
  return out;
}

const SENTENCE_PIECE_RE = /[^.．。?!？！,，；;]+[.．。?!？！,，；;]*|[.．。?!？！,，；;]+/gu;
const SEPARATOR_ONLY_RE = /^[\s.．。?!？！,，；;]*$/u;

/**
 * The sentences of one text node as [start, end) ranges, split at the separators of docs/product.md §9 like the
 * contract's `splitSentences` (separator-only pieces join the sentence before them). `$…$` formulas
 * are never split.
 */
function sentenceRanges(text: string): [number, number][] {
  // Mask formulas so their dots and commas are not separators (same length, so offsets hold).
  const masked = text.replace(/\$[^$]+\$/g, (f) => 'x'.repeat(f.length));
  const ranges: [number, number][] = [];
  for (const m of masked.matchAll(SENTENCE_PIECE_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (SEPARATOR_ONLY_RE.test(m[0]) && ranges.length > 0) {
      ranges[ranges.length - 1][1] = end;
      continue;
    }
    ranges.push([start, end]);
  }
  // Trim each range; drop blank ones.
  return ranges
    .map(([s, e]): [number, number] => {
      while (s < e && /\s/u.test(text[s])) s++;
      while (e > s && /\s/u.test(text[e - 1])) e--;
      return [s, e];
    })
    .filter(([s, e]) => e > s);
}

/**
 * Wraps every sentence of every text node in `<span class="word" id="w-<hash>-<n>">` (hash of the
 * sentence, n counting earlier equal sentences), leaving formulas (`span.math-tex`) alone. Expects
 * sanitised HTML; idempotent (existing word spans are unwrapped first), and the same text always gets
 * the same ids, so images linked to a sentence survive edits of other sentences.
 */
export function formatSentences(html: string): string {
  const seen = new Map<string, number>();
  const parts: string[] = [];
  let mathDepth = 0;
  const openStack: boolean[] = [];
  for (const tok of tokens(html)) {
    if (tok.kind === 'tag') {
      parts.push(tok.raw);
      if (tok.raw.startsWith('</')) {
        if (openStack.pop()) mathDepth--;
      } else if (!tok.raw.endsWith('/>') && !VOID.has(/^<([a-zA-Z0-9]+)/.exec(tok.raw)?.[1]?.toLowerCase() ?? '')) {
        const isMath = /\bclass="[^"]*\bmath-tex\b/.test(tok.raw);
        openStack.push(isMath);
        if (isMath) mathDepth++;
      }
      continue;
    }
    const text = tok.text;
    if (mathDepth > 0 || text.trim() === '') {
      parts.push(encode(text));
      continue;
    }
    let cursor = 0;
    for (const [s, e] of sentenceRanges(text)) {
      const sentence = text.slice(s, e);
      const hash = shortHash(sentence);
      const n = seen.get(hash) ?? 0;
      seen.set(hash, n + 1);
      parts.push(encode(text.slice(cursor, s)));
      parts.push(`<span class="word" id="w-${hash}-${n}">${encode(sentence)}</span>`);
      cursor = e;
    }
    parts.push(encode(text.slice(cursor)));
  }
  return parts.join('');
}
