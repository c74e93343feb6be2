// The formatted article as the app renders question HTML (RichText's renderRichHtml: sanitised, formulas by KaTeX),
// turned into React elements so that each out-of-scope word can carry its gloss in a tooltip reachable by mouse and
// keyboard (docs/web.md "AI reading").
import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { READING_LEVEL_LABELS, type OutScopeWord } from '@edu/contract';
import { useKatex } from '../../../../components/rich-text/katex-loader';
import { hasFormula, renderRichHtml } from '../../../../components/rich-text/sanitize';
import '../../../../components/rich-text/rich-text.css';
import { splitText, wordIndex } from './highlight';
import { READING_TEXTS } from './texts';
import './reading.css';

const T = READING_TEXTS.format;

/** Attributes carried over from the sanitised HTML (the rest, e.g. inline styles, only inside KaTeX markup). */
const KEPT = ['id', 'src', 'alt', 'title', 'href', 'colspan', 'rowspan', 'width', 'height'] as const;
const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr']);

export function glossText(w: OutScopeWord): string {
  if (!w.level) return `${w.lemma}${w.gloss ? `：${w.gloss}` : T.noGloss}`;
  return `${w.lemma}（${READING_LEVEL_LABELS[w.level]}）${w.gloss || T.noGloss}`;
}

function OutScopeMark({ text, word }: { text: string; word: OutScopeWord }) {
  const gloss = glossText(word);
  return (
    <Tooltip title={gloss} trigger={['hover', 'focus']}>
      <mark className="reading-out-scope" tabIndex={0} aria-label={`${text}：${gloss}`} data-lemma={word.lemma}>
        {text}
      </mark>
    </Tooltip>
  );
}

function toReact(node: Node, index: ReadonlyMap<string, OutScopeWord>, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    const pieces = splitText(node.textContent ?? '', index);
    return (
      <Fragment key={key}>
        {pieces.map((p, i) => (p.word ? <OutScopeMark key={i} text={p.text} word={p.word} /> : p.text))}
      </Fragment>
    );
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  // KaTeX output keeps its own markup (inline styles included): it is the sanitised renderer's, as RichText shows it.
  if (el.classList.contains('math-tex') || el.classList.contains('katex')) {
    return <span key={key} className={el.className} dangerouslySetInnerHTML={{ __html: el.innerHTML }} />;
  }
  const props: Record<string, unknown> = { key };
  if (el.className) props.className = el.className;
  for (const name of KEPT) {
    const v = el.getAttribute(name);
    if (v !== null) props[name === 'colspan' ? 'colSpan' : name === 'rowspan' ? 'rowSpan' : name] = v;
  }
  if (VOID.has(tag)) return createElement(tag, props);
  const children = Array.from(el.childNodes).map((c, i) => toReact(c, index, `${key}.${i}`));
  return createElement(tag, props, ...children);
}

export function FormattedArticle({ html, words }: { html: string; words: readonly OutScopeWord[] }) {
  const katex = useKatex(hasFormula(html));
  const content = useMemo(() => {
    const box = document.createElement('div');
    box.innerHTML = renderRichHtml(html, katex);
    const index = wordIndex(words);
    return Array.from(box.childNodes).map((c, i) => toReact(c, index, String(i)));
  }, [html, words, katex]);
  return <div className="rich-text reading-article">{content}</div>;
}
