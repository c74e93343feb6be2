import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo, question } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT } from '../../../test/trainings';
import { point } from '../wrong/test-kit';
import { levelCounts } from '../../../components/mastery/levels';
import { inTreeOrder } from '../../../components/mastery/MasteryParts';

const POINTS = [
  point({ code: 'en', level: 'familiar', windowAnswers: 10, windowCorrect: 7, totalAnswers: 12 }),
  point({ code: 'en.g7', parentCode: 'en', name: '七年级', lv: 'grade', level: 'familiar', totalAnswers: 12 }),
  point({
    code: 'en.g7.c1',
    parentCode: 'en.g7',
    name: '第一章 词汇',
    lv: 'chapter',
    level: 'mastered',
    masteredBy: 'days',
    windowAnswers: 6,
    windowCorrect: 6,
    totalAnswers: 6,
    lastAnswerTime: 1_700_000_000_000,
  }),
  point({ code: 'en.g7.c2', parentCode: 'en.g7', name: '第二章 语法', lv: 'chapter', level: 'attempted', sort: 1 }),
  point({ code: 'en.g8', parentCode: 'en', name: '八年级', lv: 'grade', sort: 2 }),
];
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('mastery helpers', () => {
  it('counts levels and orders points as a tree', () => {
    expect(levelCounts(POINTS)).toEqual({ none: 1, attempted: 1, familiar: 2, proficient: 0, mastered: 1 });
    const shuffled = [POINTS[3], POINTS[4], POINTS[0], POINTS[2], POINTS[1]];
    expect(inTreeOrder(shuffled).map((p) => p.code)).toEqual(['en', 'en.g7', 'en.g7.c1', 'en.g7.c2', 'en.g8']);
  });
});

describe('student/point pages', () => {
  it('point/allpoint lists every point with its coloured level and the legend', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/mastery/points': POINTS });
    renderApp(s.session, ['/student/point/allpoint']);
    await screen.findByText('第一章 词汇');
    expect(within(row('第一章 词汇')).getByText('掌握')).toBeTruthy();
    expect(within(row('第一章 词汇')).getByText('两天达到熟练')).toBeTruthy();
    expect(within(row('第一章 词汇')).getByText('6 / 6')).toBeTruthy();
    expect(within(row('八年级')).getByText('未开始')).toBeTruthy();
    expect(screen.getByText('最近作答至少 5 题且正确率 ≥ 85%')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/mastery/points')?.url).toMatch(/scope=all/);
  });

  it('point/userpoint asks for the practised points only', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/mastery/points': [] });
    renderApp(s.session, ['/student/point/userpoint']);
    expect(await screen.findByText('还没有作答记录，去做一次训练吧。')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/mastery/points')?.url).toMatch(/scope=mine/);
  });

  it('point shows how many points hold each level', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/mastery/points': POINTS });
    renderApp(s.session, ['/student/point']);
    expect(await screen.findByRole('img', { name: '各等级知识点数' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '我练过的知识点' }).getAttribute('href')).toBe('/student/point/userpoint');
  });

  it('knowledgegraph/mine without a curated graph shows the tree coloured by level, with details on selection', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/mastery/points': POINTS,
      'GET /v1/student/knowledgegraph': { graphs: [] },
    });
    const { container } = renderApp(s.session, ['/student/knowledgegraph/mine']);
    await screen.findByText('第一章 词汇');
    expect(container.querySelector('.kp-node.kp-mastered')).toBeTruthy();
    fireEvent.click(screen.getByText('第一章 词汇'));
    await waitFor(() => expect(screen.getAllByText('6 / 6').length).toBeGreaterThan(0));
  });
});

describe('student/question/answer/record/:recordId', () => {
  it("shows the record: source, the student's answer, the judged result with the standard answer", async () => {
    const q = question({ id: 'q1', question: '<p>记录题干</p>', answer: ['A'], explanation: '<p>因为 A</p>' });
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/answer/record/r9': {
        recordId: 'r9',
        questionId: 'q1',
        version: 1,
        trainId: 't1',
        trainTitle: '名词专项',
        submission: { answer: ['B'] },
        result: {
          isCorrect: false,
          score: 0,
          pending: false,
          submitAnswer: ['B'],
          standardAnswer: ['A'],
          explanation: '<p>因为 A</p>',
          feedback: '回答错误',
        },
        isCorrect: false,
        score: 0,
        createTime: 1_700_000_000_000,
        question: q,
        inWrongBook: true,
      },
    });
    renderApp(s.session, ['/student/question/answer/record/r9']);
    await screen.findByText('记录题干');
    expect(screen.getByText('训练：名词专项').getAttribute('href')).toBe('/student/train/report/t1');
    expect(screen.getByText('已在错题本中')).toBeTruthy();
    expect(screen.getByText('因为 A')).toBeTruthy();
  });

  it('says when the record does not exist', async () => {
    const s = await makeSession(loginInfo(STUDENT));
    renderApp(s.session, ['/student/question/answer/record/404']);
    expect(await screen.findByText('答题记录不存在')).toBeTruthy();
  });
});
