import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { button } from '../../../test/antd';
import type { TrainingReport } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { kpChartOption } from '../../../components/training/kp-chart';
import { record, STUDENT, summary } from '../../../test/trainings';

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
    const stats = container.querySelector('.training-stats') as HTMLElement;
    expect(within(stats).getByText('75')).toBeTruthy();
    expect(stats.textContent).toContain('2.5/ 4');
    expect(within(stats).getByText('2分5秒')).toBeTruthy();
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各知识点作答情况' })).toBeTruthy();
    expect(within(row('名词辨析')).getByText('✓ 正确')).toBeTruthy();
    expect(screen.queryByText(/待批改，得分/)).toBeNull();
    expect(screen.queryByText('老师评语：')).toBeNull();
  });

  it('says how many answers wait for a teacher and shows the comment of a marked one (issue 18)', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': {
        ...REPORT,
        training: { ...REPORT.training, pending: 1 },
        records: [
          record({ title: '翻译句子', type: 'translation', isCorrect: false, score: 0.5, markComment: '时态不对' }),
          record({ recordId: 'r2', title: '短文写作', type: 'shortAnswer', isCorrect: null, score: 0 }),
        ],
      },
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('1 道题待批改，得分将在批改后更新')).toBeTruthy();
    expect(within(row('翻译句子')).getByText('时态不对')).toBeTruthy();
    expect(within(row('翻译句子')).getByText('老师评语：')).toBeTruthy();
    expect(within(row('短文写作')).getByText('待批改')).toBeTruthy();
    expect(within(row('短文写作')).queryByText('老师评语：')).toBeNull();
  });

  it("shows the teacher's annotations on the answer, each highlighted and numbered with its note", async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': {
        ...REPORT,
        records: [
          record({
            title: '翻译句子',
            type: 'translation',
            answer: ['I goes to', 'school'],
            isCorrect: true,
            score: 1,
            markAnnotations: [
              { start: 10, end: 16, note: '' },
              { start: 2, end: 6, note: '主谓一致：go' },
            ],
          }),
        ],
      },
    });
    renderApp(s.session, ['/student/train/report/t1']);
    const notes = await screen.findByRole('group', { name: '老师批注' });
    const marks = [...notes.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['goes1', 'school2']);
    const items = within(notes)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['“goes”：主谓一致：go', '“school”']);
    expect(screen.queryByText('老师评语：')).toBeNull();
  });

  it('an essay marked 12 of 15 reads 部分正确 and 12 / 15; 正确率 counts it by its share (docs/practice-engine.md "Marks")', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': {
        ...REPORT,
        training: { ...REPORT.training, type: 'paper', answered: 1, correct: 0, credit: 0.8, score: 12, maxScore: 15 },
        records: [
          record({ title: '我的暑假', type: 'shortAnswer', isCorrect: false, score: 12, mark: 15, verdict: 'partial' }),
        ],
        knowledgePoints: [{ code: 'en.g7.c1.k1', name: '写作', answered: 1, correct: 0, credit: 0.8 }],
      },
    });
    const { container } = renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('训练报告 · 名词专项')).toBeTruthy();
    const stats = container.querySelector('.training-stats') as HTMLElement;
    expect(stats.textContent).toContain('12/ 15');
    expect(within(stats).getByText('80')).toBeTruthy();
    expect(within(row('我的暑假')).getByText('部分正确')).toBeTruthy();
    expect(within(row('我的暑假')).getByText('12 / 15')).toBeTruthy();
    expect(within(row('我的暑假')).queryByText('✗ 错误')).toBeNull();
  });

  it('an ended paper whose corrections wait says when they come instead of ✓/✗ (docs/practice-engine.md "Review options")', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': {
        ...REPORT,
        training: {
          ...REPORT.training,
          type: 'paper',
          corrections: { wait: 'close', message: '批改结果将在试卷关闭后公布', scoreHidden: false },
        },
        records: [record({ isCorrect: null, score: 0 })],
      },
    });
    const { container } = renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('批改结果将在试卷关闭后公布')).toBeTruthy();
    // The score stands (the paper shows it at the hand-in); no verdict, no link to the answer's page, no chart.
    expect((container.querySelector('.training-stats') as HTMLElement).textContent).toContain('2.5/ 4');
    expect(within(row('名词辨析')).queryByText('待批改')).toBeNull();
    expect(within(row('名词辨析')).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img', { name: '各知识点作答情况' })).toBeNull();
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

  it('a training that is not there (or not the student’s) answers 训练不存在', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': () => ({ status: 404, json: { errno: 404, errmsg: '训练不存在' } }),
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('训练不存在')).toBeTruthy();
    expect(screen.queryByText('重新加载')).toBeNull();
  });

  it('a failed read says why and 重新加载 asks again', async () => {
    let n = 0;
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': () =>
        ++n === 1
          ? { status: 503, json: { errno: 503, errmsg: '服务暂不可用，请稍后再试' } }
          : { json: { errno: 0, errmsg: '', response: REPORT } },
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('服务暂不可用，请稍后再试', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(button('重新加载'));
    expect(await screen.findByText('训练报告 · 名词专项')).toBeTruthy();
  });

  it('a paper still running shows no results: they come when it is handed in', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': {
        ...REPORT,
        training: { ...REPORT.training, type: 'paper', status: 'running', endTime: null },
      },
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('试卷尚未交卷，交卷后可以查看成绩和报告')).toBeTruthy();
    expect(screen.queryByText('✓ 正确')).toBeNull();
    expect(screen.queryByRole('img', { name: '各知识点作答情况' })).toBeNull();
  });
});
