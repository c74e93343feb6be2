// The Excel template (exceljs): one row per question, columns documented in docs/import-export.md and on the
// template's 说明 sheet. Holds every type (enReading sub-questions as JSON), so it is the lossless format.
import type { Question } from '@edu/contract';
import ExcelJS from 'exceljs';
import {
  FileFormatError,
  newDraft,
  optionKey,
  reportTitle,
  toHtml,
  type Draft,
  type ParsedItem,
  type ParseResult,
  type Serialized,
} from './transfer-model.js';

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
] as const;
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

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return cell.text ?? '';
}

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

export async function parseXlsx(data: Buffer): Promise<ParseResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new FileFormatError('无法读取 Excel 文件（请上传 .xlsx 格式的导入模板）');
  }
  const ws = wb.getWorksheet(SHEET_NAME) ?? wb.worksheets[0];
  if (!ws) throw new FileFormatError('Excel 文件中没有工作表');
  const col = new Map<string, number>();
  ws.getRow(1).eachCell((cell, n) => col.set(cellText(cell).trim(), n));
  if (!col.has('题型') || !col.has('题干'))
    throw new FileFormatError('第 1 行应为表头（题型、标题、题干、选项A…），请使用导入模板');
  const items: ParsedItem[] = [];
  let index = 0;
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (h: string) => {
      const n = col.get(h);
      return n ? cellText(row.getCell(n)) : '';
    };
    const values = EXCEL_HEADERS.map(get);
    if (values.every((v) => v.trim() === '')) return;
    index++;
    const problems: string[] = [];
    const typeRaw = get('题型').trim();
    const type = TYPE_BY_NAME.get(typeRaw) ?? TYPE_BY_NAME.get(typeRaw.toLowerCase());
    if (!type) problems.push(typeRaw ? `题型“${typeRaw}”不正确` : '请填写题型');
    const options: { key: string; content: string }[] = [];
    OPTION_HEADERS.forEach((h, i) => {
      const v = get(h).trim();
      if (v) options.push({ key: optionKey(i), content: v });
    });
    if (options.length && options.length !== Math.max(...options.map((o) => o.key.charCodeAt(0) - 64)))
      problems.push('选项应从 A 开始连续填写，中间不能空');
    const { answer, problems: ap } = answerOf(type ?? '', get('答案'));
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
    const draft: Draft | null = type
      ? newDraft({
          type,
          ...(judgeType ? { judgeType } : {}),
          title: get('标题').trim(),
          question: toHtml(get('题干')),
          explanation: toHtml(get('解析')),
          options,
          answer,
          tags: get('标签')
            .split(/[,，;；、\n]/)
            .map((s) => s.trim())
            .filter(Boolean),
          ...(kp ? { knowledgeId: kp } : {}),
          ...(questionSub ? { questionSub } : {}),
        })
      : null;
    items.push({
      index,
      row: rowNumber,
      title: reportTitle(get('标题'), toHtml(get('题干'))),
      draft,
      problems,
    });
  });
  return { items, unsupported: [] };
}

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
  ['题干', '必填（或填写标题）。纯文本按段落导入；也可直接写 HTML（导入时会清理不安全的内容）'],
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
];

const EXAMPLES: string[][] = [
  [
    '单选题',
    '',
    'Which one is a fruit?',
    'apple',
    'desk',
    '',
    '',
    '',
    '',
    '',
    '',
    'A',
    'apple 是水果',
    'en.g7',
    '例题',
    '',
    '',
  ],
  [
    '填空题',
    '',
    'I ____ to school yesterday, and ran ____.',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'went|had gone;;fast',
    '',
    'en.g7',
    '',
    '',
    '',
  ],
  ['判断题', '', 'The sun rises in the east.', '', '', '', '', '', '', '', '', '对', '', 'en.g7', '', '', ''],
];

function instructions(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('说明');
  ws.addRow(['列', '填写说明']);
  ws.getRow(1).font = { bold: true };
  for (const r of INSTRUCTIONS) ws.addRow(r);
  ws.addRow([]);
  ws.addRow(['示例（复制到“题目”工作表使用）']).font = { bold: true };
  ws.addRow([...EXCEL_HEADERS]);
  for (const r of EXAMPLES) ws.addRow(r);
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
    ws.addRow([
      TYPE_NAMES[q.type],
      q.title,
      q.question,
      ...OPTION_HEADERS.map((_, i) => q.options[i]?.content ?? ''),
      answerCell(q),
      q.explanation,
      q.knowledgeId,
      q.tags.join(','),
      q.judgeType === 'manual' ? '人工' : '自动',
      subQuestions(q),
    ]);
    exported++;
  }
  instructions(wb);
  return { data: await toBuffer(wb), exported, skipped };
}
