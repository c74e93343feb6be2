// A question's excerpt in the list: the title, else the stem's text; formulas (`span.math-tex[data-latex]` and
// `$…$`) are drawn by KaTeX like the renderer does. KaTeX loads only when a visible excerpt has a formula.
import { lazy, Suspense } from 'react';
import type { Question } from '@edu/contract';
import { sanitizeHtml } from './purify';

const Formula = lazy(() => import('./Formula'));

export type ExcerptPart = { text: string } | { latex: string };

const MAX = 80;
/** A formula counts as this many characters towards the excerpt's length. */
const FORMULA_WEIGHT = 6;
const DOLLAR_RE = /\$([^$\n]+)\$/g;
const BLOCKS = new Set(['P', 'LI', 'BR', 'TR', 'DIV', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** Text with `$…$` formulas as parts. */
function textParts(text: string): ExcerptPart[] {
  const out: ExcerptPart[] = [];
  let last = 0;
  for (const m of text.matchAll(DOLLAR_RE)) {
    out.push({ text: text.slice(last, m.index) }, { latex: m[1].trim() });
    last = m.index + m[0].length;
  }
  out.push({ text: text.slice(last) });
  return out;
}

function collect(node: Node, out: ExcerptPart[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) out.push(...textParts(child.textContent ?? ''));
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    if (el.tagName === 'SPAN' && el.classList.contains('math-tex')) {
      out.push({ latex: (el.getAttribute('data-latex') ?? el.textContent ?? '').trim() });
      continue;
    }
    if (el.tagName === 'CODE' || el.tagName === 'PRE') out.push({ text: el.textContent ?? '' });
    else collect(el, out);
    if (BLOCKS.has(el.tagName)) out.push({ text: ' ' });
  }
}

/** Neighbouring text parts as one. */
function merge(parts: ExcerptPart[]): ExcerptPart[] {
  const out: ExcerptPart[] = [];
  for (const p of parts) {
    const last = out.at(-1);
    if ('text' in p && last && 'text' in last) out[out.length - 1] = { text: last.text + p.text };
    else out.push(p);
  }
  return out;
}

/** Whitespace collapsed, empty formulas dropped, cut at about 80 characters (never inside a formula). */
function trim(parts: ExcerptPart[]): ExcerptPart[] {
  const out: ExcerptPart[] = [];
  let budget = MAX;
  for (const p of parts) {
    if ('latex' in p) {
      if (budget < FORMULA_WEIGHT) return [...out, { text: '…' }];
      out.push(p);
      budget -= FORMULA_WEIGHT;
      continue;
    }
    const text = p.text.replace(/\s+/g, ' ');
    if (text.length > budget) return [...out, { text: `${text.slice(0, budget).trimEnd()}…` }];
    out.push({ text });
    budget -= text.length;
  }
  return out;
}

/** The excerpt of a question: its title, else its stem, as text and formula parts. */
export function excerptParts(q: Pick<Question, 'title' | 'question'>): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  if (q.title.trim()) parts.push(...textParts(q.title.trim()));
  else if (q.question) {
    const box = document.implementation.createHTMLDocument('').createElement('div');
    box.innerHTML = sanitizeHtml(q.question);
    collect(box, parts);
  }
  const out = merge(trim(merge(parts.filter((p) => 'text' in p || p.latex))));
  // Leading and trailing spaces of the whole excerpt go.
  const first = out[0];
  if (first && 'text' in first) out[0] = { text: first.text.trimStart() };
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last && 'text' in last) out[lastIndex] = { text: last.text.trimEnd() };
  return out.filter((p) => ('text' in p ? p.text !== '' : true));
}

/** Plain text of the parts, formulas as their LaTeX (title attribute, fallback while KaTeX loads). */
export const excerptText = (parts: readonly ExcerptPart[]): string =>
  parts.map((p) => ('text' in p ? p.text : p.latex)).join('');

export function StemExcerpt({ parts, empty }: { parts: ExcerptPart[]; empty: string }) {
  if (parts.length === 0) return <>{empty}</>;
  return (
    <span className="stem-excerpt">
      {parts.map((p, i) =>
        'text' in p ? (
          p.text
        ) : (
          <Suspense key={i} fallback={p.latex}>
            <Formula latex={p.latex} />
          </Suspense>
        ),
      )}
    </span>
  );
}
