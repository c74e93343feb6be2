// GIFT (Moodle's text format, docs.moodle.org "GIFT format"): parser and serializer for the types we share.
// `::title::` text `{=right ~wrong}`, `~%50%` weights, `{T}`/`{F}`, short answer `{=a =b}`, essay `{}`,
// `//` comments (`// [tag:x]` tags, as Moodle reads them), `$CATEGORY:` lines, `####` general feedback,
// escapes `\~ \= \# \{ \} \: \\ \n`. Mapping decisions: docs/import-export.md.
import type { ImportItemError, Question } from '@edu/contract';
import {
  byKnowledge,
  categoryKp,
  decodeCharRefs,
  escapeCharRefs,
  joinAlternatives,
  KP_TAG_PREFIX,
  newDraft,
  optionKey,
  reportTitle,
  splitAlternatives,
  splitKpTag,
  textToHtml,
  collectEvents,
  NO_REFERENCE,
  type Draft,
  type ParseEvent,
  type ParsedItem,
  type ParseResult,
  type Serialized,
  type TextKind,
} from './transfer-model.js';

const SPECIAL = new Set(['~', '=', '#', '{', '}', ':', '\\']);

/** Escapes GIFT's special characters and line breaks. */
export function giftEscape(s: string): string {
  let out = '';
  for (const c of s) {
    if (SPECIAL.has(c)) out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') continue;
    else out += c;
  }
  return out;
}

export function giftUnescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      const n = s[i + 1];
      out += n === 'n' ? '\n' : n;
      i++;
    } else out += c;
  }
  return out;
}

/** Index of the first unescaped occurrence of `token` at or after `from`, else -1. */
function findUnescaped(s: string, token: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(token, i)) return i;
  }
  return -1;
}

/** Splits at unescaped single-character separators, keeping each separator at the start of its piece. */
function splitAnswers(s: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      if (cur.trim()) parts.push(cur.trim());
      cur = c;
      continue;
    }
    cur += c;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

type TextFormat = 'html' | 'moodle' | 'plain' | 'markdown';

function readFormat(s: string): { format: TextFormat; rest: string } {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/.exec(s);
  return m ? { format: m[1] as TextFormat, rest: s.slice(m[0].length) } : { format: 'moodle', rest: s };
}

/** `[html]` is HTML, `[plain]` and `[markdown]` are text, unmarked (Moodle's auto format) is HTML if it holds tags. */
const KIND: Record<TextFormat, TextKind> = { html: 'html', moodle: 'auto', plain: 'plain', markdown: 'plain' };
const textOf = (raw: string, format: TextFormat) => textToHtml(giftUnescape(raw.trim()), KIND[format]);
const optionOf = (raw: string, format: TextFormat) => textToHtml(giftUnescape(raw.trim()), KIND[format], true);
/** `// [reference] …`: the reference answer of an essay (our extension; Moodle ignores comments). */
const REFERENCE = '// [reference]';

interface Block {
  line: number;
  text: string;
  tags: string[];
  category?: string;
  reference?: string;
}

/** Splits the file into question blocks (separated by blank lines), dropping comments, noting categories. */
/** The lines of a text with their 1-based number and the share of the text read after them. */
function* linesOf(source: string): Generator<[string, number, number]> {
  let n = 0;
  for (let start = 0; start <= source.length;) {
    const nl = source.indexOf('\n', start);
    const end = nl < 0 ? source.length : nl;
    const line = source.slice(start, end);
    yield [line.endsWith('\r') ? line.slice(0, -1) : line, ++n, source.length ? end / source.length : 1];
    start = end + 1;
  }
}

/** The file's question blocks (separated by blank lines) one by one, comments dropped, categories noted. */
function* blocks(source: string): Generator<Block & { at: number }> {
  let category: string | undefined;
  let cur: Block | null = null;
  let pendingTags: string[] = [];
  let pendingReference: string | undefined;
  for (const [raw, n, at] of linesOf(source.replace(/^\uFEFF/, ''))) {
    const line = raw.trim();
    if (line === '') {
      if (cur?.text.trim()) yield { ...cur, at };
      cur = null;
    } else if (line.startsWith(REFERENCE)) pendingReference = giftUnescape(line.slice(REFERENCE.length).trim());
    else if (line.startsWith('//')) {
      for (const m of line.matchAll(/\[tag:([^\]]+)\]/g)) pendingTags.push(decodeCharRefs(m[1].trim()));
    } else if (!cur && /^\$CATEGORY:/i.test(line)) {
      category = line.replace(/^\$CATEGORY:/i, '').trim();
      pendingTags = [];
      pendingReference = undefined;
    } else if (!cur) {
      cur = { line: n, text: raw, tags: pendingTags, category, reference: pendingReference };
      pendingTags = [];
      pendingReference = undefined;
    } else cur.text += `\n${raw}`;
  }
  if (cur?.text.trim()) yield { ...cur, at: 1 };
}

interface Answer {
  kind: string;
  weight: number | null;
}

/**
 * The choice a GIFT multiple choice is (docs/import-export.md "Mapping"): with `=` answers those are right
 * (exactly one → singleChoice, as Moodle marks it), weighted `~%n%` options beside them are not; without `=`,
 * the options of positive weight are right (one of 100 % → singleChoice, else multipleChoice). `dropped`: the
 * indexes whose partial credit the question cannot hold (it is right or wrong as a whole).
 */
function choiceOf(answers: readonly Answer[]): {
  type: 'singleChoice' | 'multipleChoice';
  right: boolean[];
  dropped: number[];
} {
  const positive = (a: Answer) => a.weight !== null && a.weight > 0;
  const equals = answers.filter((a) => a.kind === '=').length;
  if (equals > 0) {
    const right = answers.map((a) => a.kind === '=');
    const dropped = answers.flatMap((a, i) => (a.kind === '~' && positive(a) ? [i] : []));
    return { type: equals === 1 ? 'singleChoice' : 'multipleChoice', right, dropped };
  }
  const right = answers.map(positive);
  const count = right.filter(Boolean).length;
  const total = answers.reduce((sum, a) => sum + (positive(a) ? (a.weight ?? 0) : 0), 0);
  const whole = Math.abs(total - 100) < 0.01;
  // Equal shares of 100 % (how multiple choices are written) keep their meaning: all right ones, nothing less.
  const shares = whole && answers.every((a) => !positive(a) || Math.abs((a.weight ?? 0) - 100 / count) < 0.01);
  const dropped = shares ? [] : answers.flatMap((a, i) => (positive(a) && (a.weight ?? 0) < 100 ? [i] : []));
  return { type: count === 1 && whole ? 'singleChoice' : 'multipleChoice', right, dropped };
}

function parseBlock(b: Block, index: number): { item: ParsedItem } | { unsupported: ImportItemError } {
  let text = b.text.trim();
  let title = '';
  if (text.startsWith('::')) {
    const end = findUnescaped(text, '::', 2);
    if (end > 0) {
      title = decodeCharRefs(giftUnescape(text.slice(2, end))).trim();
      text = text.slice(end + 2);
    }
  }
  const open = findUnescaped(text, '{');
  const where = { index, line: b.line };
  if (open < 0)
    return {
      unsupported: {
        ...where,
        title: reportTitle(title, text),
        reasons: ['没有答案部分 {…}，不是题目（说明文字不导入）'],
      },
    };
  const close = findUnescaped(text, '}', open + 1);
  const { format, rest: stemRaw } = readFormat(text.slice(0, open));
  const stemBefore = stemRaw.trim();
  const item = (draft: Draft | null, problems: string[], warnings: string[] = []): { item: ParsedItem } => ({
    item: {
      ...where,
      title: reportTitle(title, draft?.question ?? giftUnescape(stemBefore)),
      draft,
      problems,
      ...(warnings.length ? { warnings } : {}),
    },
  });
  if (close < 0) return item(null, ['缺少与 { 对应的 }']);
  const after = text.slice(close + 1).trim();
  // Missing-word form (text after the answers): the answers stand where the blank is.
  const question = textOf(after ? `${stemBefore} ____ ${after}` : stemBefore, format);
  let body = text.slice(open + 1, close);
  let explanation = '';
  const fb = findUnescaped(body, '####');
  if (fb >= 0) {
    explanation = textOf(body.slice(fb + 4), format);
    body = body.slice(0, fb);
  }
  const { tags, knowledgeId } = splitKpTag(b.tags);
  const base = {
    title,
    question,
    explanation,
    tags,
    ...(knowledgeId ? { knowledgeId } : {}),
    ...(b.category && categoryKp(b.category) ? { categoryKnowledgeId: categoryKp(b.category) } : {}),
  };
  const trimmed = body.trim();
  if (trimmed === '')
    return item(
      newDraft({ ...base, type: 'shortAnswer', judgeType: 'manual', answer: [b.reference || NO_REFERENCE] }),
      [],
    );
  const tf = /^(T|TRUE|F|FALSE)\s*(#|$)/i.exec(trimmed);
  if (tf) return item(newDraft({ ...base, type: 'trueFalse', answer: [tf[1][0].toUpperCase()] }), []);
  if (trimmed.startsWith('#'))
    return { unsupported: { ...where, title: reportTitle(title, question), reasons: ['数值题不支持导入'] } };
  const answers = splitAnswers(trimmed).map((a) => {
    const kind = a[0];
    let rest = a.slice(1);
    let weight: number | null = null;
    const w = /^%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (w) {
      weight = Number(w[1]);
      rest = rest.slice(w[0].length);
    }
    const hash = findUnescaped(rest, '#');
    const content = (hash >= 0 ? rest.slice(0, hash) : rest).trim();
    return { kind, weight, raw: content };
  });
  if (answers.some((a) => a.kind !== '=' && a.kind !== '~'))
    return item(null, ['答案部分格式不正确：每个答案应以 = 或 ~ 开头']);
  if (answers.some((a) => findUnescaped(a.raw, '->') >= 0))
    return { unsupported: { ...where, title: reportTitle(title, question), reasons: ['匹配题不支持导入'] } };
  if (answers.every((a) => a.kind === '=')) {
    // Short answer: every `=` is an accepted alternative of the one blank.
    const alts = answers
      .filter((a) => a.weight === null || a.weight >= 100)
      .map((a) => decodeCharRefs(giftUnescape(a.raw)));
    return item(newDraft({ ...base, type: 'fillBlank', answer: [joinAlternatives(alts)] }), []);
  }
  const options = answers.map((a, i) => ({ key: optionKey(i), content: optionOf(a.raw, format) }));
  const { type, right, dropped } = choiceOf(answers);
  const answer = options.filter((_, i) => right[i]).map((o) => o.key);
  const warnings = dropped.length
    ? [
        `部分得分未保留：${dropped.map((i) => `选项 ${optionKey(i)}（${answers[i].weight}%）`).join('、')}按${
          type === 'singleChoice' ? '错误选项' : '全部选对才得分'
        }导入（本平台的选择题不设部分得分）`,
      ]
    : [];
  return item(newDraft({ ...base, type, options, answer }), answers.length > 26 ? ['选项超过 26 个'] : [], warnings);
}

/** Reads a GIFT file's text question by question (nothing of earlier questions is kept). */
export function* readGift(source: string): Generator<ParseEvent> {
  let index = 0;
  for (const b of blocks(source)) yield { ...parseBlock(b, ++index), at: b.at };
}

/** The whole file's items at once (tests, small files). */
export const parseGift = (source: string): ParseResult => collectEvents(readGift(source));

// ---- serializer ----

const GIFT_TYPES = new Set(['singleChoice', 'multipleChoice', 'trueFalse', 'fillBlank', 'shortAnswer']);

function answerBlock(q: Question): string | null {
  const opt = (s: string) => giftEscape(s);
  switch (q.type) {
    case 'singleChoice':
      return q.options.map((o) => `${q.answer.includes(o.key) ? '=' : '~'}${opt(o.content)}`).join('\n');
    case 'multipleChoice': {
      const n = q.answer.length;
      const w = (100 / n).toFixed(5).replace(/\.?0+$/, '');
      return q.options.map((o) => `~%${q.answer.includes(o.key) ? w : '-100'}%${opt(o.content)}`).join('\n');
    }
    case 'trueFalse':
      return q.answer[0] === 'T' ? 'TRUE' : 'FALSE';
    case 'fillBlank':
      // GIFT short answer has one blank: a question with several blanks cannot be written.
      if (q.answer.length !== 1) return null;
      return splitAlternatives(q.answer[0])
        .map((a) => `=${giftEscape(escapeCharRefs(a))}`)
        .join(' ');
    case 'shortAnswer':
      return '';
    case 'translation':
    case 'enReading':
      return null;
  }
}

export function serializeGift(questions: readonly Question[]): Serialized {
  const out: string[] = ['// 由 edu-platform 导出（GIFT 格式）。知识点见 $CATEGORY 与 [tag:kp:…]。', ''];
  let exported = 0;
  let skipped = 0;
  let category: string | null = null;
  for (const q of byKnowledge(questions)) {
    const block = GIFT_TYPES.has(q.type) ? answerBlock(q) : null;
    if (block === null) {
      skipped++;
      continue;
    }
    if (q.knowledgeId !== category) {
      category = q.knowledgeId;
      out.push(`$CATEGORY: $course$/top/${q.knowledgeId}`, '');
    }
    const tags = [`${KP_TAG_PREFIX}${q.knowledgeId}`, ...q.tags].filter((t) => !/[\]\n]/.test(t));
    out.push(`// ${tags.map((t) => `[tag:${escapeCharRefs(t)}]`).join(' ')}`);
    if (q.type === 'shortAnswer') out.push(`${REFERENCE} ${giftEscape(q.answer[0] ?? '')}`);
    const title = q.title ? `::${giftEscape(escapeCharRefs(q.title))}::` : '';
    const feedback = q.explanation ? `\n####${giftEscape(q.explanation)}` : '';
    out.push(
      `${title}[html]${giftEscape(q.question)}{${block ? `\n${block}` : ''}${feedback}${block || feedback ? '\n' : ''}}`,
      '',
    );
    exported++;
  }
  return { data: Buffer.from(out.join('\n'), 'utf8'), exported, skipped };
}
