// Question HTML for display: sanitised (purify.ts), then formulas rendered by KaTeX.
import katex from 'katex';
import { sanitizeHtml } from './purify';

export { htmlToText, sanitizeHtml } from './purify';

const DOLLAR_RE = /\$([^$\n]+)\$/g;
const SKIP = new Set(['CODE', 'PRE']);

function renderLatex(latex: string): string {
  return katex.renderToString(latex, { throwOnError: false, output: 'html', strict: 'ignore', trust: false });
}

/** Replaces `$…$` in the text nodes under `root` (outside code and math-tex spans) with KaTeX. */
function renderDollarFormulas(root: Node, doc: Document): void {
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      const el = child as Element;
      if (!SKIP.has(el.tagName) && !el.classList.contains('math-tex')) renderDollarFormulas(el, doc);
      continue;
    }
    if (child.nodeType !== Node.TEXT_NODE) continue;
    const text = child.textContent ?? '';
    if (!DOLLAR_RE.test(text)) continue;
    DOLLAR_RE.lastIndex = 0;
    const span = doc.createElement('span');
    let last = 0;
    const parts: string[] = [];
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const m of text.matchAll(DOLLAR_RE)) {
      parts.push(esc(text.slice(last, m.index)), `<span class="math-tex">${renderLatex(m[1])}</span>`);
      last = m.index + m[0].length;
    }
    parts.push(esc(text.slice(last)));
    span.innerHTML = parts.join('');
    child.replaceWith(...Array.from(span.childNodes));
  }
}

/**
 * Sanitised HTML with formulas rendered: `<span class="math-tex" data-latex="…">` (the editor's form) and
 * `$…$` in text (imported content). KaTeX output is produced after sanitising, from LaTeX text only.
 */
export function renderRichHtml(html: string): string {
  if (!html) return '';
  const clean = sanitizeHtml(html);
  const doc = document.implementation.createHTMLDocument('');
  const box = doc.createElement('div');
  box.innerHTML = clean;
  for (const el of Array.from(box.querySelectorAll('span.math-tex'))) {
    const latex = el.getAttribute('data-latex') ?? el.textContent ?? '';
    el.innerHTML = renderLatex(latex);
  }
  renderDollarFormulas(box, doc);
  return box.innerHTML;
}
