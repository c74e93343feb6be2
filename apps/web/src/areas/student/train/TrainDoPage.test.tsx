import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { judgeQuestion, type TrainingAnswerRequest } from '@edu/contract';
import type { RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { button, openDialog, buttonIn } from '../../../test/antd';
import { stem, STUDENT, training } from '../../../test/trainings';
import { FIRST_DELAY_MS } from '../../../components/training/answer-retry';
import { TYPING_PAUSE_MS } from './PaperTraining';
import { SLOW_AFTER_MS } from '../../../components/training/use-retrying-send';

const GET = 'GET /v1/train/t1';
const ANSWER = 'POST /v1/train/t1/answer';
const location = () => screen.getByTestId('location').textContent;
const sentAnswers = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.path === '/v1/train/t1/answer')
    .map((c) => (c.body as { request: TrainingAnswerRequest }).request);
const choose = (text: RegExp) => fireEvent.click(screen.getByRole('radio', { name: text }));

const right = judgeQuestion({ type: 'singleChoice', answer: ['B'] }, { answer: ['B'] });
const wrong = { ...judgeQuestion({ type: 'singleChoice', answer: ['B'] }, { answer: ['A'] }), standardAnswer: [] };

/**
 * Time in these tests is fake (timers and Date), moved on by `elapse` instead of waited for; it still creeps
 * forward with real time so that Testing Library's polling works.
 */
const useFakeClock = () =>
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Past the first retry, whatever its jitter (±25 %). */
const FIRST_RETRY_MS = FIRST_DELAY_MS * 1.25;
afterEach(() => {
  vi.useRealTimers();
});

async function open(routes: Record<string, unknown>, state?: unknown) {
  const s = await makeSession(loginInfo(STUDENT), routes);
  renderApp(s.session, [{ pathname: '/student/train/t1/do', state }]);
  return s;
}

describe('student/train/{id}/do — general scheme', () => {
  it('shows where the training stands, submits with a clientAnswerId, shows the result, then 下一题', async () => {
    const after = training({ question: stem('q2'), answered: 1, correct: 1, score: 1, maxScore: 1 });
    const { calls } = await open({
      [GET]: training({ phaseRemaining: 600, schemeRemaining: 1500 }),
      [ANSWER]: { recordId: 'r1', repeated: false, result: right, training: after },
    });
    expect(await screen.findByText('题干 q1')).toBeTruthy();
    expect(screen.getByText('第 1/2 阶段')).toBeTruthy();
    expect(screen.getByText('已答 0 题 · 最多 12 题')).toBeTruthy();
    expect(screen.getByText('训练点：p1')).toBeTruthy();
    expect(screen.getByText('单选题')).toBeTruthy();
    expect(screen.getByRole('timer', { name: '本阶段剩余' }).textContent).toMatch(/10:00|09:59/);
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/25:00|24:59/);
    expect(button('提交').hasAttribute('disabled')).toBe(true);
    choose(/apple/);
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答正确')).toBeTruthy();
    const [req] = sentAnswers(calls);
    expect(req.questionId).toBe('q1');
    expect(req.answer).toEqual(['B']);
    expect(req.clientAnswerId.length).toBeGreaterThanOrEqual(8);
    expect(screen.getByText('已答 1 题 · 最多 12 题')).toBeTruthy();
    expect(screen.getByText('答对 1')).toBeTruthy();
    // The judged question stays until 下一题.
    expect(screen.getByText('题干 q1')).toBeTruthy();
    fireEvent.click(button('下一题'));
    expect(await screen.findByText('题干 q2')).toBeTruthy();
    expect(screen.queryByText('回答正确')).toBeNull();
  });

  it("judgeWay 'retry': a wrong answer is answered again, with a new clientAnswerId", async () => {
    let n = 0;
    const { calls } = await open({
      [GET]: training({ judgeWay: 'retry' }),
      [ANSWER]: () => {
        n++;
        const t = n === 1 ? training({ judgeWay: 'retry', answered: 1 }) : training({ question: stem('q2') });
        return {
          json: {
            errno: 0,
            errmsg: '',
            response: { recordId: `r${n}`, repeated: false, result: n === 1 ? wrong : right, training: t },
          },
        };
      },
    });
    await screen.findByText('题干 q1');
    choose(/run/);
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答错误')).toBeTruthy();
    expect(screen.queryByText('下一题')).toBeNull();
    fireEvent.click(button('重新作答'));
    choose(/apple/);
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答正确')).toBeTruthy();
    const ids = sentAnswers(calls).map((r) => r.clientAnswerId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(sentAnswers(calls).map((r) => r.answer)).toEqual([['A'], ['B']]);
  });

  it('keeps the answer when the network fails, warns, and retries with the same clientAnswerId', async () => {
    useFakeClock();
    let n = 0;
    const { calls } = await open({
      [GET]: training(),
      [ANSWER]: () => {
        n++;
        if (n === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return {
          json: {
            errno: 0,
            errmsg: '',
            response: { recordId: 'r1', repeated: true, result: right, training: training({ question: stem('q2') }) },
          },
        };
      },
    });
    await screen.findByText('题干 q1');
    choose(/apple/);
    fireEvent.click(button('提交'));
    expect(await screen.findByText('网络异常，答案尚未保存，正在重试…')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /apple/ }).checked).toBe(true);
    await elapse(FIRST_RETRY_MS);
    expect(await screen.findByText('回答正确')).toBeTruthy();
    expect(screen.queryByText('网络异常，答案尚未保存，正在重试…')).toBeNull();
    const ids = sentAnswers(calls).map((r) => r.clientAnswerId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('says so when the server is slow to acknowledge, and clears it once the answer is saved', async () => {
    useFakeClock();
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => (release = r));
    await open({
      [GET]: training(),
      [ANSWER]: async () => {
        await answered;
        return {
          json: {
            errno: 0,
            errmsg: '',
            response: { recordId: 'r1', repeated: false, result: right, training: training({ question: stem('q2') }) },
          },
        };
      },
    });
    await screen.findByText('题干 q1');
    choose(/apple/);
    fireEvent.click(button('提交'));
    await elapse(SLOW_AFTER_MS - 100);
    expect(screen.queryByText('网络较慢，答案正在保存，请稍候…')).toBeNull();
    await elapse(100);
    expect(await screen.findByText('网络较慢，答案正在保存，请稍候…')).toBeTruthy();
    release();
    expect(await screen.findByText('回答正确')).toBeTruthy();
    expect(screen.queryByText('网络较慢，答案正在保存，请稍候…')).toBeNull();
  });

  it('a refused answer shows the server’s message and is not retried', async () => {
    useFakeClock();
    const { calls } = await open({
      [GET]: training(),
      [ANSWER]: () => ({
        status: 409,
        json: { errno: 409, errmsg: '该题不是当前题目（可能本阶段时间已到），请刷新后继续' },
      }),
    });
    await screen.findByText('题干 q1');
    choose(/apple/);
    fireEvent.click(button('提交'));
    expect(await screen.findByText('该题不是当前题目（可能本阶段时间已到），请刷新后继续')).toBeTruthy();
    await elapse(FIRST_RETRY_MS);
    expect(sentAnswers(calls)).toHaveLength(1);
    // …and the page asked the server where the training stands now.
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/train/t1')).toHaveLength(2));
  });

  it('asks the server again when the countdown reaches 0, and shows the ended training', async () => {
    useFakeClock();
    let n = 0;
    const { calls } = await open({
      [GET]: () => {
        n++;
        const t =
          n === 1
            ? training({ schemeRemaining: 1 })
            : training({
                status: 'expired',
                question: null,
                answered: 3,
                correct: 2,
                score: 2,
                maxScore: 3,
                endTime: 1_700_000_090_000,
              });
        return { json: { errno: 0, errmsg: '', response: t } };
      },
    });
    await screen.findByText('题干 q1');
    await elapse(1_000);
    expect(await screen.findByText('训练时间已到')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/train/t1').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('1分30秒')).toBeTruthy();
    expect(screen.getByText('67')).toBeTruthy();
  });

  it('结束训练 asks first, then finishes; the summary links to the report', async () => {
    const { calls } = await open({
      [GET]: training(),
      'POST /v1/train/t1/finish': training({
        status: 'finished',
        question: null,
        endTime: 1_700_000_030_000,
        pending: 2,
      }),
    });
    await screen.findByText('题干 q1');
    fireEvent.click(button('结束训练'));
    const d = await openDialog('.ant-modal-confirm');
    expect(calls.some((c) => c.path === '/v1/train/t1/finish')).toBe(false);
    fireEvent.click(buttonIn(d, '结束训练'));
    expect(await screen.findByText('训练已完成')).toBeTruthy();
    // Answers left to a teacher: the score is not final yet (docs/marking.md "What the student and the parent read").
    expect(screen.getByText('2 道题待批改，得分将在批改后更新')).toBeTruthy();
    // An ended training's header keeps only its title and status; the summary has the figures.
    expect(screen.queryByText('第 1/2 阶段')).toBeNull();
    expect(screen.queryByText(/已答/)).toBeNull();
    fireEvent.click(button('查看报告'));
    // The report page is loaded on demand: on a busy machine that takes more than waitFor's default second.
    await waitFor(() => expect(location()).toBe('/student/train/report/t1'), { timeout: 5000 });
  });

  it('started from the knowledge graph, the summary leads back there instead of the list', async () => {
    await open(
      { [GET]: training({ status: 'finished', question: null, endTime: 1_700_000_030_000 }) },
      { from: 'graph' },
    );
    expect(await screen.findByText('训练已完成')).toBeTruthy();
    expect(screen.queryByText('返回训练列表')).toBeNull();
    fireEvent.click(button('返回知识图谱'));
    await waitFor(() => expect(location()).toBe('/student/knowledgegraph/mine'), { timeout: 5000 });
  });

  it('a 掌握测验 answered whole and all right is celebrated on the spot', async () => {
    await open(
      {
        [GET]: training({
          type: 'paper',
          status: 'finished',
          question: null,
          answered: 3,
          correct: 3,
          maxScore: 3,
          score: 3,
          endTime: 1_700_000_030_000,
        }),
      },
      { from: 'graph' },
    );
    expect(await screen.findByText('恭喜！全部答对，这个知识点已掌握')).toBeTruthy();
    expect(screen.getByText('返回知识图谱')).toBeTruthy();
  });

  it('a training that is not the student’s answers 训练不存在', async () => {
    await open({ [GET]: () => ({ status: 404, json: { errno: 404, errmsg: '训练不存在' } }) });
    expect(await screen.findByText('训练不存在')).toBeTruthy();
  });
});

describe('student/train/{id}/do — paper', () => {
  const paper = () =>
    training({
      type: 'paper',
      judgeWay: null,
      question: null,
      phaseCount: 1,
      schemeRemaining: 1200,
      paper: {
        questions: [
          stem('q1'),
          stem('q2', { type: 'fillBlank', question: '<p>I <span class="blank"></span> home.</p>', options: [] }),
        ],
        answers: { q1: ['A'] },
      },
    });

  it('resumes the saved answers, saves each change with its own clientAnswerId, and 交卷 after confirmation', async () => {
    useFakeClock();
    const { calls } = await open({
      [GET]: paper(),
      [ANSWER]: { recordId: 'r', repeated: false, result: null, training: { ...paper(), answered: 2, serverTime: 1 } },
      'POST /v1/train/t1/finish': training({
        type: 'paper',
        status: 'finished',
        question: null,
        endTime: 1_700_000_600_000,
      }),
    });
    expect(await screen.findByText('题干 q1')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /run/ }).checked).toBe(true);
    expect(screen.getByText('已作答 1 / 2')).toBeTruthy();
    // A paper is judged when handed in: no right answers or score while it runs.
    expect(screen.queryByText(/答对/)).toBeNull();
    expect(screen.queryByText('得分')).toBeNull();
    choose(/apple/);
    await waitFor(() => expect(sentAnswers(calls)).toHaveLength(1));
    expect(sentAnswers(calls)[0]).toMatchObject({ questionId: 'q1', answer: ['B'] });
    expect(await screen.findByText('已保存')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('在此作答 第 1 空'), { target: { value: 'go' } });
    // Typing is saved after a pause.
    await elapse(TYPING_PAUSE_MS - 100);
    expect(sentAnswers(calls)).toHaveLength(1);
    await elapse(100);
    await waitFor(() => expect(sentAnswers(calls)).toHaveLength(2));
    const [a, b] = sentAnswers(calls);
    expect(b).toMatchObject({ questionId: 'q2', answer: ['go'] });
    expect(b.clientAnswerId).not.toBe(a.clientAnswerId);
    fireEvent.click(screen.getAllByText('交卷')[0].closest('button')!);
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('交卷后不能再修改答案');
    fireEvent.click(buttonIn(d, '交卷'));
    expect(await screen.findByText('训练已完成')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/train/t1/finish')).toBe(true);
  });

  it('keeps saving through a dropped connection: warns, retries the same clientAnswerId, then shows 已保存', async () => {
    useFakeClock();
    let n = 0;
    const { calls } = await open({
      [GET]: paper(),
      [ANSWER]: () => {
        n++;
        if (n === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return {
          json: { errno: 0, errmsg: '', response: { recordId: 'r', repeated: false, result: null, training: paper() } },
        };
      },
    });
    await screen.findByText('题干 q1');
    choose(/apple/);
    expect(await screen.findByText('网络异常，答案尚未保存，正在重试…')).toBeTruthy();
    expect(screen.getByText('重试中…')).toBeTruthy();
    await elapse(FIRST_RETRY_MS);
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(screen.queryByText('网络异常，答案尚未保存，正在重试…')).toBeNull();
    const ids = sentAnswers(calls).map((r) => r.clientAnswerId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /apple/ }).checked).toBe(true);
  });

  it('a save refused because the time is up shows why and the page reloads the ended paper', async () => {
    let gets = 0;
    const { calls } = await open({
      [GET]: () => {
        gets++;
        const t =
          gets === 1
            ? paper()
            : training({ type: 'paper', status: 'expired', question: null, paper: null, endTime: 1_700_000_060_000 });
        return { json: { errno: 0, errmsg: '', response: t } };
      },
      [ANSWER]: () => ({ status: 409, json: { errno: 409, errmsg: '训练时间已到' } }),
    });
    await screen.findByText('题干 q1');
    choose(/apple/);
    expect(await screen.findByText('训练时间已到')).toBeTruthy();
    expect(screen.getByText('时间到时已作答的题目都已保存。')).toBeTruthy();
    expect(sentAnswers(calls)).toHaveLength(1);
    expect(gets).toBeGreaterThanOrEqual(2);
  });
});
