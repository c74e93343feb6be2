// Second sanitising of question HTML on render (docs/architecture.md §2: sanitised on write and again on render), with the
// same allow-list as the server (apps/server/src/features/questions/question-html.ts); formulas are rendered by sanitize.ts.
import DOMPurify from 'dompurify';

const TAGS = [
  'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'sub', 'sup',
  'small', 'big', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'img', 'a', 'ruby', 'rt', 'rp',
]; // prettier-ignore
const ATTRS = [
  'class', 'id', 'data-latex', 'src', 'alt', 'title', 'width', 'height', 'href', 'target', 'rel', 'colspan',
  'rowspan', 'align', 'scope', 'span', 'start', 'type', 'style',
]; // prettier-ignore
const IMG_SRC_RE = /^(https?:\/\/|\/v1\/files\/|data:image\/(png|jpeg|gif|webp);base64,)/i;

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      if (node.tagName === 'IMG' && !IMG_SRC_RE.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
    });
  }
  return DOMPurify;
}

/** Sanitises untrusted HTML with the allow-list; returns a fragment ready for formula rendering. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRS,
    ALLOW_DATA_ATTR: false,
    FORBID_TAGS: ['style', 'script', 'svg', 'math', 'iframe', 'form', 'input', 'textarea'],
  });
}

/** The visible text of HTML (for list excerpts), formulas as their LaTeX. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = document.implementation.createHTMLDocument('');
  const box = doc.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  for (const el of Array.from(box.querySelectorAll('span.math-tex'))) {
    el.textContent = `$${el.getAttribute('data-latex') ?? el.textContent ?? ''}$`;
  }
  for (const el of Array.from(box.querySelectorAll('p, li, br, tr, div'))) el.append(' ');
  return (box.textContent ?? '').replace(/\s+/g, ' ').trim();
}
