// What teachers' files hold, read end to end through parseFile: a Moodle XML bank and a GIFT file in UTF-8,
// UTF-16 (LE with a BOM, BE without) and GBK; plain text that looks like HTML; character references; GIFT partial
// credit; XML DOCTYPEs and entities; tag lengths; NUL bytes and undecodable bytes (docs/import-export.md).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXCEL_HEADERS, SHEET_NAME } from './excel.js';
import { parseFile } from './parse-file.js';
import { collect, TEST_LIMITS } from './parse-test-kit.js';
import { FileFormatError, type ParsedItem } from './transfer-model.js';
import { validateItem, type ValidateContext } from './transfer.validate.js';

const bytes = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const CTX: ValidateContext = {
  agencyId: 'demo',
  repoId: '1',
  defaultKnowledgeId: 'en',
  knownCodes: new Set(['en', 'en.g7', 'math']),
};
const TAG_41 = 'Grade 7 inequalities: properties and uses';

/** The items as the import writes them: validated with the contract (so the tag length is checked too). */
function valid(items: ParsedItem[]) {
  return items.map((i) => {
    const v = validateItem(i, CTX);
    if (!v.ok) throw new Error(JSON.stringify(v.error));
    return v.input;
  });
}

describe('Moodle XML bank in every encoding', () => {
  const variants = [
    ['bank.moodle.xml', 'utf-8'],
    ['bank.utf16le-bom.moodle.xml', 'utf-16le'],
    ['bank.utf16be.moodle.xml', 'utf-16be'],
    ['bank.gbk.moodle.xml', 'gb18030'],
    ['bank.gbk-nodecl.moodle.xml', 'gb18030'],
  ] as const;

  it.each(variants)('%s is read as %s with the same questions', async (file, encoding) => {
    const r = await collect('moodle', bytes(file));
    expect(r.encoding).toBe(encoding);
    const qs = valid(r.items);
    expect(qs.map((q) => [q.type, q.title, q.knowledgeId])).toEqual([
      ['singleChoice', '不等式的性质', 'math'],
      ['trueFalse', '不等式（判断）', 'math'],
      ['fillBlank', 'Café in Chinese', 'en.g7'],
      ['shortAnswer', 'My school', 'en.g7'],
    ]);
    const [choice, tf, blank] = qs;
    expect(choice.tags).toEqual(['不等式', TAG_41]);
    expect(choice.options[0].content).toBe('<p>a-c&lt;b-d</p>');
    // Plain text stays text: the comparison signs are escaped, nothing is lost.
    expect(tf.question).toBe('<p>若 a&lt;b 且 c&gt;d，则 a-c&lt;b-d</p>');
    expect(tf.explanation).toBe('<p>两边同时减去较大的数 &amp; 较小的数</p>');
    expect(tf.tags).toEqual([TAG_41]);
    // Numeric character references are characters.
    expect(blank.question).toBe('<p>What is &quot;café&quot; in Chinese? (中文)</p>');
    expect(blank.answer).toEqual(['咖啡馆|咖啡店']);
    expect(r.unsupported.map((u) => [u.title, u.reasons])).toEqual([['Capitals', ['匹配题不支持导入']]]);
    expect(r.progress.at(-1)).toBe(1);
  });

  it('reads the GBK file when GB18030 is forced, and refuses it as UTF-8 with the line in Chinese', async () => {
    expect((await collect('moodle', bytes('bank.gbk-nodecl.moodle.xml'), { encoding: 'gb18030' })).encoding).toBe(
      'gb18030',
    );
    await expect(collect('moodle', bytes('bank.gbk-nodecl.moodle.xml'), { encoding: 'utf-8' })).rejects.toThrow(
      /第 5 行不是有效的 UTF-8 文本/,
    );
  });
});

describe('GIFT file in every encoding', () => {
  const variants = [
    ['bank.gift', 'utf-8'],
    ['bank.utf16le-bom.gift', 'utf-16le'],
    ['bank.utf16be.gift', 'utf-16be'],
    ['bank.gbk.gift', 'gb18030'],
  ] as const;

  it.each(variants)('%s is read as %s with the same questions', async (file, encoding) => {
    const r = await collect('gift', bytes(file));
    expect(r.encoding).toBe(encoding);
    const qs = valid(r.items);
    expect(qs.map((q) => [q.type, q.title, q.answer])).toEqual([
      ['singleChoice', "Jesus' hometown", ['D']],
      ['fillBlank', "Grant's tomb", ['Grant|Ulysses S. Grant|Ulysses Grant']],
      ['multipleChoice', 'Colours', ['A', 'B']],
      ['fillBlank', 'Café', ['咖啡馆|咖啡店']],
      ['trueFalse', '不等式', ['T']],
      ['multipleChoice', 'Weights', ['A', 'B']],
      ['shortAnswer', 'Essay', ['（导入时未提供参考答案）']],
    ]);
    expect(qs[0].tags).toEqual([TAG_41, '例题']);
    expect(qs[4].question).toBe('<p>若 a&lt;b 且 c&gt;d，则 a-c&lt;b-d。</p>');
    expect(qs[3].question).toBe('<p>What is &quot;café&quot; in Chinese?</p>');
    expect(r.unsupported.map((u) => u.title)).toEqual(['Numeric']);
  });

  it("imports Moodle's Jesus' hometown as a single choice of Nazareth, warning that partial credit is dropped", async () => {
    const r = await collect('gift', bytes('bank.gift'));
    const [jesus, , colours, , , weights] = r.items;
    expect(jesus.draft?.options.map((o) => o.content)).toEqual(['Jerusalem', 'Bethlehem', 'Galilee', 'Nazareth']);
    expect(jesus.warnings).toEqual([
      '部分得分未保留：选项 B（25%）、选项 C（50%）按错误选项导入（本平台的选择题不设部分得分）',
    ]);
    // Equal shares of 100 % are how a multiple choice is written: nothing is lost, no warning.
    expect(colours.warnings).toBeUndefined();
    expect(weights.warnings).toEqual([
      '部分得分未保留：选项 A（30%）、选项 B（70%）按全部选对才得分导入（本平台的选择题不设部分得分）',
    ]);
  });
});

describe('text that cannot be read', () => {
  it('refuses NUL bytes with the line, in every text format', async () => {
    const text = Buffer.from('::a::one {T}\n\n::b::two\0 {F}\n', 'utf8');
    await expect(collect('gift', text)).rejects.toThrow(/第 3 行含有 NUL 字符/);
    await expect(collect('moodle', Buffer.from('<quiz>\n\0</quiz>'))).rejects.toThrow(FileFormatError);
  });

  it('refuses bytes that are no text in the forced encoding', async () => {
    const utf16 = bytes('bank.utf16be.gift');
    await expect(collect('gift', utf16, { encoding: 'utf-8' })).rejects.toThrow(/NUL 字符|不是有效的 UTF-8/);
    await expect(collect('gift', Buffer.from([0x3a, 0x3a, 0xd8, 0x00]), { encoding: 'utf-16be' })).rejects.toThrow(
      /不是有效的 UTF-16 BE 文本/,
    );
  });
});

describe('XML entities', () => {
  const quiz = (body: string) =>
    Buffer.from(`<?xml version="1.0"?>\n${body}\n<quiz>\n<question type="truefalse"></question>\n</quiz>\n`);

  it('refuses a DOCTYPE with external entities (XXE), naming the cause and line', async () => {
    const xxe = quiz('<!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').toString();
    await expect(collect('moodle', Buffer.from(xxe.replace('</question>', '&xxe;</question>')))).rejects.toThrow(
      /XML 第 2 行：不支持 DOCTYPE \/ 外部实体/,
    );
  });

  it('refuses billion laughs before expanding anything', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const doc = quiz(`<!DOCTYPE lolz [<!ENTITY lol0 "lol">${lol}]>`).toString();
    const err = await collect('moodle', Buffer.from(doc.replace('</question>', '&lol9;</question>'))).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FileFormatError);
    expect((err as Error).message).toContain('不支持 DOCTYPE / 外部实体 / 实体定义');
  });

  it('refuses an entity that is not defined instead of keeping it as text', async () => {
    const doc = quiz('').toString().replace('</question>', '<name><text>&lol9;</text></name></question>');
    await expect(collect('moodle', Buffer.from(doc))).rejects.toThrow(/XML 第 4 行有未定义的实体引用/);
  });
});

describe('Excel cells', () => {
  async function sheet(rows: Partial<Record<string, string>>[], headers: readonly string[] = EXCEL_HEADERS) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(SHEET_NAME);
    ws.addRow([...headers]);
    for (const o of rows) ws.addRow(headers.map((h) => o[h] ?? ''));
    return collect('xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
  }

  it('keeps plain text as written and reads HTML only in rows marked HTML', async () => {
    const r = await sheet([
      { 题型: '判断题', 题干: '若 a<b 且 c>d，则 a-c<b-d', 答案: '对', 解析: '<b>不是</b>粗体' },
      { 题型: '单选题', 题干: '<p>Which is <b>bold</b>?</p>', 选项A: '<i>x</i>', 选项B: 'y', 答案: 'A', 格式: 'HTML' },
      {
        题型: '单选题',
        题干: 'caf&#233; &#x4E2D;',
        选项A: '&#233;',
        选项B: 'y',
        答案: 'A',
        标签: '&#x4E2D;文',
        格式: '文本',
      },
      { 题型: '判断题', 题干: 'x', 答案: '对', 格式: 'markdown' },
    ]);
    const [plain, html, refs, bad] = r.items;
    expect(plain.draft).toMatchObject({
      question: '<p>若 a&lt;b 且 c&gt;d，则 a-c&lt;b-d</p>',
      explanation: '<p>&lt;b&gt;不是&lt;/b&gt;粗体</p>',
    });
    expect(html.draft).toMatchObject({
      question: '<p>Which is <b>bold</b>?</p>',
      options: [
        { key: 'A', content: '<i>x</i>' },
        { key: 'B', content: 'y' },
      ],
    });
    expect(refs.draft).toMatchObject({ question: '<p>café 中</p>', options: [{ content: 'é' }, { content: 'y' }] });
    expect(refs.draft?.tags).toEqual(['中文']);
    expect(bad.problems).toEqual(['格式“markdown”不正确：应为 文本 或 HTML']);
    const [stored] = valid([plain]);
    expect(stored.question).toBe('<p>若 a&lt;b 且 c&gt;d，则 a-c&lt;b-d</p>');
  });

  it('reads a sheet without the 格式 column (an older template) as plain text', async () => {
    const r = await sheet(
      [{ 题型: '判断题', 题干: '<b>x</b> & y', 答案: '对' }],
      EXCEL_HEADERS.filter((h) => h !== '格式'),
    );
    expect(r.items[0].draft?.question).toBe('<p>&lt;b&gt;x&lt;/b&gt; &amp; y</p>');
  });
});

describe('text formats of GIFT and Moodle XML', () => {
  it('reads [plain] and plain_text as text even when they hold tags, unmarked text as HTML only with tags', async () => {
    const gift = Buffer.from(
      '::p::[plain]<b>x</b> &#233;{T}\n\n::m::[markdown]*a* <i>b</i>{T}\n\n::a::a<b 且 c>d{T}\n\n::h::<b>x</b>{T}\n',
    );
    expect((await collect('gift', gift)).items.map((i) => i.draft?.question)).toEqual([
      '<p>&lt;b&gt;x&lt;/b&gt; é</p>',
      '<p>*a* &lt;i&gt;b&lt;/i&gt;</p>',
      '<p>a&lt;b 且 c&gt;d</p>',
      '<b>x</b>',
    ]);
    const xml = (format: string) =>
      `<question type="truefalse"><questiontext format="${format}"><text><![CDATA[<b>x</b>]]></text></questiontext>` +
      '<answer fraction="100"><text>true</text></answer></question>';
    const doc = Buffer.from(
      `<quiz>${['plain_text', 'markdown', 'moodle_auto_format', 'html'].map(xml).join('')}</quiz>`,
    );
    expect((await collect('moodle', doc)).items.map((i) => i.draft?.question)).toEqual([
      '<p>&lt;b&gt;x&lt;/b&gt;</p>',
      '<p>&lt;b&gt;x&lt;/b&gt;</p>',
      '<b>x</b>',
      '<b>x</b>',
    ]);
  });
});

describe('tags', () => {
  it('imports a 41-character tag and cuts longer ones to 50 characters like Moodle', async () => {
    const long = 'x'.repeat(60);
    const gift = `// [tag:${TAG_41}] [tag:${long}] [tag:a   b\tc]\n::t::Sun rises in the east {T}\n`;
    const [q] = valid((await collect('gift', Buffer.from(gift))).items);
    expect(q.tags).toEqual([TAG_41, 'x'.repeat(50), 'a bc']);
  });
});

describe('text formats stream', () => {
  const xmlQuestion = (i: number) =>
    `<question type="truefalse"><name><text>第 ${i} 题 😀</text></name><questiontext format="plain_text">` +
    `<text>😀${'文'.repeat(i % 50)} &#x1F600;</text></questiontext><answer fraction="100"><text>true</text></answer></question>\n`;
  const xml = `<quiz>\n${Array.from({ length: 3000 }, (_, i) => xmlQuestion(i)).join('')}</quiz>`;
  const gift = Array.from({ length: 3000 }, (_, i) => `::第 ${i} 题 😀::😀 ${i}{T}\n`).join('\n');

  it('hands items on as they are read, with the share read, across slices of the text', async () => {
    for (const [format, text] of [
      ['moodle', xml],
      ['gift', gift],
    ] as const) {
      const r = await collect(format, Buffer.from(text));
      expect(r.items).toHaveLength(3000);
      expect(r.items.every((item, i) => item.draft?.title === `第 ${i} 题 😀`)).toBe(true);
      expect(r.progress[0]).toBeLessThan(0.5);
      expect(r.progress.at(-1)).toBe(1);
    }
    const xmlItems = (await collect('moodle', Buffer.from(xml))).items;
    expect(xmlItems[2999].draft?.question).toBe(`<p>😀${'文'.repeat(2999 % 50)} 😀</p>`);
    expect(xmlItems[2999].line).toBe(3001);
  });

  it('refuses the question after maxItems without reading further', async () => {
    for (const [format, text] of [
      ['moodle', xml],
      ['gift', gift],
    ] as const) {
      let handed = 0;
      let read = 0;
      const limits = { ...TEST_LIMITS, maxItems: 100 };
      const sink = { item: () => void handed++, unsupported: () => undefined, progress: (f: number) => (read = f) };
      await expect(parseFile(format, Buffer.from(text), { encoding: 'auto', limits }, sink)).rejects.toThrow(
        '文件中的题目超过上限 100 道（导入题目数上限）：请拆分为多个文件后导入',
      );
      expect(handed).toBe(100);
      expect(read).toBeLessThan(0.5);
    }
  });
});
