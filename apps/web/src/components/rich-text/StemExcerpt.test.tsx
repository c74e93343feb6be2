import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { excerptParts, excerptText, StemExcerpt } from './StemExcerpt';

const q = (question: string, title = '') => ({ title, question });

describe('list excerpts', () => {
  it('takes formulas out of editor spans and `$…$` text; blocks become spaces', () => {
    const parts = excerptParts(
      q(
        '<p>已知 <span class="math-tex" data-latex="\\frac{x}{2}=3">\\frac{x}{2}=3</span>，求 x</p><p>且 $\\sqrt{4}$ 为整数</p>',
      ),
    );
    expect(parts).toEqual([
      { text: '已知 ' },
      { latex: '\\frac{x}{2}=3' },
      { text: '，求 x 且 ' },
      { latex: '\\sqrt{4}' },
      { text: ' 为整数' },
    ]);
    expect(excerptText(parts)).toBe('已知 \\frac{x}{2}=3，求 x 且 \\sqrt{4} 为整数');
  });

  it('the title wins over the stem; sentence wrappers and markup are dropped', () => {
    expect(excerptParts(q('<p><span class="word" id="w-1">Stem</span></p>', '标题'))).toEqual([{ text: '标题' }]);
    expect(excerptParts(q('<p><span class="word" id="w-1"><b>Which</b> is a noun?</span></p>'))).toEqual([
      { text: 'Which is a noun?' },
    ]);
  });

  it('is cut at about 80 characters, never inside a formula', () => {
    const long = excerptParts(q(`<p>${'很'.repeat(100)}</p>`));
    expect(excerptText(long)).toBe(`${'很'.repeat(80)}…`);
    const formulaAtEnd = excerptParts(q(`<p>${'很'.repeat(78)}$x^2$ 后面</p>`));
    expect(excerptText(formulaAtEnd)).toBe(`${'很'.repeat(78)}…`);
    expect(formulaAtEnd.some((p) => 'latex' in p)).toBe(false);
  });

  it('draws formulas with KaTeX and shows no LaTeX source', async () => {
    const { container, findAllByText } = render(
      <StemExcerpt parts={excerptParts(q('<p>已知 $\\frac{1}{2}$ 的值</p>'))} empty="（无标题）" />,
    );
    await findAllByText('1');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.textContent).not.toContain('\\frac');
    expect(container.textContent).toContain('已知 ');
  });

  it('an empty stem shows the placeholder', () => {
    const { container } = render(<StemExcerpt parts={excerptParts(q('<p></p>'))} empty="（无标题）" />);
    expect(container.textContent).toBe('（无标题）');
  });
});
