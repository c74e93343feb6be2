// The organisation journey (issue 18) as its people do it: the agency admin enrols 200 students from the Excel
// template (a few bad rows, "valid rows only", the one-time passwords), forms a class with some of them, the demo
// student and the demo teacher, and gives it a homework paper with a short answer; a new student logs in with the
// downloaded password, changes it, does the task; the homework teacher marks the short answer; a new parent signs
// up with the student's pairing code and reads the marked report; the class's teacher sees it on the class pages.
// Bad input along the way (an empty class name, wrong pairing codes) gets a Chinese message and changes nothing.
// Everything it makes is named with a per-run tag, so it does not depend on the other journeys sharing the server.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened, openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { chooseOption, selectBox } from '../support/question-ui.js';
import { apiLogin } from '../support/training-api.js';
import {
  createShortAnswerPaper,
  fillTemplate,
  PAPER_ANSWERS,
  rawCall,
  readPasswords,
  templateHeader,
  type EnrolRow,
  type OrgPaper,
} from '../support/organisation.js';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 375, height: 812 };
const ROWS = 200;
/** A code of the pairing alphabet's length and shape that no student can hold (the alphabet has no 0). */
const WRONG_CODE = 'A0B0C0';

describe('organisation journey', () => {
  const baseURL = demoServerURL();
  const tag = randomBytes(3).toString('hex');
  const className = `组织旅程班-${tag}`;
  const taskTitle = `周末短文作业-${tag}`;
  const parentUsername = `par${tag}`;
  const newPassword = `Fresh-Lake-${tag}-26`;
  let browser: Browser;
  let paper: OrgPaper;
  // What the steps hand on.
  let taskId = '';
  let student = { name: '', username: '', password: '' };
  let pairingCode = '';

  const uname = (i: number) => `o${tag}${String(i).padStart(3, '0')}`;
  const sname = (i: number) => `新生${tag}号${i}`;

  beforeAll(async () => {
    paper = await createShortAnswerPaper(baseURL, `短文小练-${tag}`);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A failed step leaves a picture of where it stood.
  let current: Page | undefined;
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && current && !current.isClosed())
      await shot(current, `organisation-failed-${task.name.slice(0, 24).replace(/\W+/g, '-')}`);
    await current?.context().close();
    current = undefined;
  });

  async function desktopPage(): Promise<Page> {
    const page = await newPage(browser, baseURL);
    await page.setViewportSize(DESKTOP);
    current = page;
    return page;
  }

  async function shotPhone(page: Page, name: string, ready: () => Promise<boolean>) {
    await page.setViewportSize(PHONE);
    await expect.poll(ready).toBe(true);
    // Nothing scrolls sideways on a phone.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, name);
    await page.setViewportSize(DESKTOP);
  }

  const visible = (l: Locator) => l.first().isVisible();
  const text = async (l: Locator) => ((await l.first().textContent()) ?? '').replace(/\s+/g, ' ');
  const bytes = async (d: Download) => readFileSync(await d.path());

  it('the agency admin enrols students from the template, skipping the bad rows, and takes the passwords once', async () => {
    const page = await desktopPage();
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/user/student/list');
    await page.getByRole('button', { name: '批量注册学生' }).click();
    const dialog = await opened(page.locator('.ant-modal').filter({ hasText: '从 Excel 批量注册学生' }));
    await expect.poll(() => visible(dialog.getByText(/学生不超过 5,000 行/))).toBe(true);

    // The template, as downloaded.
    const [templateFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载 Excel 模板' }).click(),
    ]);
    const template = await bytes(templateFile);
    expect(await templateHeader(template)).toEqual(['姓名', '用户名', '年级', '学科', '初始密码']);

    // 200 rows, five of them bad.
    const rows: EnrolRow[] = Array.from({ length: ROWS }, (_, k) => ({
      name: sname(k + 1),
      username: uname(k + 1),
      grade: k % 2 ? 'g7' : '初一',
      subjects: '英语',
      password: '',
    }));
    rows[9] = { ...rows[9], username: uname(4) }; // sheet row 11 repeats row 5's username
    rows[19] = { ...rows[19], name: '' }; // row 21: no name
    rows[29] = { ...rows[29], grade: '十三年级' }; // row 31: no such grade
    rows[39] = { ...rows[39], username: 'demo_s0001' }; // row 41: a demo student's username
    rows[49] = { ...rows[49], password: '12345678' }; // row 51: a weak password
    const filled = await fillTemplate(template, rows);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: `学生名单-${tag}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await expect.poll(() => visible(dialog.getByText(`学生名单-${tag}.xlsx`))).toBe(true);
    await dialog.getByRole('radio', { name: '只注册正确的行' }).check();
    await expect.poll(() => visible(dialog.getByText('有错误的行被跳过，其余的照常注册'))).toBe(true);
    await shot(page, 'organisation-enrol-file');

    const polls: { status: string; processed: number; total: number }[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.request().method() === 'GET' && /^\/v1\/user\/enrolment\/(?!template$|limits$)[^/]+$/.test(path))
        void r
          .json()
          .then((b: { response: { status: string; processed: number; total: number } }) => polls.push(b.response))
          .catch(() => undefined);
    });
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/v1/user/enrolment?')),
      dialog.getByRole('button', { name: '开始注册' }).click(),
    ]);
    const jobId = ((await started.json()) as { response: { jobId: string } }).response.jobId;
    // The progress bar runs while the job is read every 500 ms, then gives way to the result.
    if (await dialog.locator('.enrol-progress .ant-progress').isVisible())
      await shot(page, 'organisation-enrol-progress');
    const result = dialog.locator('.enrol-result');
    await expect.poll(() => visible(result), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => polls.at(-1)?.status).toBe('done');
    expect(polls.at(-1)?.processed).toBe(polls.at(-1)?.total);
    expect(await text(result)).toContain(`已注册 ${ROWS - 5} 名学生，5 行有错误未注册`);

    // The per-row report, in Chinese.
    expect(await text(result)).toContain('有错误的行：5 行（共 5 处错误）');
    const reportRow = (row: number) => result.locator('tbody tr').filter({ hasText: `第 ${row} 行` });
    expect(await text(reportRow(11))).toContain('用户名与第 5 行重复');
    expect(await text(reportRow(21))).toContain('姓名不能为空');
    expect(await text(reportRow(31))).toContain('年级“十三年级”不存在');
    expect(await text(reportRow(41))).toContain('用户名已被使用，请换一个或留空自动生成');
    expect(await text(reportRow(51))).toMatch(/初始密码.*密码/);
    await shot(page, 'organisation-enrol-report');

    // The initial passwords, once, after a confirmation.
    await dialog.getByRole('button', { name: '下载初始密码' }).click();
    const confirm = await opened(page.locator('.ant-modal-confirm').filter({ hasText: '初始密码只能下载一次' }));
    const [passwordsFile] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: '下载', exact: true }).click(),
    ]);
    const passwords = await readPasswords(await bytes(passwordsFile));
    expect(passwords.size).toBe(ROWS - 5);
    expect(passwords.has(`demo_${uname(10)}`)).toBe(false);
    student = { name: sname(1), username: `demo_${uname(1)}`, password: passwords.get(`demo_${uname(1)}`) ?? '' };
    expect(student.password).toMatch(/^\S{12,}$/);
    await expect.poll(() => visible(dialog.getByText('已下载初始密码，服务器已删除'))).toBe(true);
    expect(await dialog.getByRole('button', { name: '下载初始密码' }).count()).toBe(0);
    await shot(page, 'organisation-enrol-passwords');

    // A second download is refused.
    const again = await rawCall(
      baseURL,
      'POST',
      `/v1/user/enrolment/${jobId}/passwords`,
      await apiLogin(baseURL, 'agency'),
    );
    expect(again.status).toBe(404);
    expect(again.errmsg).toContain('初始密码只能下载一次');

    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await page.getByPlaceholder(/搜索/).first().fill(tag);
    await page.getByPlaceholder(/搜索/).first().press('Enter');
    await expect.poll(() => text(page.locator('.ant-pagination-total-text'))).toContain(String(ROWS - 5));
  });

  it('forms a class: an empty name is refused, then the new students, the demo student and the teacher join', async () => {
    const page = await desktopPage();
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/class/ordinary/list');
    const total = page.locator('.ant-pagination-total-text');
    await expect.poll(() => text(total)).toMatch(/共 \d+ 个班级/);
    const before = await text(total);

    await page.getByRole('button', { name: '新建班级' }).click();
    const form = await opened(page.locator('.ant-modal').filter({ hasText: '说明' }));
    await form.getByLabel('名称').fill('   ');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => visible(form.getByText('请输入班级名称'))).toBe(true);
    await shot(page, 'organisation-class-empty-name');
    await form.getByRole('button', { name: '取消' }).click();
    await page.reload();
    await expect.poll(() => text(total)).toBe(before);

    await page.getByRole('button', { name: '新建班级' }).click();
    await form.getByLabel('名称').fill(className);
    await chooseOption(page, '年级', '初一');
    await form.getByRole('button', { name: '保存' }).click();
    const row = page.getByRole('row').filter({ hasText: className });
    await expect.poll(() => visible(row)).toBe(true);

    await row.getByRole('button', { name: '成员' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `成员：${className}` });
    const picker = page.locator('.ant-modal').filter({ hasText: '已选' });
    async function add(button: string, keyword: string, names: string[]) {
      await drawer.getByRole('button', { name: button }).click();
      await opened(picker);
      await picker.getByPlaceholder('搜索姓名或用户名').fill(keyword);
      await picker.getByPlaceholder('搜索姓名或用户名').press('Enter');
      for (const n of names) {
        const box = picker
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: n, exact: true }) })
          .getByRole('checkbox');
        await expect.poll(() => box.isVisible()).toBe(true);
        await box.check();
      }
      await expect.poll(() => visible(picker.getByText(`已选 ${names.length} 人`))).toBe(true);
      await picker.getByRole('button', { name: '添加', exact: true }).click();
      await expect.poll(() => visible(page.getByText(`已添加 ${names.length} 人`))).toBe(true);
      await expect.poll(() => picker.isVisible()).toBe(false);
    }
    await add('添加学生', `o${tag}00`, [sname(1), sname(2), sname(3)]);
    await add('添加学生', '李小明', ['李小明']);
    await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBe(4);
    await shot(page, 'organisation-class-members');
    await drawer.getByRole('tab', { name: '教师' }).click();
    await add('添加教师', '张老师', ['张老师']);
    await expect.poll(() => visible(drawer.getByRole('cell', { name: 'teacher', exact: true }))).toBe(true);
    await drawer.locator('.ant-drawer-close').click();
    // Closed once its slide-out ends (the title goes at once, the panel and mask after the motion).
    await expect.poll(() => page.locator('.ant-drawer-mask:visible, .ant-drawer-section:visible').count()).toBe(0);
    await expect.poll(() => text(row)).toMatch(/初一.*4.*张老师/);
    await shot(page, 'organisation-class-list');
  });

  it('gives the class a homework paper with a short answer', async () => {
    const page = await desktopPage();
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
    // From the class's row to its tasks, and 布置任务 there: the class comes chosen.
    await page.goto('/admin/class/ordinary/list');
    const classRow = page.getByRole('row').filter({ hasText: className });
    await classRow.getByRole('link', { name: '任务' }).click();
    await page.waitForURL(/\/admin\/class\/\d+\/tasks$/);
    const classTasks = page.url();
    await expect.poll(() => visible(page.getByText('该班级还没有任务'))).toBe(true);
    await page.getByRole('button', { name: '布置任务' }).click();
    await page.waitForURL(/\/admin\/task\/create\?classId=\d+$/);
    await expect.poll(() => selectBox(page, '班级').textContent()).toContain(`${className}（4 人）`);
    await page.getByLabel('任务名称').fill(taskTitle);
    const scheme = page.getByRole('combobox', { name: '训练方案或试卷' });
    await scheme.click();
    await scheme.fill(paper.title);
    await (await openedDropdown(page)).locator('.ant-select-item-option').getByText(`${paper.title}（试卷）`).click();
    expect(await page.getByRole('checkbox', { name: '作为作业（进入作业成绩与批改）' }).isChecked()).toBe(true);
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await shot(page, 'organisation-task-form');
    await page.getByRole('button', { name: '布置任务' }).click();
    await page.waitForURL(/\/admin\/task\/\d+\/dashboard$/);
    taskId = /\/task\/(\d+)\//.exec(page.url())?.[1] ?? '';
    await expect.poll(() => visible(page.getByText('未开始 4 人 · 进行中 0 人 · 已完成 0 人'))).toBe(true);
    await expect.poll(() => page.locator('.edu-chart svg').count()).toBe(2);
    await shot(page, 'organisation-task-dashboard');
    await page.goto(classTasks);
    await expect.poll(() => text(page.getByRole('row').filter({ hasText: taskTitle }))).toContain(paper.title);
  });

  it('a new student logs in with the initial password, changes it and does the task', async () => {
    expect(taskId).not.toBe('');
    const page = await desktopPage();
    await loginAs(page, student.username, student.password);
    await page.waitForURL(/\/password$/);
    await page.getByLabel('原密码').fill(student.password);
    await page.getByLabel('新密码', { exact: true }).fill(newPassword);
    await page.getByLabel('确认新密码').fill(newPassword);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL(/\/student(\/home)?\/?$/);

    await page.goto('/student/tasks/todo');
    const item = page.locator('.ant-list-item').filter({ hasText: taskTitle });
    await expect.poll(() => visible(item)).toBe(true);
    expect(await text(item)).toMatch(/未开始.*作业.*试卷/);
    await shot(page, 'organisation-student-todo');
    await shotPhone(page, 'organisation-student-todo-375', () => item.isVisible());

    await item.getByRole('button', { name: '开始' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    const q = (i: number) => page.locator('.paper-question').nth(i);
    await expect.poll(() => page.locator('.paper-question').count()).toBe(3);
    await q(0)
      .getByRole('radio', { name: new RegExp(`^${PAPER_ANSWERS.choice}\\.`) })
      .check();
    await q(1).getByRole('radio', { name: PAPER_ANSWERS.trueFalse, exact: true }).check();
    await q(2).getByRole('textbox').fill(PAPER_ANSWERS.shortAnswer);
    for (const i of [0, 1, 2]) await expect.poll(() => q(i).getByText('已保存').isVisible()).toBe(true);
    await shot(page, 'organisation-student-paper');
    await page.getByRole('button', { name: '交卷' }).first().click();
    const confirm = await opened(page.locator('.ant-modal-confirm'));
    await confirm.getByRole('button', { name: '交卷' }).click();
    await expect.poll(() => visible(page.getByText('训练已完成'))).toBe(true);
    await expect.poll(() => confirm.count()).toBe(0);
    await shot(page, 'organisation-student-done');

    await page.goto('/student/tasks/todo');
    await expect.poll(() => text(item)).toContain('已完成');

    // The pairing code for a parent, from the home's 家长绑定 card.
    await page.goto('/student');
    const card = page.locator('.ant-card').filter({ hasText: '家长绑定' });
    await card.getByRole('button', { name: '生成配对码' }).click();
    const code = card.getByTestId('pairing-code');
    await expect.poll(() => text(code)).toMatch(/[2-9A-Z]{6}/);
    pairingCode = /[2-9A-Z]{6}/.exec(await text(code))?.[0] ?? '';
    await shot(page, 'organisation-student-pairing');
  });

  it('the homework teacher finds the answer in the queue, claims it and marks it', async () => {
    const page = await desktopPage();
    await loginAs(page, 'tutor');
    await page.waitForURL(/\/WTPteacher\/?$/);
    await chooseOption(page, '任务', '任务编号');
    await page.getByRole('textbox', { name: '任务编号' }).fill(taskId);
    // Only this task's answer is left once the filter applies.
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.filter({ hasText: student.name });
    await expect.poll(() => text(row)).toContain(paper.title);
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await shot(page, 'organisation-marking-queue');

    await row.getByRole('link', { name: '批改' }).click();
    await page.waitForURL(new RegExp(`/WTPteacher/change/${taskId}/\\d+$`));
    await expect.poll(() => visible(page.getByText(PAPER_ANSWERS.shortAnswer))).toBe(true);
    // The answer shown is claimed for this teacher.
    await page.getByRole('button', { name: '0.5 分' }).click();
    await page.getByRole('textbox', { name: '评语' }).fill('内容完整，注意动词过去式的拼写。');
    await shot(page, 'organisation-marking-bench');
    await page.getByRole('button', { name: '保存批改（Enter）' }).click();
    await expect.poll(() => visible(page.getByText('已保存批改'))).toBe(true);
    await expect.poll(() => visible(page.getByText(/已批改：0\.5 \/ 1 分/))).toBe(true);

    await page.goto('/WTPteacher/');
    await chooseOption(page, '任务', '任务编号');
    await page.getByRole('textbox', { name: '任务编号' }).fill(taskId);
    await expect.poll(() => visible(page.getByText('暂时没有待批改的答案。'))).toBe(true);
  });

  it('a new parent signs up with the pairing code and reads the marked report', async () => {
    expect(pairingCode).toMatch(/^[2-9A-Z]{6}$/);
    const page = await desktopPage();
    await page.goto('/');
    await page.getByRole('button', { name: '家长注册' }).click();
    const dialog = await opened(page.locator('.ant-modal').filter({ hasText: '注册并绑定孩子' }));
    const fill = async (code: string) => {
      await dialog.getByLabel('配对码').fill(code);
      await dialog.getByLabel('用户名').fill(parentUsername);
      await dialog.getByLabel('姓名').fill(`${student.name}家长`);
      await dialog.getByLabel('密码', { exact: true }).fill(newPassword);
      await dialog.getByLabel('确认密码').fill(newPassword);
      await dialog.getByRole('button', { name: '注册并绑定孩子' }).click();
    };
    // A wrong code: a Chinese message, no account.
    await fill(WRONG_CODE);
    await expect.poll(() => visible(dialog.getByText('配对码无效或已过期'))).toBe(true);
    await shot(page, 'organisation-parent-signup-bad-code');
    const login = await fetch(`${baseURL}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ request: { username: parentUsername, password: newPassword } }),
    });
    expect(((await login.json()) as { errno: number }).errno).not.toBe(0);

    // The right one: signed up, logged in, the child's history (the training carries the task's title).
    await fill(pairingCode.toLowerCase());
    await page.waitForURL(/\/parent\/?$/);
    const historyRow = page.getByRole('row').filter({ hasText: taskTitle });
    await expect.poll(() => visible(historyRow)).toBe(true);
    expect(await text(historyRow)).toMatch(/已完成.*1\.5 \/ 3/);
    await shot(page, 'organisation-parent-home');

    // A bad code on the page: a Chinese message, and still one child.
    const pairInput = page.locator('#pairing-code');
    const children = page.locator('.ant-card').filter({ hasText: '我的孩子' }).locator('.ant-list-item');
    await expect.poll(() => children.count()).toBe(1);
    await pairInput.fill('AB');
    await page.getByRole('button', { name: '绑定孩子' }).click();
    await expect.poll(() => visible(page.getByText('配对码为 6 位字母或数字'))).toBe(true);
    await pairInput.fill(WRONG_CODE);
    await page.getByRole('button', { name: '绑定孩子' }).click();
    await expect.poll(() => visible(page.getByText('配对码无效或已过期'))).toBe(true);
    await shot(page, 'organisation-parent-bad-code');
    await page.reload();
    await expect.poll(() => children.count()).toBe(1);

    await historyRow.getByRole('link', { name: '查看报告' }).click();
    await page.waitForURL(/\/parent\/train\/report\/\d+\/\d+\/1$/);
    const records = page.locator('.ant-card').filter({ hasText: '答题详情' }).locator('.ant-list-item');
    await expect.poll(() => records.count()).toBe(3);
    const shortAnswer = records.nth(2);
    expect(await text(shortAnswer)).toContain(PAPER_ANSWERS.shortAnswer);
    // A task's paper shows its corrections after the task's deadline (docs/practice-engine.md "Review options"):
    // the child's answers now, no verdicts or per-question scores yet.
    await expect.poll(() => visible(page.getByText('批改结果将在任务截止后公布').first())).toBe(true);
    for (let i = 0; i < 3; i++) expect(await text(records.nth(i))).not.toContain('得分');
    await shot(page, 'organisation-parent-report');
    await shotPhone(page, 'organisation-parent-report-375', () => shortAnswer.isVisible());
  });

  it('the class teacher sees the completion and the score on the class pages', async () => {
    const page = await desktopPage();
    await loginAs(page, 'teacher');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/class/ordinary/list');
    const row = page.getByRole('row').filter({ hasText: className });
    await expect.poll(() => visible(row)).toBe(true);

    await row.getByRole('link', { name: '统计' }).click();
    await page.waitForURL(/\/admin\/class\/\d+\/stats$/);
    // The tasks table's row (the trainings further down carry the task's title too).
    const taskRow = page.getByRole('row').filter({ hasText: taskTitle }).first();
    await expect.poll(() => visible(taskRow)).toBe(true);
    // assigned 4, started 1, finished 1, average score rate 50 %.
    const cells = await taskRow.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual(['4', '1', '1', '50']);
    // The deadline the form proposed (23:59 China Standard Time), whatever the browser's zone (UTC here).
    expect(cells[1]).toMatch(/ 23:59$/);
    await shot(page, 'organisation-teacher-stats');

    await page.goBack();
    await row.getByRole('link', { name: '今日' }).click();
    await page.waitForURL(/\/admin\/class\/todaywork\/\d+$/);
    const member = page.getByRole('row').filter({ hasText: student.name });
    await expect.poll(() => text(member)).toContain('已完成');
    await shot(page, 'organisation-teacher-today');

    await member.getByRole('link', { name: student.name }).click();
    await page.waitForURL(/\/admin\/class\/studentInfo\/\d+$/);
    const training = page.getByRole('row').filter({ hasText: taskTitle });
    await expect.poll(() => text(training)).toMatch(/已完成.*1\.5/);
    await shot(page, 'organisation-teacher-student');
  });
});
