import { describe, expect, it } from 'vitest';
import { loadKatex } from './katex-loader';
import { hasFormula, htmlToText, renderRichHtml, sanitizeHtml } from './sanitize';

describe('rich text on render', () => {
  it('drops scripts, handlers and javascript: URLs; keeps formatting, tables and file images', () => {
    const out = sanitizeHtml(
      '<p onclick="x()"><b>粗</b><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">a</a></p>' +
        '<table><tr><td colspan="2">格</td></tr></table><img src="/v1/files/f1"><svg onload="alert(1)"></svg>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|svg/);
    expect(out).toContain('<b>粗</b>');
    expect(out).toContain('<td colspan="2">格</td>');
    expect(out).toContain('<img src="/v1/files/f1">');
  });

  it('renders math-tex spans and $…$ with KaTeX, after sanitising', async () => {
    const katex = await loadKatex();
    const out = renderRichHtml(
      '<p>面积 <span class="math-tex" data-latex="\\frac{1}{2}ah"></span>，且 $x^2$。</p>',
      katex,
    );
    expect(out.match(/class="katex"/g)).toHaveLength(2);
    expect(out).toContain('面积');
    expect(renderRichHtml('<p><code>$a$</code></p>', katex)).not.toContain('katex');
  });

  it('without KaTeX loaded a formula is its LaTeX as text, and only HTML with a formula asks for KaTeX', () => {
    const out = renderRichHtml('<p>$a&lt;b$ 与 <span class="math-tex" data-latex="x^2"></span></p>', null);
    expect(out).not.toContain('katex');
    expect(out).toContain('a&lt;b');
    expect(out).toContain('x^2');
    expect(hasFormula('<p>普通的题干，价格 5 元</p>')).toBe(false);
    expect(hasFormula('<p>$x$</p>')).toBe(true);
    expect(hasFormula('<span class="math-tex" data-latex="x"></span>')).toBe(true);
  });

  it('gives the text of HTML for excerpts', () => {
    expect(htmlToText('<p>A</p><p>B <span class="math-tex" data-latex="x"></span></p>')).toBe('A B $x$');
  });
});
