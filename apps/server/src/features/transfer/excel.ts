// The Excel template (exceljs): one row per question, columns documented in docs/import-export.md and on the
// template's 说明 sheet. Holds every type (enReading sub-questions as JSON), so it is the lossless format.
import type { Question } from '@edu/contract';
import ExcelJS from 'exceljs';
import {
  decodeCharRefs,
  escapeCharRefs,
  FileFormatError,
  newDraft,
  normalizeTags,
  optionKey,
  reportTitle,
  textToHtml,
  tooManyItems,
  type Draft,
  type ImportLimits,
  type ParsedItem,
  type ParseSink,
  type Serialized,
} from './transfer-model.js';
import { readXlsxRows } from './xlsx-read.js';
import { spreadsheetRow, textFromCell } from '../../lib/download.js';

export const MAX_OPTIONS = 8;
const OPTION_HEADERS = Array.from({ length: MAX_OPTIONS }, (_, i) => `选项${optionKey(i)}`);
/** The header row, in order. */
export const EXCEL_HEADERS = [
  '题型',
  '标题',
  '题干',
  ...OPTION_HEADERS,
  '答案',
  '解析',
  '知识点编码',
  '标签',
  '判分方式',
  '小题（JSON）',
  '格式',
] as const;
/** Says whether the row's 题干, 选项 and 解析 are plain text (empty, 文本) or HTML. */
export const FORMAT_HEADER = '格式';
export const SHEET_NAME = '题目';

/** 题型 column: the type key or its Chinese name. */
export const TYPE_NAMES: Record<string, string> = {
  singleChoice: '单选题',
  multipleChoice: '多选题',
  trueFalse: '判断题',
  fillBlank: '填空题',
  shortAnswer: '简答题',
  translation: '翻译题',
  enReading: '阅读理解',
};
const TYPE_BY_NAME = new Map(
  Object.entries(TYPE_NAMES).flatMap(([k, v]) => [
    [k.toLowerCase(), k],
    [v, k],
  ]),
);

/** Blanks of a fillBlank answer are separated by a line break (Alt+Enter) or `;;`. */
export const BLANK_SEPARATOR = /\r?\n|;;/;
const TRUE_WORDS = new Set(['t', 'true', '对', '正确', '√', '是']);
const FALSE_WORDS = new Set(['f', 'false', '错', '错误', '×', '否']);

function answerOf(type: string, raw: string): { answer: string[]; problems: string[] } {
  const t = raw.trim();
  if (t === '') return { answer: [], problems: [] };
  switch (type) {
    case 'singleChoice':
    case 'multipleChoice':
      return { answer: [...t.toUpperCase().replace(/[\s,，;；、/|]/g, '')], problems: [] };
    case 'trueFalse': {
      const w = t.toLowerCase();
      if (TRUE_WORDS.has(w)) return { answer: ['T'], problems: [] };
      if (FALSE_WORDS.has(w)) return { answer: ['F'], problems: [] };
      return { answer: [t], problems: [] };
    }
    case 'fillBlank':
      return { answer: t.split(BLANK_SEPARATOR).map((b) => b.trim()), problems: [] };
    case 'enReading':
      return { answer: [], problems: [] };
    default:
      return { answer: [t], problems: [] };
  }
}

/** 格式 column: how 题干, 选项 and 解析 of the row are read (docs/import-export.md "Mapping"). */
type CellFormat = 'text' | 'html';
const FORMAT_BY_NAME = new Map<string, CellFormat>([
  ['', 'text'],
  ['文本', 'text'],
  ['纯文本', 'text'],
  ['text', 'text'],
  ['html', 'html'],
]);

/** One data row as an item: `get` reads a cell by its header. */
function rowItem(get: (header: string) => string, row: number, index: number): ParsedItem {
  const problems: string[] = [];
  const typeRaw = get('题型').trim();
  const type = TYPE_BY_NAME.get(typeRaw) ?? TYPE_BY_NAME.get(typeRaw.toLowerCase());
  if (!type) problems.push(typeRaw ? `题型“${typeRaw}”不正确` : '请填写题型');
  const formatRaw = get(FORMAT_HEADER).trim();
  const format = FORMAT_BY_NAME.get(formatRaw.toLowerCase());
  if (!format) problems.push(`格式“${formatRaw}”不正确：应为 文本 或 HTML`);
  // A rich cell is kept as HTML when the row says HTML, else it is plain text (references decoded, escaped).
  const rich = (h: string, inline = false) => textToHtml(get(h), format === 'html' ? 'html' : 'plain', inline);
  const options: { key: string; content: string }[] = [];
  OPTION_HEADERS.forEach((h, i) => {
    if (get(h).trim()) options.push({ key: optionKey(i), content: rich(h, true) });
  });
  if (options.length && options.length !== Math.max(...options.map((o) => o.key.charCodeAt(0) - 64)))
    problems.push('选项应从 A 开始连续填写，中间不能空');
  const { answer, problems: ap } = answerOf(type ?? '', decodeCharRefs(get('答案')));
  problems.push(...ap);
  let questionSub: unknown[] | undefined;
  const subRaw = get('小题（JSON）').trim();
  if (subRaw) {
    try {
      const parsed: unknown = JSON.parse(subRaw);
      if (!Array.isArray(parsed)) throw new Error('not an array');
      questionSub = parsed;
    } catch {
      problems.push('小题（JSON）不是正确的 JSON 数组');
    }
  }
  const judge = get('判分方式').trim().toLowerCase();
  const judgeType =
    judge === 'manual' || judge === '人工' ? 'manual' : judge === 'auto' || judge === '自动' ? 'auto' : undefined;
  const kp = get('知识点编码').trim();
  const title = decodeCharRefs(get('标题')).trim();
  const question = rich('题干');
  const draft: Draft | null = type
    ? newDraft({
        type,
        ...(judgeType ? { judgeType } : {}),
        title,
        question,
        explanation: rich('解析'),
        options,
        answer,
        tags: normalizeTags(decodeCharRefs(get('标签')).split(/[,，;；、\n]/)),
        ...(kp ? { knowledgeId: kp } : {}),
        ...(questionSub ? { questionSub } : {}),
      })
    : null;
  return { index, row, title: reportTitle(title, question), draft, problems };
}

/**
 * Reads the Excel template's question sheet (题目, else the first) row by row within the limits (xlsx-read.ts)
 * and hands each non-empty data row to the sink. Row 1 is the header; columns are found by their header.
 */
export async function parseXlsx(data: Buffer, limits: ImportLimits, sink: ParseSink): Promise<void> {
  let columns: Map<string, number> | null = null;
  let index = 0;
  await readXlsxRows(
    data,
    limits,
    SHEET_NAME,
    async ({ row, cells }) => {
      if (!columns) {
        columns = new Map(cells.flatMap((c, i) => (c ? [[c.trim(), i] as const] : [])));
        if (row !== 1 || !columns.has('题型') || !columns.has('题干')) throw headerMissing();
        return;
      }
      const map = columns;
      const get = (h: string) => {
        const n = map.get(h);
        return n === undefined ? '' : textFromCell(cells[n] ?? '');
      };
      if (EXCEL_HEADERS.every((h) => get(h).trim() === '')) return;
      if (++index > limits.maxItems) throw tooManyItems(limits);
      await sink.item(rowItem(get, row, index));
    },
    (fraction) => sink.progress(fraction),
  );
  if (!columns) throw headerMissing();
}

const headerMissing = () => new FileFormatError('第 1 行应为表头（题型、标题、题干、选项A…），请使用导入模板');

// ---- writer ----

function answerCell(q: Question): string {
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'trueFalse':
      return q.answer.join('');
    case 'fillBlank':
      return q.answer.join('\n');
    case 'enReading':
      return '';
    case 'shortAnswer':
    case 'translation':
      return q.answer.join('\n');
  }
}

function subQuestions(q: Question): string {
  if (q.type !== 'enReading') return '';
  return JSON.stringify(
    q.questionSub.map((s) => ({
      questionSubId: s.questionSubId,
      type: s.type,
      title: s.title,
      desc: s.desc,
      answer: s.answer,
      options: s.options,
      status: s.status,
      ...(s.explanation !== undefined ? { explanation: s.explanation } : {}),
    })),
  );
}

function sheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...EXCEL_HEADERS]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => {
    c.width = i === 2 ? 50 : i === 0 ? 12 : 20;
  });
  return ws;
}

const INSTRUCTIONS: [string, string][] = [
  ['题型', '单选题、多选题、判断题、填空题、简答题、翻译题、阅读理解（也可写 singleChoice 等英文名）'],
  ['标题', '可选，不超过 200 个字符'],
  [
    '题干',
    '必填（或填写标题）。按“格式”列读取：文本时原样导入（< > & 等字符按字面保留，如 若 a<b 且 c>d，则 a-c<b-d），换行保留；HTML 时按 HTML 导入（导入时会清理不安全的内容）',
  ],
  ['选项A…选项H', '单选题、多选题的选项，从选项A开始连续填写，至少 2 个；其他题型留空'],
  [
    '答案',
    '单选：一个字母，如 B；多选：字母连写或用逗号分隔，如 AC 或 A,C；判断：对/错（或 T/F、正确/错误）；填空：每空之间换行（Alt+Enter）或用 ;; 分隔，同一空的多个可接受答案用 | 分隔（字面的 | 写作 \\|），如 went|had gone;;fast；简答：参考答案；翻译：参考译文；阅读理解：留空（答案在小题里）',
  ],
  ['解析', '可选'],
  ['知识点编码', '如 en.g7.c1；留空则使用导入时选择的默认知识点'],
  ['标签', '可选，多个标签用逗号分隔'],
  ['判分方式', '可选：自动 或 人工（简答题总是人工；填空、翻译题可选人工）'],
  ['小题（JSON）', '仅阅读理解：小题的 JSON 数组，每项 {type, title, options, answer, explanation}'],
  [
    '格式',
    '可选：文本（默认，留空即为文本）或 HTML。只有填 HTML 的行，其题干、选项、解析才按 HTML 读取；导出的文件每行填 HTML。文本中的 &#233; &#x4E2D; 这样的数字字符引用会转换为对应字符',
  ],
];

type ExcelRow = Partial<Record<(typeof EXCEL_HEADERS)[number], string>>;
/** A row in the header's order, empty cells for the columns it leaves out. */
export const excelRow = (o: ExcelRow) => EXCEL_HEADERS.map((h) => o[h] ?? '');

const EXAMPLES: ExcelRow[] = [
  {
    题型: '单选题',
    题干: 'Which one is a fruit?',
    选项A: 'apple',
    选项B: 'desk',
    答案: 'A',
    解析: 'apple 是水果',
    知识点编码: 'en.g7',
    标签: '例题',
  },
  {
    题型: '填空题',
    题干: 'I ____ to school yesterday, and ran ____.',
    答案: 'went|had gone;;fast',
    知识点编码: 'en.g7',
  },
  { 题型: '判断题', 题干: 'The sun rises in the east.', 答案: '对', 知识点编码: 'en.g7' },
  { 题型: '判断题', 题干: '若 a<b 且 c>d，则 a-c<b-d', 答案: '对', 知识点编码: 'math', 格式: '文本' },
  {
    题型: '单选题',
    题干: '<p>Which one is a <b>fruit</b>?</p>',
    选项A: '<i>apple</i>',
    选项B: 'desk',
    答案: 'A',
    知识点编码: 'en.g7',
    格式: 'HTML',
  },
];

function instructions(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('说明');
  ws.addRow(['列', '填写说明']);
  ws.getRow(1).font = { bold: true };
  for (const r of INSTRUCTIONS) ws.addRow(r);
  ws.addRow([]);
  ws.addRow(['示例（复制到“题目”工作表使用）']).font = { bold: true };
  ws.addRow([...EXCEL_HEADERS]);
  for (const r of EXAMPLES) ws.addRow(excelRow(r));
  ws.getColumn(1).width = 16;
  ws.getColumn(2).width = 100;
}

const toBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The empty template: header row on 题目, column rules and examples on 说明. */
export async function excelTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  sheet(wb);
  instructions(wb);
  return toBuffer(wb);
}

export async function serializeXlsx(questions: readonly Question[]): Promise<Serialized> {
  const wb = new ExcelJS.Workbook();
  const ws = sheet(wb);
  let skipped = 0;
  let exported = 0;
  for (const q of questions) {
    if (q.options.length > MAX_OPTIONS) {
      skipped++;
      continue;
    }
    // Read back by parseXlsx through textFromCell, so a value starting like a formula survives the round trip.
    ws.addRow(
      spreadsheetRow([
        TYPE_NAMES[q.type],
        escapeCharRefs(q.title),
        q.question,
        ...OPTION_HEADERS.map((_, i) => q.options[i]?.content ?? ''),
        escapeCharRefs(answerCell(q)),
        q.explanation,
        q.knowledgeId,
        q.tags.join(','),
        q.judgeType === 'manual' ? '人工' : '自动',
        subQuestions(q),
        'HTML',
      ]),
    );
    exported++;
  }
  instructions(wb);
  return { data: await toBuffer(wb), exported, skipped };
}
