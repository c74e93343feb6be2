// The statistics pages over a fake API: the scheme dashboard (flags highlighted, range sent as from/to), the
// student comparison, a training's report for staff and a student's results; and the chart options.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { groupOption, questionOption, scoreDistributionOption } from './charts';
import { ANSWERS, REPORT, STUDENT_STATS, USERS } from '../../../test/train-stats';

const STAFF = ['edu:agency:demo:admin'];

beforeAll(() => {
  // ECharts measures text on a canvas, which jsdom lacks; without one it falls back quietly.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** The table row holding the text (charts may show it too). */
const row = (text: string) =>
  screen
    .getAllByText(text)
    .map((e) => e.closest('tr'))
    .find((r) => r !== null) as HTMLElement;

describe('admin/train/{id}/dashboard', () => {
  async function open() {
    const s = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/scheme/7/stats/user': USERS,
      'GET /v1/train/scheme/7/stats/answer': ANSWERS,
    });
    renderApp(s.session, ['/admin/train/7/dashboard']);
    await screen.findByText('期中模拟卷 · 训练看板');
    return s;
  }

  it('shows the totals, the charts and every question with the flagged ones marked', async () => {
    await open();
    expect(screen.getByText('参与学生')).toBeTruthy();
    expect(screen.getByText('2分5秒')).toBeTruthy();
    expect(screen.getAllByText('60.0%')).toHaveLength(2); // the mean score rate, and Q2's facility
    expect(screen.getByRole('img', { name: '每日参与' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '得分率分布（已结束的训练）' })).toBeTruthy();
    expect(screen.getByText('1 道题需要复查')).toBeTruthy();
    const flagged = row('第二题');
    expect(within(flagged).getByText('区分度为负')).toBeTruthy();
    expect(within(flagged).getByText('-32.7')).toBeTruthy();
    expect(flagged.getAttribute('style')).toContain('background');
    expect(within(row('第一题')).getByText('80.0%')).toBeTruthy();
    expect(row('第一题').getAttribute('style') ?? '').not.toContain('background');
    expect(screen.getByText(/复查标准：首次作答不少于 5 次/)).toBeTruthy();
  });

  it("shows each question's calibration from the agency's answers, 尚未校准 when there is none", async () => {
    await open();
    expect(screen.getByText('能力校准（本机构全部作答）')).toBeTruthy();
    const first = row('第一题');
    expect(within(first).getByText('正确率 76.3%')).toBeTruthy();
    expect(within(first).getByText('区分度 a 1.37')).toBeTruthy();
    expect(within(first).getByText('难度 b -0.42')).toBeTruthy();
    expect(within(first).getByText('作答 80（答对 61）')).toBeTruthy();
    expect(within(row('第二题')).getByText('尚未校准')).toBeTruthy();
    expect(within(row('第三题')).getByText('尚未校准')).toBeTruthy();
    // When it was calibrated, in China Standard Time whatever the browser's zone (1_795_000_000_000 is 19:06 CST).
    fireEvent.mouseEnter(within(first).getByText('正确率 76.3%'));
    expect(await screen.findByText('校准于 2026-11-18 19:06（北京时间）')).toBeTruthy();
  });

  it('asks again with from when a range is chosen, and links to the student comparison', async () => {
    const { calls } = await open();
    fireEvent.click(screen.getByText('近 7 天'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/v1/train/scheme/7/stats/answer' && c.url.includes('from='))).toBe(true),
    );
    expect(calls.some((c) => c.path === '/v1/train/scheme/7/stats/user' && c.url.includes('from='))).toBe(true);
    fireEvent.click(screen.getByText('学生对比'));
    expect(await screen.findByText('期中模拟卷 · 学生对比')).toBeTruthy();
  });

  it('says so when the scheme is not there', async () => {
    const s = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/scheme/7/stats/user': () => ({ status: 404, json: { errno: 404, errmsg: '训练方案不存在' } }),
      'GET /v1/train/scheme/7/stats/answer': () => ({ status: 404, json: { errno: 404, errmsg: '训练方案不存在' } }),
    });
    renderApp(s.session, ['/admin/train/7/dashboard']);
    expect(await screen.findByText('训练方案不存在')).toBeTruthy();
  });
});

describe('admin/train/{id}/dashboard/group', () => {
  it('compares the students in a chart and a table linking to reports and student pages', async () => {
    const s = await makeSession(loginInfo(STAFF), { 'GET /v1/train/scheme/7/stats/user': USERS });
    renderApp(s.session, ['/admin/train/7/dashboard/group']);
    expect(await screen.findByText('期中模拟卷 · 学生对比')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/train/scheme/7/stats/user')?.url).toContain('size=200');
    expect(screen.getByRole('img', { name: '每名学生的得分率' })).toBeTruthy();
    expect(screen.getByText('共 2 名学生')).toBeTruthy();
    const first = row('学生一');
    expect(within(first).getByText('83%')).toBeTruthy(); // 5 of 6 answers right
    expect(within(first).getByText('最近报告').getAttribute('href')).toBe('/admin/train/report/301');
    expect(within(first).getByText('学生统计').getAttribute('href')).toBe('/admin/user/student/11/stats');
  });
});

describe('admin/train/report/{id}', () => {
  it("shows a student's training to staff: result, knowledge points and answers", async () => {
    const s = await makeSession(loginInfo(STAFF), { 'GET /v1/train/report/301': REPORT });
    renderApp(s.session, ['/admin/train/report/301']);
    expect(await screen.findByText('训练报告 · 期中模拟卷')).toBeTruthy();
    expect(screen.getByText('学生一')).toBeTruthy();
    expect(screen.getByText('10分')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各知识点正确率（首次作答）' })).toBeTruthy();
    expect(within(row('名词辨析')).getByText('正确')).toBeTruthy();
    expect(within(row('复数变化')).getByText('错误')).toBeTruthy();
    expect(within(row('名词')).getByText('67%')).toBeTruthy();
  });
});

describe('admin/user/student/{id}/stats', () => {
  it("shows the student's totals, trend and trainings with links", async () => {
    const s = await makeSession(loginInfo(STAFF), { 'GET /v1/train/student/11/stats': STUDENT_STATS });
    renderApp(s.session, ['/admin/user/student/11/stats']);
    expect(await screen.findByText('学生一 · 学生统计')).toBeTruthy();
    expect(screen.getAllByText('66.7%')).toHaveLength(2); // accuracy 2/3 and the mean score rate
    expect(screen.getByRole('img', { name: '得分率变化（本页训练）' })).toBeTruthy();
    expect(screen.getAllByText('报告')[1].getAttribute('href')).toBe('/admin/train/report/301');
    expect(screen.getByText('进行中')).toBeTruthy();
  });

  it("marks a lesson's training and links its replay instead of a scheme dashboard", async () => {
    const lesson = {
      ...STUDENT_STATS.trainings.list[1],
      trainId: '303',
      schemeId: '-44',
      lessonId: '44',
      title: '课堂练习：阅读辅导',
    };
    const stats = { ...STUDENT_STATS, trainings: { total: 3, list: [lesson, ...STUDENT_STATS.trainings.list] } };
    const s = await makeSession(loginInfo(STAFF), { 'GET /v1/train/student/11/stats': stats });
    renderApp(s.session, ['/admin/user/student/11/stats']);
    expect(await screen.findByText('课堂练习：阅读辅导')).toBeTruthy();
    expect(screen.getByText('辅导课')).toBeTruthy();
    expect(screen.getByText('课堂回放').getAttribute('href')).toBe('/admin/eventutor/history/44');
    expect(screen.getAllByText('方案看板').map((a) => a.getAttribute('href'))).not.toContain(
      '/admin/train/-44/dashboard',
    );
  });
});

describe('chart options', () => {
  it('colours flagged questions red and draws discrimination for papers only', () => {
    const o = questionOption(ANSWERS);
    const [facility, disc] = o.series as { data: unknown[] }[];
    expect((facility.data[1] as { itemStyle: { color: string } }).itemStyle.color).toBe('#ff4d4f');
    expect((facility.data[0] as { value: number }).value).toBe(80);
    expect(disc.data).toEqual([53.5, -32.7, 16.7]);
    expect(questionOption({ ...ANSWERS, type: 'general' }).series).toHaveLength(1);
  });

  it('labels the score buckets by percent and lists students best first from the top', () => {
    expect(scoreDistributionOption(USERS).xAxis).toMatchObject({
      data: expect.arrayContaining(['0–10%', '90–100%']) as unknown,
    });
    expect(groupOption(USERS.users.list).yAxis).toMatchObject({ data: ['学生二', '学生一'] });
  });
});
