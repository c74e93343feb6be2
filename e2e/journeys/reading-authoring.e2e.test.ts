// A teacher authors a reading question with the AI helpers in the browser (docs/reading.md "Providers and
// generation", docs/web.md "AI reading"): pastes an article into the editor, formats it (out-of-scope words
// highlighted, a gloss on hover, a word toggled into the glossary), generates sub-questions offline (the job's
// progress, then the pending list), accepts, edits and deletes them with the formatted article still on screen;
// on the create page, does the same in one flow before anything is saved (docs/reading.md "Authoring in one flow");
// then sets the agency's provider to a LOCAL OpenAI-compatible server on the AI settings page, generates with it and
// sees a malformed answer and a 429 fail with a clear message while the accepted sub-questions stay.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened, confirmPopconfirm, openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { repoRoot } from '../support/server-process.js';
import { api, setUpTrainingBank } from '../support/training-api.js';
import {
  completion as chatCompletion,
  send,
  startChatServer,
  type ChatServer,
} from '../../apps/server/src/test/chat-completions-server.js';

/** The model's answer with this content. */
const completion = (content: string) => chatCompletion({ content }, { prompt_tokens: 900, completion_tokens: 200 });

const PARAGRAPHS = [
  'The hare was proud of his speed and ridiculed the slow tortoise in front of the other animals.',
  'He boasted that he never flees from anyone.',
  'One morning the tortoise challenged him to a race, and the whole forest gathered to watch.',
  'The hare dashed ahead, lay down under an oak and fell asleep in the warm sunshine.',
  'The tortoise plodded on without a pause while the hare slept.',
  'When the hare awoke, he saw the tortoise near the finish line and fled towards it in vain.',
  'The tortoise won the race, and the hare wept with shame.',
];
const ARTICLE = [PARAGRAPHS.slice(0, 4).join(' '), PARAGRAPHS.slice(4).join(' ')].join('\n\n');

interface Sub {
  questionSubId: string;
  type: string;
  title: string;
  status: string;
}
interface Settings {
  inherited: boolean;
  provider: string;
  baseUrl: string;
  model: string;
  timeoutSeconds: number;
  inputPricePer1k: number;
  outputPricePer1k: number;
}

const MODEL_ITEMS = {
  genre: 'narrative',
  items: [
    {
      type: 'singleChoice',
      title: 'Why did the hare lose the race?',
      desc: '',
      options: [
        { key: 'A', content: 'He fell asleep.' },
        { key: 'B', content: 'He was injured.' },
        { key: 'C', content: 'He lost his way.' },
        { key: 'D', content: 'He stopped to eat.' },
      ],
      answer: ['A'],
      explanation: '兔子在橡树下睡着了。',
      evidence: PARAGRAPHS[3],
    },
    {
      type: 'trueFalse',
      title: 'The tortoise stopped to rest during the race.',
      desc: '',
      options: [],
      answer: ['F'],
      explanation: '乌龟一刻不停地前进。',
      evidence: PARAGRAPHS[4],
    },
  ],
};

describe('reading authoring with the AI helpers', () => {
  const baseURL = demoServerURL();
  const tag = randomBytes(3).toString('hex');
  let token: string;
  let questionId: string;
  /** A new reading question of the bank with the article (HTML) given and one accepted sub-question. */
  let newQuestion: (article: string) => Promise<string>;
  let kpName: string;
  let original: Settings;
  let model: ChatServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const bank = await setUpTrainingBank(baseURL, 1);
    token = bank.agencyToken;
    kpName = bank.kpBasicName;
    original = await api<Settings>(baseURL, 'GET', '/v1/reading/settings/agency', token);
    const repos = await api<{ list: { id: string; owned: boolean }[] }>(baseURL, 'GET', '/v1/exam/repositories', token);
    newQuestion = async (article) =>
      (
        await api<{ id: string }>(baseURL, 'PUT', '/v1/exam/question', token, {
          agencyId: 'demo',
          repoId: repos.list.find((r) => r.owned)!.id,
          type: 'enReading',
          judgeType: 'auto',
          title: `龟兔赛跑-${tag}`,
          question: article,
          knowledgeId: bank.kpBasic,
          questionSub: [
            { type: 'trueFalse', title: 'The hare was proud of his speed.', answer: ['T'], status: 'accepted' },
          ],
        })
      ).id;
    questionId = await newQuestion('<p>An article comes here.</p>');
    model = await startChatServer();
    browser = await launch();
    page = await newPage(browser, baseURL);
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin/);
  });
  afterAll(async () => {
    // The agency's AI settings as they were: other journeys share this server.
    if (original.inherited) await api(baseURL, 'DELETE', '/v1/reading/settings/agency', token);
    else {
      const { provider, baseUrl, model: name, timeoutSeconds, inputPricePer1k, outputPricePer1k } = original;
      await api(baseURL, 'POST', '/v1/reading/settings/agency', token, {
        ...{ provider, baseUrl, model: name, timeoutSeconds, inputPricePer1k, outputPricePer1k },
      });
    }
    await browser?.close();
    await model?.close();
  });

  const visible = (text: string | RegExp) => page.getByText(text).first().isVisible();
  const formatPanel = () => page.locator('.reading-format-panel');
  const generatePanel = () => page.locator('.reading-generate-panel');
  const marks = (lemma?: string) =>
    formatPanel().locator(lemma ? `mark.reading-out-scope[data-lemma="${lemma}"]` : 'mark.reading-out-scope');
  const pendingCards = () => generatePanel().locator('.reading-review-item');
  const subs = async () =>
    (await api<{ questionSub: Sub[] }>(baseURL, 'GET', `/v1/exam/question/${questionId}`, token)).questionSub;

  async function chooseLevel(panel: ReturnType<typeof formatPanel>, label: string) {
    await panel.getByRole('combobox', { name: '词汇等级' }).click();
    await (await openedDropdown(page)).locator(`.ant-select-item-option[title="${label}"]`).click();
    await expect.poll(() => panel.locator('.ant-select').first().textContent()).toContain(label);
  }

  async function openEditor() {
    await page.goto(`/admin/question/edit/${questionId}`);
    await expect.poll(() => formatPanel().isVisible()).toBe(true);
  }

  async function formatAt(label: string) {
    await chooseLevel(formatPanel(), label);
    await formatPanel()
      .getByRole('button', { name: /格式化/ })
      .click();
    await expect.poll(() => marks().count()).toBeGreaterThan(0);
  }

  async function generate(count: number) {
    const panel = generatePanel();
    await panel.getByRole('spinbutton', { name: '题数' }).fill(String(count));
    await panel.getByRole('button', { name: '生成子题' }).click();
    await expect.poll(() => panel.getByText('生成进度').isVisible()).toBe(true);
    await expect.poll(() => panel.locator('.ant-progress').isVisible()).toBe(true);
  }

  /** The teacher pastes the article over the editor's text (a real paste event with text/plain on the clipboard). */
  async function pasteArticle() {
    const articleBox = page.getByRole('textbox', { name: '文章', exact: true });
    await articleBox.click();
    await page.keyboard.press('Control+A');
    await articleBox.evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, ARTICLE);
    await expect.poll(() => articleBox.textContent()).toContain('the hare wept with shame');
    expect(await articleBox.locator('p').count()).toBe(2);
  }

  it('pastes, formats and toggles a word, generates offline, then accepts, edits and deletes', async () => {
    await openEditor();
    await pasteArticle();

    await formatAt('初中');
    // Beyond 初中: ridicule (CET-6), flee (高中) as `flees` and as its irregular past `fled`, weep's past `wept`.
    for (const lemma of ['ridicule', 'weep']) expect(await marks(lemma).count()).toBeGreaterThan(0);
    expect(await marks('flee').allTextContents()).toEqual(['flees', 'fled']);
    // A gloss on hover.
    await marks('ridicule').first().hover();
    await expect.poll(() => visible(/ridicule（CET-6）.*嘲笑/)).toBe(true);
    // Ticking a word in the list puts it in the glossary: it is no longer out of scope.
    const tick = formatPanel().getByRole('checkbox', { name: '列入词汇表 ridicule' });
    await tick.check();
    await expect.poll(() => marks('ridicule').count()).toBe(0);
    expect(await tick.isChecked()).toBe(true);
    await shot(page, 'reading-authoring-format');
    await tick.uncheck();
    await expect.poll(() => marks('ridicule').count()).toBeGreaterThan(0);

    // Saved first (generation works on the stored question), then back in the editor.
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(/\/admin\/question\/preview\//);
    await openEditor();
    await expect.poll(() => visible('没有待审核的小题')).toBe(true);
    await formatAt('高中');

    await generate(6);
    await expect.poll(() => generatePanel().getByText('已完成').isVisible()).toBe(true);
    await expect.poll(() => visible('生成方式：离线生成')).toBe(true);
    await expect.poll(() => visible(/已生成 \d+ 道小题/)).toBe(true);
    const generated = (await subs()).filter((s) => s.status === 'pending');
    expect(generated.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => pendingCards().count()).toBe(generated.length);
    await shot(page, 'reading-authoring-offline');

    // Accept a true/false item (a translation would need its reference first).
    const trueFalse = pendingCards().filter({ hasText: '判断题' }).first();
    const acceptedTitle = (await trueFalse.locator('.ant-typography strong').first().textContent())!;
    await trueFalse.getByRole('button', { name: '采用' }).click();
    await expect.poll(() => pendingCards().count()).toBe(generated.length - 1);
    await expect.poll(() => marks().count()).toBeGreaterThan(0);

    // Edit a single choice's title.
    const choice = pendingCards().filter({ hasText: '单选题' }).first();
    await choice.getByRole('button', { name: '编辑' }).click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '编辑小题' }));
    await dialog.getByRole('textbox', { name: '题干' }).fill(`Which meaning fits here? (${tag})`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => visible(`Which meaning fits here? (${tag})`)).toBe(true);
    await expect.poll(() => marks().count()).toBeGreaterThan(0);

    // Delete the last pending one, after the confirmation.
    const before = await pendingCards().count();
    await confirmPopconfirm(page, pendingCards().last().getByRole('button', { name: '删除' }), '删除');
    await expect.poll(() => pendingCards().count()).toBe(before - 1);
    // The formatted article is still on screen after every review action.
    expect(await formatPanel().getByText('格式化结果').isVisible()).toBe(true);
    await expect.poll(() => marks().count()).toBeGreaterThan(0);

    const after = await subs();
    expect(after.find((s) => s.title === acceptedTitle)?.status).toBe('accepted');
    expect(after.find((s) => s.title === `Which meaning fits here? (${tag})`)?.status).toBe('pending');
    expect(after.filter((s) => s.status === 'pending')).toHaveLength(generated.length - 2);
    await shot(page, 'reading-authoring-reviewed');
  });

  it('on the create page: pastes, formats, generates, reviews and saves in one flow (docs/reading.md "Authoring in one flow")', async () => {
    await page.goto('/admin/question/create/enReading');
    await expect.poll(() => generatePanel().isVisible()).toBe(true);
    await page.getByRole('textbox', { name: '标题', exact: true }).fill(`一次完成-${tag}`);
    await pasteArticle();
    await formatAt('初中');

    // Nothing saved yet: the job runs on the editor's article and its items join the draft.
    await generate(5);
    await expect.poll(() => generatePanel().getByText('已完成').isVisible()).toBe(true);
    await expect.poll(() => visible(/已生成 \d+ 道小题，已加入小题列表/)).toBe(true);
    const proposed = await pendingCards().count();
    expect(proposed).toBeGreaterThanOrEqual(3);
    // They replace the blank sub-question the page starts with.
    expect(await page.locator('.sub-question').count()).toBe(proposed);
    await shot(page, 'reading-authoring-create-generated');

    // Review on the draft: accept a true/false item, delete the translations (their reference would be needed).
    await pendingCards().filter({ hasText: '判断题' }).first().getByRole('button', { name: '采用' }).click();
    await expect.poll(() => pendingCards().count()).toBe(proposed - 1);
    while ((await pendingCards().filter({ hasText: '翻译题' }).count()) > 0) {
      const before = await pendingCards().count();
      const translation = pendingCards().filter({ hasText: '翻译题' }).first();
      await confirmPopconfirm(page, translation.getByRole('button', { name: '删除' }), '删除');
      await expect.poll(() => pendingCards().count()).toBe(before - 1);
    }
    const kept = await page.locator('.sub-question').count();
    // The formatted article is still on screen.
    expect(await formatPanel().getByText('格式化结果').isVisible()).toBe(true);

    const kp = page.getByRole('combobox', { name: '知识点', exact: true });
    await kp.click();
    await kp.fill(kpName);
    await (await openedDropdown(page)).locator('.ant-select-tree-title').getByText(kpName, { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(/\/admin\/question\/preview\//);
    const id = /preview\/([^/?#]+)/.exec(page.url())![1];
    const saved = await api<{ question: string; questionSub: (Sub & { explanation?: string })[] }>(
      baseURL,
      'GET',
      `/v1/exam/question/${id}`,
      token,
    );
    expect(saved.questionSub).toHaveLength(kept);
    expect(saved.questionSub.filter((s) => s.status === 'accepted')).toHaveLength(1);
    expect(saved.questionSub.some((s) => s.type === 'translation')).toBe(false);
    // Every item's 原文依据 is a sentence of the article, and no two items ask the same one.
    const evidences = saved.questionSub.map((s) => /原文依据：([^<]*)/.exec(s.explanation ?? '')?.[1] ?? '');
    for (const e of evidences) expect(PARAGRAPHS.some((p) => p.includes(e) && e !== '')).toBe(true);
    expect(new Set(evidences).size).toBe(evidences.length);
  });

  it('generates with a local OpenAI-compatible server; a malformed answer and a 429 fail clearly, keeping the rest', async () => {
    await page.goto('/admin/settings/ai');
    await page.getByRole('radio', { name: '本机构单独设置' }).check();
    await page.getByRole('radio', { name: 'OpenAI 兼容模型' }).check();
    await page.getByRole('textbox', { name: '接口地址' }).fill(model.baseUrl);
    await page.getByRole('textbox', { name: '模型' }).fill('local-e2e');
    if (original.inherited) await page.getByLabel('密钥', { exact: true }).fill(`sk-e2e-${tag}`);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => visible('设置已保存')).toBe(true);
    const stored = await api<Settings & { hasKey: boolean }>(baseURL, 'GET', '/v1/reading/settings/agency', token);
    expect(stored).toMatchObject({ inherited: false, provider: 'openai', baseUrl: model.baseUrl, model: 'local-e2e' });
    expect(JSON.stringify(stored)).not.toContain(`sk-e2e-${tag}`);

    // A question of its own with the article stored: the first test's items already ask about some of its
    // sentences, and a run asks only sentences not asked yet (docs/reading.md "Generated items").
    questionId = await newQuestion(
      ARTICLE.split('\n\n')
        .map((p) => `<p>${p}</p>`)
        .join(''),
    );
    await openEditor();
    await formatAt('高中');
    const pendingBefore = (await subs()).filter((s) => s.status === 'pending').length;
    model.script = [completion(JSON.stringify(MODEL_ITEMS))];
    await generate(2);
    await expect.poll(() => generatePanel().getByText('已完成').isVisible()).toBe(true);
    await expect.poll(() => visible('生成方式：模型')).toBe(true);
    if (original.inherited) expect(model.seen.at(-1)?.authorization).toBe(`Bearer sk-e2e-${tag}`);
    await expect.poll(() => pendingCards().count()).toBe(pendingBefore + 2);
    const modelChoice = pendingCards().filter({ hasText: 'Why did the hare lose the race?' });
    await modelChoice.getByRole('button', { name: '采用' }).click();
    await expect.poll(() => pendingCards().count()).toBe(pendingBefore + 1);
    await expect.poll(() => marks().count()).toBeGreaterThan(0);
    const kept = await subs();

    // Malformed JSON twice (the one validation retry included): the job fails and says nothing was added.
    model.script = [completion('{"genre": "narrative", "items": [{"type": '), completion('not json at all')];
    await generate(2);
    await expect.poll(() => generatePanel().getByText('生成失败').first().isVisible()).toBe(true);
    await expect.poll(() => visible(/AI 返回的内容格式不正确/)).toBe(true);
    await expect.poll(() => visible('题目没有任何改动，已采用的小题均保留。')).toBe(true);
    expect(await subs()).toEqual(kept);

    // A 429 without Retry-After: busy, nothing added.
    model.script = [send(429, { error: { message: 'Rate limit reached', type: 'rate_limit' } })];
    await generate(2);
    await expect.poll(() => visible(/AI 服务繁忙（请求过于频繁，429）/)).toBe(true);
    expect(await subs()).toEqual(kept);
    expect(kept.find((s) => s.title === 'Why did the hare lose the race?')?.status).toBe('accepted');
    expect(kept.find((s) => s.title === 'The hare was proud of his speed.')?.status).toBe('accepted');
    expect(await formatPanel().getByText('格式化结果').isVisible()).toBe(true);
    await shot(page, 'reading-authoring-model-failed');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => visible(/AI 服务繁忙/)).toBe(true);
    await shot(page, 'reading-authoring-model-failed-375');
    // The whole page is long at 375 px: the two panels as the teacher sees them, on their own.
    for (const [panel, name] of [
      [formatPanel(), 'format'],
      [generatePanel(), 'generate'],
    ] as const)
      await panel.screenshot({ path: join(repoRoot, `e2e/screenshots/reading-authoring-${name}-375.png`) });
    await page.goto('/admin/settings/ai');
    await expect.poll(() => visible('最近的调用')).toBe(true);
    await expect.poll(() => visible('输出无效')).toBe(true);
    await shot(page, 'reading-authoring-settings-375');
  });
});
