// Moodle XML (docs.moodle.org "Moodle XML format"): parser and serializer for the types we share:
// multichoice (single/multiple), truefalse, shortanswer (one blank, 100 % answers are its alternatives),
// essay (manual short answer, reference in graderinfo), categories and tags. Mapping: docs/import-export.md.
import type { Question } from '@edu/contract';
import { SaxesParser } from 'saxes';
import {
  byKnowledge,
  categoryKp,
  escapeHtml,
  FileFormatError,
  htmlToText,
  joinAlternatives,
  KP_TAG_PREFIX,
  newDraft,
  optionKey,
  reportTitle,
  splitAlternatives,
  splitKpTag,
  textToHtml,
  toHtml,
  collectEvents,
  NO_REFERENCE,
  type Draft,
  type ParseEvent,
  type ParseResult,
  type Serialized,
  type TextKind,
} from './transfer-model.js';

type Node = Record<string, unknown>;

/** Elements that may repeat: always read as arrays (`answer`, `tag`, `text`…), the others as one node. */
const REPEATED = new Set(['question', 'answer', 'tag', 'file', 'text']);

/** Characters of text given to the XML parser at a time. */
const XML_SLICE = 64 * 1024;

const DOCTYPE_REFUSED =
  '不支持 DOCTYPE / 外部实体 / 实体定义（出于安全考虑不予读取）：请删除 DOCTYPE 声明后重试（Moodle 导出的文件没有 DOCTYPE）';

/** An element as a node: attributes as `@_name`, child elements by name, its own text as `#text`. */
interface Open {
  name: string;
  node: Node;
  text: string;
}

/**
 * Reads Moodle XML with a strict XML parser (saxes): entities are decoded as XML says (`&#233;` → é), a DOCTYPE
 * (so any entity definition, external or not) or an undefined entity is refused with a Chinese message and
 * its line, nothing is fetched or expanded. The text is fed in slices; each `<question>` of `<quiz>` is handed
 * on with the line of its start tag and the share of the text read once it is closed, so that the file's
 * questions are never all held as nodes at once.
 */
function* readQuestions(source: string): Generator<{ node: Node; line: number; at: number }> {
  const closed: { node: Node; line: number; at: number }[] = [];
  let at = 0;
  const p = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: Open[] = [];
  let root: string | undefined;
  let questionLine = 0;
  p.on('doctype', () => {
    throw new FileFormatError(`XML 第 ${p.line} 行：${DOCTYPE_REFUSED}`);
  });
  p.on('error', (e) => {
    const msg = e.message.replace(/^[^:]*:\d+:\d+: /, '');
    if (/undefined entity/i.test(msg))
      throw new FileFormatError(`XML 第 ${p.line} 行有未定义的实体引用：${DOCTYPE_REFUSED}`);
    throw new FileFormatError(`XML 格式错误（第 ${p.line} 行）：${msg}`);
  });
  p.on('opentagstart', (t) => {
    if (t.name === 'question') questionLine = p.line;
  });
  p.on('opentag', (t) => {
    if (root === undefined) {
      root = t.name;
      if (root !== 'quiz') throw new FileFormatError('不是 Moodle XML 文件：缺少 <quiz> 根元素');
    }
    const node: Node = {};
    for (const [k, v] of Object.entries(t.attributes)) node[`@_${k}`] = v;
    if (t.name === 'question' && stack.length === 1) node['#line'] = questionLine;
    stack.push({ name: t.name, node, text: '' });
  });
  p.on('closetag', (t) => {
    const done = stack.pop();
    if (!done) return;
    done.node['#text'] = done.text;
    const parent = stack[stack.length - 1];
    if (t.name === 'question' && stack.length === 1)
      return void closed.push({ node: done.node, line: done.node['#line'] as number, at });
    if (!parent || stack.length === 1) return;
    if (REPEATED.has(t.name))
      ((parent.node[t.name] as Node[] | undefined) ?? (parent.node[t.name] = [])).push(done.node);
    else parent.node[t.name] ??= done.node;
  });
  const text = (s: string) => {
    const top = stack[stack.length - 1];
    if (top && stack.length > 1) top.text += s;
  };
  p.on('text', text);
  p.on('cdata', text);
  for (let i = 0; i < source.length; i += XML_SLICE) {
    at = Math.min(1, (i + XML_SLICE) / source.length);
    p.write(source.slice(i, i + XML_SLICE));
    yield* closed.splice(0);
  }
  p.close();
  yield* closed.splice(0);
  if (root === undefined) throw new FileFormatError('不是 Moodle XML 文件：缺少 <quiz> 根元素');
}

const str = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'object' && '#text' in (v as Node)) return str((v as Node)['#text']);
  return '';
};
/** `<x><text>…</text></x>` → its text. */
const textIn = (n: unknown): string => str((n as Node | undefined)?.text).trim();

/** Replaces `@@PLUGINFILE@@/name` with data: URLs of the embedded images (`<file encoding="base64">`). */
function inlineFiles(html: string, holder: unknown): string {
  const files = ((holder as Node | undefined)?.file as Node[] | undefined) ?? [];
  let out = html;
  for (const f of files) {
    const name = str(f['@_name']);
    const ext = /\.(png|jpe?g|gif|webp)$/i.exec(name)?.[1]?.toLowerCase();
    if (!ext) continue;
    const mime = `image/${ext === 'jpg' ? 'jpeg' : ext}`;
    const data = str(f['#text']).replace(/\s+/g, '');
    out = out.split(`@@PLUGINFILE@@/${encodeURIComponent(name)}`).join(`data:${mime};base64,${data}`);
    out = out.split(`@@PLUGINFILE@@/${name}`).join(`data:${mime};base64,${data}`);
  }
  return out;
}

/** A text element (`questiontext`, `generalfeedback`, `answer`…) as HTML. */
function htmlOf(n: unknown): string {
  const node = n as Node | undefined;
  if (!node) return '';
  const text = textIn(node);
  return inlineFiles(textToHtml(text, kindOf(node)), node);
}

/** `html` is HTML, Moodle's auto format is HTML when it holds tags (`a<b 且 c>d` stays text), others are text. */
const kindOf = (n: Node): TextKind => {
  const format = str(n['@_format']) || 'html';
  return format === 'html' ? 'html' : format === 'moodle_auto_format' ? 'auto' : 'plain';
};

/** An answer's text: HTML kept, plain text escaped without a paragraph. */
function optionHtml(n: Node): string {
  return inlineFiles(textToHtml(textIn(n), kindOf(n), true), n);
}

const fraction = (a: Node) => Number(str(a['@_fraction']) || '0');

function parseQuestion(
  n: Node,
  category: string | undefined,
): { draft: Draft | null; problems: string[] } | 'unsupported' {
  const kind = str(n['@_type']);
  const rawTags =
    ((n.tags as Node | undefined)?.tag as Node[] | undefined)?.map((t) => textIn(t)).filter(Boolean) ?? [];
  const { tags, knowledgeId } = splitKpTag(rawTags);
  const answers = (n.answer as Node[] | undefined) ?? [];
  const base = {
    title: textIn(n.name),
    question: htmlOf(n.questiontext),
    explanation: htmlOf(n.generalfeedback),
    tags,
    ...(knowledgeId ? { knowledgeId } : {}),
    ...(category && categoryKp(category) ? { categoryKnowledgeId: categoryKp(category) } : {}),
  };
  switch (kind) {
    case 'multichoice': {
      const single = !/^(false|0)$/i.test(str(n.single).trim());
      const options = answers.map((a, i) => ({ key: optionKey(i), content: optionHtml(a) }));
      const answer = options.filter((_, i) => fraction(answers[i]) > 0).map((o) => o.key);
      return {
        draft: newDraft({ ...base, type: single ? 'singleChoice' : 'multipleChoice', options, answer }),
        problems: [],
      };
    }
    case 'truefalse': {
      const right = answers.find((a) => fraction(a) >= 100);
      const v = right ? htmlToText(textIn(right)).toLowerCase() : '';
      const answer = v === 'true' ? ['T'] : v === 'false' ? ['F'] : [];
      return {
        draft: newDraft({ ...base, type: 'trueFalse', answer }),
        problems: answer.length ? [] : ['判断题没有得分为 100 的 true 或 false 答案'],
      };
    }
    case 'shortanswer': {
      const alts = answers.filter((a) => fraction(a) >= 100).map((a) => htmlToText(textIn(a)));
      const problems = alts.length ? [] : ['简答（填空）题没有得分为 100 的答案'];
      return {
        draft: newDraft({ ...base, type: 'fillBlank', answer: alts.length ? [joinAlternatives(alts)] : [] }),
        problems,
      };
    }
    case 'essay': {
      const ref = htmlToText(htmlOf(n.graderinfo));
      return {
        draft: newDraft({ ...base, type: 'shortAnswer', judgeType: 'manual', answer: [ref || NO_REFERENCE] }),
        problems: [],
      };
    }
    default:
      return 'unsupported';
  }
}

const TYPE_NAMES: Record<string, string> = {
  matching: '匹配题',
  numerical: '数值题',
  cloze: '完形（Cloze）题',
  description: '说明文字',
  calculated: '计算题',
  ddwtos: '拖放题',
  gapselect: '下拉选词题',
  randomsamatch: '随机匹配题',
};

/** Reads a Moodle XML file's text question by question (nothing of earlier questions is kept). */
export function* readMoodleXml(xml: string): Generator<ParseEvent> {
  let category: string | undefined;
  let index = 0;
  for (const { node: n, line, at } of readQuestions(xml.replace(/^\uFEFF/, ''))) {
    const kind = str(n['@_type']);
    if (kind === 'category') {
      category = textIn(n.category);
      continue;
    }
    const where = { index: ++index, line };
    const r = parseQuestion(n, category);
    if (r === 'unsupported') {
      const title = reportTitle(textIn(n.name), htmlOf(n.questiontext));
      const reasons = [`${TYPE_NAMES[kind] ?? `题型 ${kind || '（未注明）'}`}不支持导入`];
      yield { unsupported: { ...where, title, reasons }, at };
    } else yield { item: { ...where, title: reportTitle(r.draft?.title ?? '', r.draft?.question ?? ''), ...r }, at };
  }
}

/** The whole file's items at once (tests, small files). */
export const parseMoodleXml = (xml: string): ParseResult => collectEvents(readMoodleXml(xml));

// ---- serializer ----

const cdata = (s: string) => `<![CDATA[${s.split(']]>').join(']]]]><![CDATA[>')}]]>`;
const textEl = (tag: string, html: string, format = 'html') =>
  `    <${tag} format="${format}">\n      <text>${cdata(html)}</text>\n    </${tag}>`;
const plain = (s: string) => escapeHtml(s);

function answersOf(q: Question): string[] | null {
  const ans = (fr: string, content: string, format = 'html') =>
    `    <answer fraction="${fr}" format="${format}">\n      <text>${format === 'html' ? cdata(content) : plain(content)}</text>\n      <feedback format="html"><text></text></feedback>\n    </answer>`;
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice': {
      const n = q.answer.length;
      const w = q.type === 'singleChoice' ? '100' : (100 / n).toFixed(5).replace(/\.?0+$/, '');
      return [
        `    <single>${q.type === 'singleChoice'}</single>`,
        '    <shuffleanswers>true</shuffleanswers>',
        '    <answernumbering>ABCD</answernumbering>',
        ...q.options.map((o) => ans(q.answer.includes(o.key) ? w : '0', o.content)),
      ];
    }
    case 'trueFalse':
      return [
        ans(q.answer[0] === 'T' ? '100' : '0', 'true', 'moodle_auto_format'),
        ans(q.answer[0] === 'F' ? '100' : '0', 'false', 'moodle_auto_format'),
      ];
    case 'fillBlank':
      if (q.answer.length !== 1) return null;
      return [
        '    <usecase>0</usecase>',
        ...splitAlternatives(q.answer[0]).map((a) => ans('100', a, 'moodle_auto_format')),
      ];
    case 'shortAnswer':
      return [
        '    <responseformat>editor</responseformat>',
        '    <responserequired>1</responserequired>',
        '    <responsefieldlines>15</responsefieldlines>',
        textEl('graderinfo', q.answer.map((a) => toHtml(a)).join('')),
        '    <responsetemplate format="html"><text></text></responsetemplate>',
      ];
    case 'translation':
    case 'enReading':
      return null;
  }
}

const MOODLE_TYPE: Record<string, string> = {
  singleChoice: 'multichoice',
  multipleChoice: 'multichoice',
  trueFalse: 'truefalse',
  fillBlank: 'shortanswer',
  shortAnswer: 'essay',
};

export function serializeMoodleXml(questions: readonly Question[]): Serialized {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- 由 edu-platform 导出；知识点见 category 与标签 kp:… -->',
    '<quiz>',
  ];
  let exported = 0;
  let skipped = 0;
  let category: string | null = null;
  for (const q of byKnowledge(questions)) {
    const body = MOODLE_TYPE[q.type] ? answersOf(q) : null;
    if (!body) {
      skipped++;
      continue;
    }
    if (q.knowledgeId !== category) {
      category = q.knowledgeId;
      out.push(
        '  <question type="category">',
        `    <category><text>$course$/top/${plain(q.knowledgeId)}</text></category>`,
        '  </question>',
      );
    }
    const tags = [`${KP_TAG_PREFIX}${q.knowledgeId}`, ...q.tags];
    out.push(
      `  <question type="${MOODLE_TYPE[q.type]}">`,
      `    <name><text>${plain(q.title)}</text></name>`,
      textEl('questiontext', q.question),
      textEl('generalfeedback', q.explanation),
      '    <defaultgrade>1</defaultgrade>',
      '    <penalty>0.3333333</penalty>',
      '    <hidden>0</hidden>',
      ...body,
      `    <tags>\n${tags.map((t) => `      <tag><text>${plain(t)}</text></tag>`).join('\n')}\n    </tags>`,
      '  </question>',
    );
    exported++;
  }
  out.push('</quiz>', '');
  return { data: Buffer.from(out.join('\n'), 'utf8'), exported, skipped };
}
