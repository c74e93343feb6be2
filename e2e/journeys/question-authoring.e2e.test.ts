// The demo agency admin authors one question of every type in the editor (rich-text stem, formulas, options,
// blanks with alternatives, sub-questions, explanation, knowledge point, tags), meets the Chinese validation
// messages, then answers each in the preview (POST …/test): right, wrong and edge answers. Then edits one, and
// finds the formula stems rendered by KaTeX in the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { JUDGE_SIMILARITY_THRESHOLD } from '@edu/contract';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import {
  addTags,
  answering,
  blankTags,
  chooseOption,
  clickSave,
  editor,
  expectMessages,
  expectNoMessage,
  insertFormula,
  openCreate,
  pickKnowledgePoint,
  retry,
  saveAndOpenPreview,
  submit,
  typeBlank,
  writeRich,
} from '../support/question-ui.js';

describe('question authoring', () => {
  let browser: Browser;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser, demoServerURL());
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
  });
  afterAll(async () => {
    await browser.close();
  });

  const radio = (name: string | RegExp) => answering(page).getByRole('radio', { name });
  const checkbox = (name: string | RegExp) => answering(page).getByRole('checkbox', { name });

  it('singleChoice: a formula in the stem, one right option; right and wrong answers', async () => {
    await openCreate(page, 'singleChoice');
    await clickSave(page);
    await expectMessages(page, '请输入题干', '请填写选项 A 的内容', '单选题需要且只能有一个正确答案', '请选择知识点');

    await writeRich(page, '题干', '已知 ');
    await insertFormula(page, '题干', '\\frac{x}{2}=3');
    await page.keyboard.type('，则 x 的值是（ ）');
    for (const [key, text] of [
      ['A', '6'],
      ['B', '5'],
      ['C', '3'],
      ['D', '1.5'],
    ])
      await writeRich(page, `选项 ${key}`, text);
    await page.getByRole('radio', { name: 'A', exact: true }).check();
    // Fixed fields lose their messages at once.
    await expectNoMessage(page, '单选题需要且只能有一个正确答案');
    await expectNoMessage(page, '请填写选项 A 的内容');
    await writeRich(page, '解析', '等式两边同乘 2，得 x = 6。');
    await pickKnowledgePoint(page, '等式的性质');
    await addTags(page, ['例题', '一元一次方程']);
    await shot(page, 'authoring-single-form');
    ids.single = await saveAndOpenPreview(page);
    await expect.poll(() => answering(page).locator('.katex').count()).toBeGreaterThan(0);

    await radio(/^A\./).check();
    const right = await submit(page);
    expect(right).toContain('回答正确');
    expect(right).toMatch(/标准答案\s*A/);
    expect(right).toContain('等式两边同乘 2，得 x = 6。');
    await shot(page, 'authoring-single-right');
    await retry(page);
    await radio(/^C\./).check();
    expect(await submit(page)).toContain('回答错误，正确答案是 A');
  });

  it('multipleChoice: no right option is refused; a partial selection is wrong', async () => {
    await openCreate(page, 'multipleChoice');
    await writeRich(page, '题干', '下列各数中，是正数的有（ ）其中 $\\sqrt{4}=2$');
    for (const [key, text] of [
      ['A', '3'],
      ['B', '−2'],
      ['C', '0.5'],
      ['D', '0'],
    ])
      await writeRich(page, `选项 ${key}`, text);
    await pickKnowledgePoint(page, '正数和负数');
    await clickSave(page);
    await expectMessages(page, '多选题至少需要一个正确答案');
    await page.getByRole('checkbox', { name: 'A', exact: true }).check();
    await page.getByRole('checkbox', { name: 'C', exact: true }).check();
    await writeRich(page, '解析', '大于 0 的数是正数，0 既不是正数也不是负数。');
    ids.multiple = await saveAndOpenPreview(page);

    await checkbox(/^A\./).check();
    await checkbox(/^C\./).check();
    expect(await submit(page)).toContain('回答正确');
    await retry(page);
    await checkbox(/^A\./).check();
    const partial = await submit(page);
    expect(partial).toContain('回答错误，正确答案是 A、C');
    expect(partial).toContain('得分 0%');
    await retry(page);
    for (const key of ['A', 'B', 'C']) await checkbox(new RegExp(`^${key}\\.`)).check();
    expect(await submit(page)).toContain('回答错误');
    await shot(page, 'authoring-multiple-extra');
  });

  it('trueFalse: the answer is required; 对 is right and 错 is wrong', async () => {
    await openCreate(page, 'trueFalse');
    await writeRich(page, '题干', '三角形的内角和等于 180°。');
    await pickKnowledgePoint(page, '内角和定理');
    await clickSave(page);
    await expectMessages(page, '判断题答案只能是 T（对）或 F（错）');
    await page.getByRole('radio', { name: '对', exact: true }).check();
    await writeRich(page, '解析', '三角形内角和定理。');
    ids.trueFalse = await saveAndOpenPreview(page);

    await radio('对').check();
    const right = await submit(page);
    expect(right).toContain('回答正确');
    expect(right).toMatch(/标准答案\s*对/);
    await retry(page);
    await radio('错').check();
    expect(await submit(page)).toContain('回答错误，正确答案是 对');
  });

  it('fillBlank: alternatives per blank as tags; width, case and alternatives accepted; partly right', async () => {
    await openCreate(page, 'fillBlank');
    await writeRich(page, '题干', 'Yesterday I ____ (go) to school and ____ (have) lunch at home.');
    await typeBlank(page, 1, 'went');
    await page.getByRole('button', { name: '添加一空' }).click();
    await typeBlank(page, 2, 'had|ate');
    await page.getByRole('button', { name: '添加一空' }).click();
    await pickKnowledgePoint(page, '不规则动词的过去式');
    await clickSave(page);
    await expectMessages(page, '第 3 空的答案不能为空');
    await page.getByRole('button', { name: '删除第 3 空' }).click();
    await expectNoMessage(page, '第 3 空的答案不能为空');
    // `had|ate` became two alternatives, shown as two tags.
    expect(await blankTags(page, 2)).toEqual(['had', 'ate']);
    await writeRich(page, '解析', 'go 的过去式是 went，have 的过去式是 had。');
    await addTags(page, ['一般过去时']);
    await shot(page, 'authoring-fill-form');
    ids.fill = await saveAndOpenPreview(page);

    const blank = (n: number) => answering(page).getByRole('textbox', { name: `在此作答 第 ${n} 空` });
    await blank(1).fill('went');
    await blank(2).fill('had');
    const right = await submit(page);
    expect(right).toContain('回答正确');
    expect(right).toContain('go 的过去式是 went');
    // The standard answer lists each alternative on its own, never the stored `had|ate`.
    await expect
      .poll(() => page.locator('.judge-result .answer-alternative').allTextContents())
      .toEqual(['went', 'had', 'ate']);
    expect(right).not.toContain('had|ate');
    await retry(page);
    await blank(1).fill('ＷＥＮＴ');
    await blank(2).fill(' Ate ');
    expect(await submit(page)).toContain('回答正确');
    await shot(page, 'authoring-fill-variants');
    await retry(page);
    await blank(1).fill('goed');
    await blank(2).fill('had');
    const half = await submit(page);
    expect(half).toContain('回答错误（答对 1/2 空）');
    expect(half).toContain('得分 50%');
  });

  it('shortAnswer: the reference is required; an answer waits for the teacher', async () => {
    await openCreate(page, 'shortAnswer');
    await writeRich(page, '题干', '简述解一元一次方程的一般步骤。');
    await pickKnowledgePoint(page, '解一元一次方程');
    await clickSave(page);
    await expectMessages(page, '参考答案不能为空');
    await page
      .getByRole('textbox', { name: '参考答案', exact: true })
      .fill('去分母、去括号、移项、合并同类项、系数化为 1。');
    await writeRich(page, '解析', '按步骤书写，每一步都要有依据。');
    ids.short = await saveAndOpenPreview(page);

    await answering(page).getByRole('textbox', { name: '在此作答' }).fill('先移项，再合并同类项。');
    const pending = await submit(page);
    expect(pending).toContain('等待老师批改');
    expect(pending).toContain('已提交，等待老师批改');
    expect(pending).toContain('去分母、去括号、移项、合并同类项、系数化为 1。');
    await shot(page, 'authoring-short-pending');
  });

  it('translation: exact and near translations are right, a different one is wrong', async () => {
    await openCreate(page, 'translation');
    await writeRich(page, '题干', '把下面的句子翻译成英文：我每天早上七点起床。');
    await pickKnowledgePoint(page, '第三人称单数');
    await clickSave(page);
    await expectMessages(page, '参考译文不能为空');
    await page.getByRole('textbox', { name: '参考译文', exact: true }).fill('I get up at seven every morning.');
    ids.translation = await saveAndOpenPreview(page);

    const text = answering(page).getByRole('textbox', { name: '在此作答' });
    await text.fill('I get up at seven every morning.');
    expect(await submit(page)).toContain('回答正确（相似度 100.00%）');
    await retry(page);
    await text.fill('I get up at seven each morning');
    expect(await submit(page)).toMatch(/回答正确（相似度 (8\d|9\d)\.\d\d%）/);
    await retry(page);
    await text.fill('I go to school by bus.');
    const wrong = await submit(page);
    expect(wrong).toMatch(/回答错误（相似度 \d+\.\d\d%，需达到 (\d+)%），参考译文：I get up at seven every morning\./);
    // The threshold is the judge's (docs/helpers.md "judgeSimilarity"), calibrated on translation pairs.
    expect(wrong).toContain(`需达到 ${JUDGE_SIMILARITY_THRESHOLD}%`);
    await shot(page, 'authoring-translation-wrong');
  });

  it('enReading: at least one sub-question; each sub-question judged by its type', async () => {
    await openCreate(page, 'enReading');
    await writeRich(page, '文章', 'Tom likes sports. Last Sunday he played football with his friends in the park.');
    await page.getByRole('button', { name: '删除第 1 小题' }).click();
    await pickKnowledgePoint(page, '细节理解');
    await clickSave(page);
    await expectMessages(page, '阅读理解至少需要一个小题');

    await page.getByRole('button', { name: '添加小题' }).click();
    await expectNoMessage(page, '阅读理解至少需要一个小题');
    await expectMessages(page, '请输入小题题干');
    await page.getByRole('textbox', { name: '小题题干 1' }).fill('What did Tom do last Sunday?');
    for (const [key, text] of [
      ['A', 'He played football.'],
      ['B', 'He swam.'],
      ['C', 'He read.'],
      ['D', 'He slept.'],
    ])
      await writeRich(page, `选项 ${key}`, text);
    await page.locator('.sub-question').nth(0).getByRole('radio', { name: 'A', exact: true }).check();

    await page.getByRole('button', { name: '添加小题' }).click();
    await chooseOption(page, '小题题型 2', '判断题');
    await page.getByRole('textbox', { name: '小题题干 2' }).fill('Tom played in the park.');
    await page.locator('.sub-question').nth(1).getByRole('radio', { name: '对', exact: true }).check();

    await page.getByRole('button', { name: '添加小题' }).click();
    await chooseOption(page, '小题题型 3', '填空题');
    await page.getByRole('textbox', { name: '小题题干 3' }).fill('Tom played football with his ____.');
    await typeBlank(page, 1, 'friends|classmates');
    await page.getByRole('textbox', { name: '小题解析 3' }).fill('见第二句。');
    await shot(page, 'authoring-reading-form');
    ids.reading = await saveAndOpenPreview(page);

    const sub = (i: number) => answering(page).locator('.ant-card').nth(i);
    await sub(0).getByRole('radio', { name: /^A\./ }).check();
    await sub(1).getByRole('radio', { name: '对' }).check();
    await sub(2).getByRole('textbox').fill('Friends');
    const right = await submit(page);
    expect(right).toContain('回答正确');
    await expect.poll(() => page.locator('.sub-result').count()).toBe(3);
    await retry(page);
    await sub(0).getByRole('radio', { name: /^A\./ }).check();
    await sub(1).getByRole('radio', { name: '错' }).check();
    await sub(2).getByRole('textbox').fill('classmates');
    const wrong = await submit(page);
    expect(wrong).toContain('回答错误，答对 2/3 小题');
    expect(wrong).toContain('见第二句。');
    await shot(page, 'authoring-reading-result');
  });

  it('edit: a fill blank gains an alternative, saved in place and judged with it', async () => {
    await page.goto(`/admin/question/edit/${ids.fill}`);
    await expect.poll(() => blankTags(page, 2)).toEqual(['had', 'ate']);
    expect(await editor(page, '题干').textContent()).toContain('Yesterday I ____');
    await typeBlank(page, 1, 'walked');
    expect(await blankTags(page, 1)).toEqual(['went', 'walked']);
    await shot(page, 'authoring-edit-form');
    await saveAndOpenPreview(page);
    expect(page.url()).toContain(`/admin/question/preview/${ids.fill}`);
    await expect.poll(() => page.getByText('第 1 版').isVisible()).toBe(true);
    await answering(page).getByRole('textbox', { name: '在此作答 第 1 空' }).fill('walked');
    await answering(page).getByRole('textbox', { name: '在此作答 第 2 空' }).fill('had');
    expect(await submit(page)).toContain('回答正确');
  });

  it('list: formula stems are drawn by KaTeX, not shown as LaTeX source', async () => {
    await page.goto('/admin/question/list');
    await expect.poll(() => page.locator(`a[href="/admin/question/preview/${ids.single}"]`).count()).toBeGreaterThan(0);
    await shot(page, 'authoring-list');
    const single = page.locator(`a[href="/admin/question/preview/${ids.single}"]`).first();
    const multiple = page.locator(`a[href="/admin/question/preview/${ids.multiple}"]`).first();
    await expect.poll(() => single.locator('.katex').count()).toBe(1);
    await expect.poll(() => multiple.locator('.katex').count()).toBe(1);
    expect(await single.innerText()).not.toMatch(/\\frac|math-tex|\$/);
    expect(await multiple.innerText()).not.toMatch(/\\sqrt|\$/);
    expect(await single.innerText()).toContain('则 x 的值是');
    await shot(page, 'authoring-list');
  });
});
