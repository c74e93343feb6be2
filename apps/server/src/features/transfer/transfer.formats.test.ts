// Parsers and serializers of Moodle XML, GIFT and the Excel template: the hand-written fixtures (written from
// the formats' public documentation) with their broken items, and round trips export → import per format.
import { readFileSync } from 'node:fs';
import { QuestionCreate, type Question } from '@edu/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionChange } from '../questions/question-write.js';
import { EXCEL_HEADERS, excelTemplate, serializeXlsx, SHEET_NAME } from './excel.js';
import { giftEscape, giftUnescape, parseGift, serializeGift } from './gift.js';
import { parseMoodleXml, serializeMoodleXml } from './moodle-xml.js';
import { collect } from './parse-test-kit.js';
import { FileFormatError, NO_REFERENCE, type ParseResult } from './transfer-model.js';
import { validateItem, type ValidateContext } from './transfer.validate.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CTX: ValidateContext = {
  agencyId: 'demo',
  repoId: '1',
  defaultKnowledgeId: 'en',
  knownCodes: new Set(['en', 'en.g7', 'en.g7.c1', 'en.g7.c1.k1', 'math']),
};

function report(r: ParseResult) {
  const results = r.items.map((i) => validateItem(i, CTX));
  return {
    good: results.flatMap((v) => (v.ok ? [v.input] : [])),
    bad: results.flatMap((v) => (v.ok ? [] : [v.error])),
  };
}

describe('Moodle XML fixture', () => {
  const parsed = parseMoodleXml(fixture('sample.moodle.xml'));
  const { good, bad } = report(parsed);

  it('reads every supported type with its category, CDATA text, feedback and tags', () => {
    expect(good.map((q) => [q.type, q.title, q.knowledgeId])).toEqual([
      ['singleChoice', 'Fruit', 'en.g7'],
      ['multipleChoice', 'Colours', 'en.g7'],
      ['trueFalse', 'Sun', 'en.g7'],
      ['fillBlank', 'Past of go', 'en.g7.c1.k1'],
      ['shortAnswer', 'My school', 'en.g7.c1'],
    ]);
    const [fruit, colours, sun, past, essay] = good;
    expect(fruit).toMatchObject({
      question: '<p>Which one is a <b>fruit</b>?</p>',
      explanation: '<p>An apple is a fruit.</p>',
      options: [
        { key: 'A', content: '<p>apple</p>' },
        { key: 'B', content: '<p>desk</p>' },
      ],
      answer: ['A'],
      tags: ['fruit', '例题'],
    });
    expect(colours).toMatchObject({ question: '<p>Which are colours?</p>', answer: ['A', 'C'] });
    expect(colours.options.map((o) => o.content)).toEqual(['red', 'table', 'blue']);
    expect(sun.answer).toEqual(['T']);
    // Only the 100 % answers are accepted alternatives; kp:… names the knowledge point over the category.
    expect(past).toMatchObject({ answer: ['went|had gone'], tags: [] });
    expect(essay).toMatchObject({ judgeType: 'manual', answer: ['My school is big.'] });
  });

  it('reports each bad item with its line, title and Chinese reasons, and other types as unsupported', () => {
    expect(bad.map((e) => [e.line, e.title])).toEqual([
      [76, 'No right answer'],
      [83, 'Broken true/false'],
      [89, 'Unknown point'],
    ]);
    expect(bad[0].reasons.join()).toContain('答案');
    expect(bad[1].reasons).toContain('判断题没有得分为 100 的 true 或 false 答案');
    expect(bad[2].reasons).toEqual(['知识点：编码 no.such.code 不存在']);
    expect(parsed.unsupported).toEqual([{ index: 6, line: 72, title: 'Capitals', reasons: ['匹配题不支持导入'] }]);
  });

  it('refuses a file that is not XML, naming the line', () => {
    expect(() => parseMoodleXml('<quiz>\n<question type="truefalse">\n</quiz>')).toThrow(FileFormatError);
    expect(() => parseMoodleXml('<quiz>\n<question>\n</quiz>')).toThrow(/第 \d+ 行/);
    expect(() => parseMoodleXml('<other/>')).toThrow(/quiz/);
  });

  it('inlines embedded @@PLUGINFILE@@ images as data: URLs', () => {
    const xml = `<quiz><question type="truefalse"><name><text>img</text></name>
<questiontext format="html"><text><![CDATA[<p><img src="@@PLUGINFILE@@/a.png"></p>]]></text>
<file name="a.png" path="/" encoding="base64">iVBORw0KGgo=</file></questiontext>
<answer fraction="100"><text>false</text></answer><answer fraction="0"><text>true</text></answer></question></quiz>`;
    const [item] = parseMoodleXml(xml).items;
    expect(item.draft?.question).toBe('<p><img src="data:image/png;base64,iVBORw0KGgo="></p>');
    expect(item.draft?.answer).toEqual(['F']);
  });
});

describe('GIFT fixture', () => {
  const parsed = parseGift(fixture('sample.gift'));
  const { good, bad } = report(parsed);

  it('reads every supported form with categories, comments, tags, escapes and multi-line questions', () => {
    expect(good.map((q) => [q.type, q.title, q.knowledgeId])).toEqual([
      ['singleChoice', 'Fruit', 'en.g7'],
      ['multipleChoice', 'Colours', 'en.g7'],
      ['trueFalse', 'Sun', 'en.g7'],
      ['trueFalse', '', 'en.g7'],
      ['fillBlank', 'Past of go', 'en.g7.c1'],
      ['singleChoice', 'Escapes: all of them', 'en.g7.c1.k1'],
      ['shortAnswer', 'My school', 'en.g7.c1'],
    ]);
    const [fruit, colours, sun, grant, past, escapes, essay] = good;
    expect(fruit).toMatchObject({
      question: '<p>Which one is a fruit?</p>',
      explanation: '<p>An apple is a fruit.</p>',
      options: [
        { key: 'A', content: 'apple' },
        { key: 'B', content: 'desk' },
      ],
      answer: ['A'],
      tags: ['fruit', '例题'],
    });
    expect(colours).toMatchObject({ answer: ['A', 'B'] });
    expect(colours.options.map((o) => o.content)).toEqual(['red', 'blue', 'table']);
    expect(sun.answer).toEqual(['T']);
    expect(grant).toMatchObject({ answer: ['F'], question: "<p>Grant is buried in Grant's tomb.</p>" });
    // Missing-word form: the blank stands where the answers were.
    expect(past).toMatchObject({ question: '<p>I ____ to school yesterday.</p>', answer: ['went|had gone'] });
    expect(escapes).toMatchObject({
      question: '<p>Which is 1=1 ~ {set} #1?</p>',
      options: [
        { key: 'A', content: 'yes {really}' },
        { key: 'B', content: 'no = never' },
      ],
      answer: ['A'],
    });
    expect(essay).toMatchObject({
      judgeType: 'manual',
      question: '<p>Describe<br>your school in a few sentences.</p>',
      explanation: '<p>Mention the classrooms.</p>',
      answer: [NO_REFERENCE],
    });
  });

  it('reports each bad item with its line, title and Chinese reasons, and numeric questions as unsupported', () => {
    expect(bad.map((e) => [e.line, e.title])).toEqual([
      [40, 'Broken braces'],
      [42, 'No right answer'],
      [45, 'Unknown point'],
    ]);
    expect(bad[0].reasons).toEqual(['缺少与 { 对应的 }']);
    expect(bad[1].reasons.join()).toContain('答案');
    expect(bad[2].reasons).toEqual(['知识点：编码 no.such.code 不存在']);
    expect(parsed.unsupported).toEqual([{ index: 8, line: 38, title: 'Numeric', reasons: ['数值题不支持导入'] }]);
  });

  it('escapes and unescapes every special character (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '~', '=', '#', '{', '}', ':', '\\', '\n', '%', '中', '-', '>') }),
        (s) => {
          expect(giftUnescape(giftEscape(s))).toBe(s);
        },
      ),
    );
  });

  it('round-trips titles, stems, options and explanations made of special characters (property)', () => {
    const text = fc
      .string({
        unit: fc.constantFrom('a', 'b', ' ', '~', '=', '#', '{', '}', ':', '\\', '中', '。', '-', '>'),
        minLength: 1,
      })
      .filter((s) => s.trim() !== '' && s === s.trim());
    fc.assert(
      fc.property(text, text, text, text, (title, stem, option, explanation) => {
        const q = wire({
          type: 'singleChoice',
          title: title.slice(0, 200),
          question: `<p>${escape(stem)}</p>`,
          options: [
            { key: 'A', content: escape(option) },
            { key: 'B', content: 'other' },
          ],
          answer: ['A'],
          explanation: `<p>${escape(explanation)}</p>`,
        });
        const back = roundTrip(q, (qs) => parseGift(serializeGift(qs).data.toString('utf8')));
        expect(pick(back)).toEqual(pick(q));
      }),
      { numRuns: 200 },
    );
  });
});

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---- round trips ----

const BASE = { judgeType: 'auto', explanation: '', options: [], tags: [], knowledgeId: 'en.g7' } as const;

/** A stored question as the API answers it, from create fields (sanitised and formatted like a real write). */
function wire(fields: Record<string, unknown>): Question {
  const input = QuestionCreate.parse({ ...BASE, ...fields, agencyId: 'demo', repoId: '1' });
  const c = questionChange(input);
  return {
    id: '1',
    recordId: null,
    version: 1,
    type: input.type,
    judgeType: input.judgeType,
    title: c.title,
    question: c.question,
    explanation: c.explanation,
    answer: c.answer,
    options: c.options,
    tags: input.tags,
    videos: [],
    extra: {},
    knowledgePoint: null,
    knowledgeId: input.knowledgeId,
    questionSub: c.questionSub as Question['questionSub'],
    subKnowledgePoints: [],
    agencyId: 'demo',
    repoId: '1',
    createTime: 0,
    lastUpdate: 0,
  };
}

function roundTrip(q: Question, through: (qs: Question[]) => ParseResult): Question {
  const r = through([q]);
  expect(r.items).toHaveLength(1);
  const v = validateItem(r.items[0], CTX);
  if (!v.ok) throw new Error(JSON.stringify(v.error));
  return wire(v.input);
}

const pick = (q: Question) => ({
  type: q.type,
  judgeType: q.judgeType,
  title: q.title,
  question: q.question,
  explanation: q.explanation,
  options: q.options,
  answer: q.answer,
  tags: q.tags,
  knowledgeId: q.knowledgeId,
  questionSub: q.questionSub,
});

const SAMPLES: Record<string, Question> = {
  singleChoice: wire({
    type: 'singleChoice',
    title: 'Fruit: pick one',
    question: '<p>Which one is a <b>fruit</b>? Choose one.</p><table><tbody><tr><td>1</td></tr></tbody></table>',
    options: [
      { key: 'A', content: 'apple' },
      { key: 'B', content: '<span class="math-tex" data-latex="\\frac{a}{b}">\\frac{a}{b}</span>' },
      { key: 'C', content: 'x = {y}' },
    ],
    answer: ['A'],
    explanation: '<p>apple 是水果。</p>',
    tags: ['例题', 'fruit'],
  }),
  multipleChoice: wire({
    type: 'multipleChoice',
    question: '<p>Which are colours?</p>',
    options: ['red', 'blue', 'desk'].map((content, i) => ({ key: 'ABC'[i], content })),
    answer: ['A', 'B'],
    knowledgeId: 'en.g7.c1',
  }),
  trueFalse: wire({ type: 'trueFalse', question: '<p>The sun rises in the east.</p>', answer: ['F'], tags: ['t'] }),
  fillBlank: wire({
    type: 'fillBlank',
    title: 'Blank',
    question: '<p>I ____ to school.</p>',
    answer: ['went|had gone|a\\|b'],
    explanation: '<p>过去式</p>',
  }),
  shortAnswer: wire({
    type: 'shortAnswer',
    judgeType: 'manual',
    question: '<p>Describe your school.</p>',
    answer: ['My school is big.\nIt has a library.'],
    explanation: '<p>写两句。</p>',
  }),
  translation: wire({ type: 'translation', question: '<p>我喜欢苹果。</p>', answer: ['I like apples.'] }),
  enReading: wire({
    type: 'enReading',
    title: 'Reading',
    question: '<p>Tom has a dog. It is black.</p>',
    questionSub: [
      {
        questionSubId: 'abc123abc123',
        type: 'singleChoice',
        title: 'What colour?',
        options: [
          { key: 'A', content: 'black' },
          { key: 'B', content: 'white' },
        ],
        answer: ['A'],
        explanation: '<p>It is black.</p>',
      },
      { questionSubId: 'def456def456', type: 'fillBlank', title: 'Tom has a ____.', answer: ['dog'] },
    ],
  }),
  fillBlankMany: wire({ type: 'fillBlank', question: '<p>__ and __</p>', answer: ['a', 'b|c'] }),
};

async function xlsxRoundTrip(qs: Question[]) {
  return collect('xlsx', (await serializeXlsx(qs)).data);
}

describe('round trips export → import', () => {
  const shared = ['singleChoice', 'multipleChoice', 'trueFalse', 'fillBlank', 'shortAnswer'];

  it.each(shared)('GIFT keeps a %s question', (type) => {
    const q = SAMPLES[type];
    expect(pick(roundTrip(q, (qs) => parseGift(serializeGift(qs).data.toString('utf8'))))).toEqual(pick(q));
  });

  it.each(shared)('Moodle XML keeps a %s question', (type) => {
    const q = SAMPLES[type];
    expect(pick(roundTrip(q, (qs) => parseMoodleXml(serializeMoodleXml(qs).data.toString('utf8'))))).toEqual(pick(q));
  });

  it.each(Object.keys(SAMPLES))('Excel keeps a %s question', async (type) => {
    const q = SAMPLES[type];
    const parsed = await xlsxRoundTrip([q]);
    expect(pick(roundTrip(q, () => parsed))).toEqual(pick(q));
  });

  it('GIFT and Excel keep plain fields that look like character references as written', async () => {
    const q = wire({
      type: 'fillBlank',
      title: 'caf&#233; &amp;',
      question: '<p>a ____</p>',
      answer: ['&#233;|&#x4E2D;'],
      tags: ['&#233;'],
    });
    expect(pick(roundTrip(q, (qs) => parseGift(serializeGift(qs).data.toString('utf8'))))).toEqual(pick(q));
    // Excel splits tags at ; so a tag holding a reference cannot be written there (nor any tag with a ;).
    const untagged = { ...q, tags: [] };
    const parsed = await xlsxRoundTrip([untagged]);
    expect(pick(roundTrip(untagged, () => parsed))).toEqual(pick(untagged));
  });

  it('GIFT and Moodle XML skip what they cannot hold and count it', () => {
    const all = Object.values(SAMPLES);
    for (const s of [serializeGift(all), serializeMoodleXml(all)]) expect([s.exported, s.skipped]).toEqual([5, 3]);
  });
});

describe('Excel template', () => {
  it('is an empty 题目 sheet with the header row and a 说明 sheet', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await excelTemplate()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(SHEET_NAME)!;
    expect(ws.getRow(1).values).toEqual([undefined, ...EXCEL_HEADERS]);
    expect(ws.rowCount).toBe(1);
    expect(wb.getWorksheet('说明')!.rowCount).toBeGreaterThan(10);
    expect((await collect('xlsx', await excelTemplate())).items).toEqual([]);
  });

  it('reads rows written by a teacher and reports bad rows by row number', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(SHEET_NAME);
    ws.addRow([...EXCEL_HEADERS]);
    const row = (o: Partial<Record<(typeof EXCEL_HEADERS)[number], string>>) =>
      ws.addRow(EXCEL_HEADERS.map((h) => o[h] ?? ''));
    row({ 题型: '单选题', 题干: 'Which one?', 选项A: 'x', 选项B: 'y', 答案: 'b', 标签: '例题，t2' });
    row({ 题型: '多选题', 题干: 'Which ones?', 选项A: 'x', 选项B: 'y', 选项C: 'z', 答案: 'A, C', 知识点编码: 'math' });
    row({ 题型: '判断题', 题干: 'True?', 答案: '错' });
    row({ 题型: '填空题', 题干: '__ and __', 答案: 'went|had gone\nfast' });
    ws.addRow([]);
    row({ 题型: '填空题', 题干: '__ and __', 答案: 'a;;b' });
    row({ 题型: '问答', 题干: 'What?' });
    row({ 题型: '单选题', 题干: 'Which?', 选项A: 'x', 选项C: 'z', 答案: 'A' });
    row({ 题型: '判断题', 题干: 'Maybe?', 答案: '也许' });
    row({ 题型: '简答题', 题干: 'Why?', 答案: 'Because.', 知识点编码: 'no.such' });
    const { good, bad } = report(await collect('xlsx', Buffer.from(await wb.xlsx.writeBuffer())));
    expect(good.map((q) => [q.type, q.answer, q.knowledgeId])).toEqual([
      ['singleChoice', ['B'], 'en'],
      ['multipleChoice', ['A', 'C'], 'math'],
      ['trueFalse', ['F'], 'en'],
      ['fillBlank', ['went|had gone', 'fast'], 'en'],
      ['fillBlank', ['a', 'b'], 'en'],
    ]);
    expect(good[0].tags).toEqual(['例题', 't2']);
    expect(good[0].question).toBe('<p>Which one?</p>');
    expect(bad.map((e) => [e.row, e.title])).toEqual([
      [8, 'What?'],
      [9, 'Which?'],
      [10, 'Maybe?'],
      [11, 'Why?'],
    ]);
    expect(bad[0].reasons).toContain('题型“问答”不正确');
    expect(bad[1].reasons).toContain('选项应从 A 开始连续填写，中间不能空');
    expect(bad[2].reasons.join()).toContain('判断题答案只能是 T（对）或 F（错）');
    expect(bad[3].reasons).toEqual(['知识点：编码 no.such 不存在']);
  });

  it('refuses a file that is not an xlsx', async () => {
    await expect(collect('xlsx', Buffer.from('not a workbook'))).rejects.toThrow(FileFormatError);
  });
});
