// Moodle XML (docs.moodle.org "Moodle XML format"): parser and serializer for the types we share:
// multichoice (single/multiple), truefalse, shortanswer (one blank, 100 % answers are its alternatives),
// essay (manual short answer, reference in graderinfo), categories and tags. Mapping: docs/import-export.md.
import type { ImportItemError, Question } from '@edu/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
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
  toHtml,
  toInlineHtml,
  NO_REFERENCE,
  type Draft,
  type ParsedItem,
  type ParseResult,
  type Serialized,
} from './transfer-model.js';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['question', 'answer', 'tag', 'file', 'text'].includes(name),
});

/** Line of each `<question` start tag, skipping comments and CDATA. */
function questionLines(xml: string): number[] {
  const masked = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (m) => m.replace(/[^\n]/g, ' '));
  const lines: number[] = [];
  const re = /<question\b/g;
  let m: RegExpExecArray | null;
  let line = 1;
  let last = 0;
  while ((m = re.exec(masked))) {
    for (let i = last; i < m.index; i++) if (masked.charCodeAt(i) === 10) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
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
  const format = str(node['@_format']) || 'html';
  if (format === 'html' || format === 'moodle_auto_format') return inlineFiles(text, node);
  return toHtml(text);
}

/** An answer's text: HTML kept, plain text escaped without a paragraph. */
function optionHtml(n: Node): string {
  const format = str(n['@_format']) || 'html';
  const text = textIn(n);
  return format === 'html' || format === 'moodle_auto_format' ? inlineFiles(text, n) : toInlineHtml(text);
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

export function parseMoodleXml(xml: string): ParseResult {
  const source = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new FileFormatError(`XML 格式错误（第 ${valid.err.line} 行）：${valid.err.msg}`);
  const doc = parser.parse(source) as Node;
  const quiz = doc.quiz as Node | undefined;
  if (!quiz || typeof quiz !== 'object') throw new FileFormatError('不是 Moodle XML 文件：缺少 <quiz> 根元素');
  const questions = (quiz.question as Node[] | undefined) ?? [];
  const lines = questionLines(source);
  const items: ParsedItem[] = [];
  const unsupported: ImportItemError[] = [];
  let category: string | undefined;
  let index = 0;
  questions.forEach((n, i) => {
    const kind = str(n['@_type']);
    if (kind === 'category') {
      category = textIn(n.category);
      return;
    }
    index++;
    const where = { index, line: lines[i] };
    const r = parseQuestion(n, category);
    if (r === 'unsupported') {
      unsupported.push({
        ...where,
        title: reportTitle(textIn(n.name), htmlOf(n.questiontext)),
        reasons: [`${TYPE_NAMES[kind] ?? `题型 ${kind || '（未注明）'}`}不支持导入`],
      });
      return;
    }
    items.push({ ...where, title: reportTitle(r.draft?.title ?? '', r.draft?.question ?? ''), ...r });
  });
  return { items, unsupported };
}

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
