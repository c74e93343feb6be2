// The scheme editor's 模拟 (docs/simulation.md "Dry run of a scheme"): the panel starts the job with the chosen count
// and spread, shows its progress, then the figures; a refused start and a failed job show their Chinese message.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SchemeSimulationJob, SimulationResult } from '@edu/contract';
import { envelope } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { buttonIn, pickOption } from '../../../../test/antd';
import { bodyOf, labelled, scheme, trainRoutes } from '../train-test-kit';

const usage = {
  questions: { median: 12, p90: 20 },
  minutes: { median: 8.5, p90: 14 },
  histogram: [
    { from: 0, to: 10, students: 40 },
    { from: 10, to: 20, students: 50 },
    { from: 20, to: 30, students: 10 },
  ],
  trueMasteryBefore: 0.1,
  trueMasteryAfter: 0.35,
};

const RESULT: SimulationResult = {
  students: 100,
  spread: 'weak',
  bankQuestions: 24,
  scheme: usage,
  timedOut: 3,
  phases: [{ phase: '基础', entered: 100, reached: 61 }],
  stuck: [{ phase: '基础', point: '补救', looped: 39, capped: 7, shortDraws: 12, emptyDraws: 5 }],
  points: [
    {
      code: 'en.g7.c1',
      levels: { none: 0, attempted: 30, familiar: 40, proficient: 30, mastered: 0 },
      trueBefore: 0.1,
      trueAfter: 0.35,
    },
  ],
  paper: { ...usage, questions: { median: 24, p90: 24 }, questionCount: 24 },
  seconds: 1.25,
};

const job = (over: Partial<SchemeSimulationJob>): SchemeSimulationJob => ({
  jobId: 'abc123',
  status: 'running',
  processed: 40,
  total: 200,
  message: null,
  result: null,
  ...over,
});

async function openPanel(extra: Record<string, unknown>) {
  const s = await makeSession(
    loginInfo(['edu:agency:demo:admin']),
    trainRoutes({ 'GET /v1/train/scheme/11': scheme(), ...extra }),
  );
  renderApp(s.session, ['/admin/train/edit/11/general']);
  await screen.findByText(/方案结构检查通过|方案有 \d+ 处问题/);
  fireEvent.click(screen.getByText('模拟').closest('button')!);
  const panel = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.scheme-simulation');
    if (!el) throw new Error('no panel');
    return el;
  });
  return { ...s, panel };
}

describe('模拟 in the scheme editor', () => {
  it('starts the dry run with the count and spread, shows progress, then the charts and the paper comparison', async () => {
    let reads = 0;
    const { calls, panel } = await openPanel({
      'POST /v1/train/scheme/11/simulate': { jobId: 'abc123' },
      'GET /v1/train/simulation/abc123': () => ({
        json: envelope(reads++ === 0 ? job({}) : job({ status: 'done', processed: 200, result: RESULT })),
      }),
    });
    expect(within(panel).getByText(/尚未模拟/)).toBeTruthy();
    fireEvent.change(labelled('模拟人数', panel), { target: { value: '100' } });
    await pickOption('能力分布', '偏弱', panel);
    fireEvent.click(buttonIn(panel, '开始模拟'));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/v1/train/scheme/11/simulate')).toEqual({
        request: { students: 100, spread: 'weak' },
      }),
    );
    expect(await within(panel).findByText('模拟中：40 / 200')).toBeTruthy();
    await within(panel).findByText('用题数分布', undefined, { timeout: 3000 });
    expect(within(panel).getByText('方案可抽到的题目：24 道，用时 1.25 秒')).toBeTruthy();
    const cells = Array.from(panel.querySelectorAll('.ant-table-cell')).map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['基础 / 补救', '39', '7', '12', '5']));
    expect(within(panel).getByText('各阶段达标人数')).toBeTruthy();
    expect(within(panel).getByText('固定试卷（24 题）')).toBeTruthy();
    expect(panel.querySelectorAll('.edu-chart').length).toBe(4);
    expect(within(panel).getByText('重新模拟')).toBeTruthy();
  });

  it('shows why a start was refused and why a job failed', async () => {
    let starts = 0;
    const { panel } = await openPanel({
      'POST /v1/train/scheme/11/simulate': () =>
        starts++ === 0
          ? { status: 400, json: envelope(null, 400, '模拟人数最多 10000 人') }
          : { json: envelope({ jobId: 'abc123' }) },
      'GET /v1/train/simulation/abc123': job({
        status: 'failed',
        message: '任务超过时限 60 秒，已停止：请拆分后重新提交',
      }),
    });
    fireEvent.click(buttonIn(panel, '开始模拟'));
    expect(await within(panel).findByText('无法开始模拟')).toBeTruthy();
    expect(within(panel).getByText(/模拟人数最多 10000 人/)).toBeTruthy();
    fireEvent.click(buttonIn(panel, '开始模拟'));
    expect(await within(panel).findByText('模拟失败')).toBeTruthy();
    expect(within(panel).getByText('任务超过时限 60 秒，已停止：请拆分后重新提交')).toBeTruthy();
  });
});
