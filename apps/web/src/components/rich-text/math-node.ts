// The editor's formula node: `<span class="math-tex" data-latex="…">` (the server's form), shown by KaTeX.
import { Node, mergeAttributes } from '@tiptap/core';
import katex from 'katex';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mathTex: { insertMath: (latex: string) => ReturnType };
  }
}

export const MathTex = Node.create({
  name: 'mathTex',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-latex') ?? el.textContent ?? '',
        renderHTML: (attrs: { latex?: string }) => ({ 'data-latex': attrs.latex ?? '' }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span.math-tex' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: 'math-tex' }), String(node.attrs.latex ?? '')];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      const latex = String(node.attrs.latex ?? '');
      dom.className = 'math-tex';
      dom.setAttribute('data-latex', latex);
      dom.contentEditable = 'false';
      dom.innerHTML = katex.renderToString(latex, { throwOnError: false, strict: 'ignore' });
      return { dom };
    };
  },
  addCommands() {
    return {
      insertMath:
        (latex: string) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { latex } }),
    };
  },
});
