// Renders question HTML: sanitised again on render (allow-list), formulas by KaTeX (sanitize.ts), which loads only
// when the HTML has a formula (katex-loader.ts): until then a formula shows as its LaTeX text.
import { useMemo } from 'react';
import { useKatex } from './katex-loader';
import { hasFormula, renderRichHtml } from './sanitize';
import './rich-text.css';

export interface RichTextProps {
  html: string;
  /** Inline (options, short texts) renders a span without paragraph margins. */
  inline?: boolean;
  className?: string;
}

export function RichText({ html, inline, className }: RichTextProps) {
  const katex = useKatex(hasFormula(html));
  const rendered = useMemo(() => renderRichHtml(html, katex), [html, katex]);
  const cls = `rich-text${inline ? ' rich-text-inline' : ''}${className ? ` ${className}` : ''}`;
  // The HTML is the output of DOMPurify with the allow-list plus KaTeX markup built from LaTeX text.
  return inline ? (
    <span className={cls} dangerouslySetInnerHTML={{ __html: rendered }} />
  ) : (
    <div className={cls} dangerouslySetInnerHTML={{ __html: rendered }} />
  );
}
