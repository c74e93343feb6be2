// The rich-content sanitiser and the sentence formatter: no executable construct survives the XSS
// corpus, the fidelity corpus survives intact, and formatting is stable and idempotent.
import { describe, expect, it } from 'vitest';
import { formatSentences, sanitizeQuestionHtml } from './question-html.js';
import { FIDELITY_CORPUS, XSS_CORPUS } from './xss-corpus.js';

const ALLOWED_TAGS = new Set(
  'p br div span b strong i em u s strike del ins mark sub sup small big blockquote pre code h1 h2 h3 h4 h5 h6 hr ul ol li table thead tbody tfoot tr th td caption colgroup col img a ruby rt rp'.split(
    ' ',
  ),
);
const ALLOWED_ATTRS = new Set(
  'class data-latex id src alt title width height href target rel colspan rowspan align scope span start type style'.split(
    ' ',
  ),
);
const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(quot|amp|lt|gt);/g, (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>' })[e] ?? '');

/** Every problem with sanitised output: tags or attributes off the allow-list, script URLs, style tricks. */
function executableConstructs(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9-]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const tag = m[1].toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`tag ${tag}`);
    for (const a of m[2].matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      const name = a[1].toLowerCase();
      const value = decode(a[2] ?? '')
        .replace(/\s/g, '')
        // eslint-disable-next-line no-control-regex -- control characters are part of the obfuscation being removed
        .replace(/[\u0000-\u001f]/g, '')
        .toLowerCase();
      if (!ALLOWED_ATTRS.has(name)) problems.push(`attribute ${name} on ${tag}`);
      if (/^on/.test(name)) problems.push(`handler ${name}`);
      if (/(java|vb)script:|data:text|data:image\/svg/.test(value)) problems.push(`script url in ${name}`);
      if (name === 'style' && /url\(|expression|behavior|binding|position|\\/.test(value))
        problems.push(`style ${value}`);
      if (
        (name === 'src' || name === 'href') &&
        !/^(https?:|mailto:|\/v1\/files\/|data:image\/(png|jpeg|gif|webp);)/.test(value)
      )
        problems.push(`${name}=${value}`);
    }
  }
  // A raw `<` in text would be a tag the regex above cannot see; the sanitiser always escapes it.
  if (/<(?![a-zA-Z/])/.test(html)) problems.push('unescaped <');
  return problems;
}

describe('sanitizeQuestionHtml', () => {
  it('has a corpus of at least 50 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_CORPUS.map((p, i) => [i, p] as const))('payload %i leaves nothing executable', (_, payload) => {
    const once = sanitizeQuestionHtml(payload);
    expect(executableConstructs(once), once).toEqual([]);
    const formatted = formatSentences(once);
    expect(executableConstructs(formatted), formatted).toEqual([]);
    // Sanitising is idempotent: a second pass (e.g. on re-save) finds nothing more to remove.
    expect(sanitizeQuestionHtml(once)).toBe(once);
  });

  it.each(FIDELITY_CORPUS.map((c) => [c.name, c] as const))('keeps %s intact', (_, c) => {
    const out = sanitizeQuestionHtml(c.html);
    for (const s of c.mustContain) expect(out, out).toContain(s);
    expect(executableConstructs(out)).toEqual([]);
  });

  it('drops images with other sources and links with other schemes, but keeps their text', () => {
    expect(sanitizeQuestionHtml('<img src="ftp://x/a.png"><img src="a.png">')).toBe('');
    expect(sanitizeQuestionHtml('<a href="ftp://x">文档</a>')).toBe('<a>文档</a>');
  });

  it('keeps only the formatter ids on spans', () => {
    expect(sanitizeQuestionHtml('<span class="word" id="w-abc1234-0">a</span><span id="evil">b</span>')).toBe(
      '<span class="word" id="w-abc1234-0">a</span><span>b</span>',
    );
  });
});

describe('formatSentences', () => {
  const fmt = (html: string) => formatSentences(sanitizeQuestionHtml(html));

  it('wraps each sentence of each text node in span.word with stable ids', () => {
    const out = fmt('<p>I like apples. Do you? 我喜欢苹果。</p>');
    const spans = [...out.matchAll(/<span class="word" id="(w-[0-9a-z]+-\d+)">([^<]*)<\/span>/g)];
    expect(spans.map((s) => s[2])).toEqual(['I like apples.', 'Do you?', '我喜欢苹果。']);
    expect(out).toMatch(/^<p><span class="word" id="w-[0-9a-z]+-0">I like apples\.<\/span> <span/);
    expect(fmt('<p>Do you? Other.</p>')).toContain(`id="${spans[1][1]}">Do you?</span>`);
  });

  it('is idempotent and never double-wraps', () => {
    const once = fmt('<p>One. Two, three! <b>Bold.</b> $3.14 \\times 2$ is pi.</p>');
    expect(formatSentences(sanitizeQuestionHtml(once))).toBe(once);
    expect(once).not.toMatch(/class="word"[^>]*><span class="word"/);
    expect(once).toContain('$3.14 \\times 2$ is pi.</span>');
  });

  it('counts repeated sentences so ids stay unique', () => {
    const out = fmt('<p>Yes. Yes.</p><p>Yes.</p>');
    const ids = [...out.matchAll(/id="(w-[^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(ids.map((id) => id.slice(-2))).toEqual(['-0', '-1', '-2']);
  });

  it('leaves formulas alone and keeps entities escaped', () => {
    const out = fmt('<p>若 a &lt; b，则 <span class="math-tex" data-latex="a,b.c">a,b.c</span> 成立。</p>');
    expect(out).toContain('<span class="math-tex" data-latex="a,b.c">a,b.c</span>');
    expect(out).toContain('>若 a &lt; b，</span>');
    expect(executableConstructs(out)).toEqual([]);
  });
});
