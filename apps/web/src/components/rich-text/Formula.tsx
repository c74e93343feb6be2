// One LaTeX formula drawn by KaTeX (loaded on demand by StemExcerpt), with the same options as the renderer.
import katex from 'katex';
import 'katex/dist/katex.min.css';

export default function Formula({ latex }: { latex: string }) {
  const html = katex.renderToString(latex, { throwOnError: false, output: 'html', strict: 'ignore', trust: false });
  // KaTeX output built from LaTeX text (trust: false), no user HTML.
  return <span className="math-tex" dangerouslySetInnerHTML={{ __html: html }} />;
}
