import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TrainingReport } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { kpChartOption } from './kp-chart';
import { record, STUDENT, summary } from './test-kit';

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

const REPORT: TrainingReport = {
  training: { ...summary({}), student: '小明', durationSeconds: 125 },
  records: [record()],
  knowledgePoints: [
    { code: 'en.g7.c1.k1', name: '名词复数', answered: 3, correct: 2 },
    { code: 'en.g7.c1.k2', name: '可数名词', answered: 1, correct: 1 },
  ],
};

describe('student/train/report/{id}', () => {
  // ECharts measures text on a canvas, which jsdom lacks; without one it falls back quietly.
  beforeAll(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows score, correct rate, duration, a chart per knowledge point and the answers', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/train/report/t1': REPORT });
    const { container } = renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('训练报告 · 名词专项')).toBeTruthy();
    const stats = container.querySelector('.report-stats') as HTMLElement;
    expect(within(stats).getByText('75')).toBeTruthy();
    expect(within(stats).getByText('2分5秒')).toBeTruthy();
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各知识点作答情况' })).toBeTruthy();
    expect(within(row('名词辨析')).getByText('✓ 正确')).toBeTruthy();
  });

  it('the chart compares answered and correct per knowledge point', () => {
    const option = kpChartOption(REPORT.knowledgePoints);
    expect(option.xAxis).toMatchObject({ data: ['名词复数', '可数名词'] });
    expect(option.series).toMatchObject([
      { name: '作答', type: 'bar', data: [3, 1] },
      { name: '答对', type: 'bar', data: [2, 1] },
    ]);
  });

  it('without knowledge points the chart says so', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': { ...REPORT, knowledgePoints: [] },
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('暂无知识点数据')).toBeTruthy();
  });
});
