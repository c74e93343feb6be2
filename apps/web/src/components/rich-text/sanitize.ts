// Question HTML for display: sanitised (purify.ts), then formulas rendered by KaTeX (loaded on demand,
// katex-loader.ts; until it is there a formula shows as its LaTeX text).
import { katexNow, type Katex } from './katex-loader';
import { sanitizeHtml } from './purify';

export { htmlToText, sanitizeHtml } from './purify';

const DOLLAR_RE = /\$([^$\n]+)\$/g;
const SKIP = new Set(['CODE', 'PRE']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether question HTML has a formula to draw (a `math-tex` span or `$…$`): only then does KaTeX load. */
export function hasFormula(html: string): boolean {
  return html.includes('math-tex') || /\$[^$\n]+\$/.test(html);
}

type Draw = (latex: string) => string;

const drawWith =
  (katex: Katex | null): Draw =>
  (latex) =>
    katex
      ? katex.renderToString(latex, { throwOnError: false, output: 'html', strict: 'ignore', trust: false })
      : escapeText(latex);

/** Replaces `$…$` in the text nodes under `root` (outside code and math-tex spans) with KaTeX. */
function renderDollarFormulas(root: Node, doc: Document, draw: Draw): void {
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      const el = child as Element;
      if (!SKIP.has(el.tagName) && !el.classList.contains('math-tex')) renderDollarFormulas(el, doc, draw);
      continue;
    }
    if (child.nodeType !== Node.TEXT_NODE) continue;
    const text = child.textContent ?? '';
    if (!DOLLAR_RE.test(text)) continue;
    DOLLAR_RE.lastIndex = 0;
    const span = doc.createElement('span');
    let last = 0;
    const parts: string[] = [];
    for (const m of text.matchAll(DOLLAR_RE)) {
      parts.push(escapeText(text.slice(last, m.index)), `<span class="math-tex">${draw(m[1])}</span>`);
      last = m.index + m[0].length;
    }
    parts.push(escapeText(text.slice(last)));
    span.innerHTML = parts.join('');
    child.replaceWith(...Array.from(span.childNodes));
  }
}

/**
 * Sanitised HTML with formulas rendered: `<span class="math-tex" data-latex="…">` (the editor's form) and
 * `$…$` in text (imported content). KaTeX output is produced after sanitising, from LaTeX text only. Without KaTeX
 * (null: not loaded yet) each formula is its LaTeX as text.
 */
export function renderRichHtml(html: string, katex: Katex | null = katexNow()): string {
  if (!html) return '';
  const clean = sanitizeHtml(html);
  const doc = document.implementation.createHTMLDocument('');
  const box = doc.createElement('div');
  box.innerHTML = clean;
  const draw = drawWith(katex);
  for (const el of Array.from(box.querySelectorAll('span.math-tex'))) {
    const latex = el.getAttribute('data-latex') ?? el.textContent ?? '';
    el.innerHTML = draw(latex);
  }
  renderDollarFormulas(box, doc, draw);
  return box.innerHTML;
}
