// API tests of POST /v1/train/scheme/ordered/submit (docs/product.md §7): a paper is created as a scheme of one phase and
// one point whose selectors fix the questions in order; with schemeId the same paper is replaced.
import { Scheme, type Scheme as S } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import {
  createTestBank,
  fieldsOf,
  generalScheme,
  schemeCalls,
  type Page,
  type TestBank,
} from './scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let student: string;
let other: string;
let bank: TestBank;

const URL = '/v1/train/scheme/ordered/submit';
const call = schemeCalls(() => t);
const paper = (over: Record<string, unknown> = {}) => ({
  title: '期中模拟卷',
  kpRange: ['en.g7'],
  timeLimit: 2400,
  questionIds: [bank.trueFalse, bank.manual, bank.single],
  trainRepoId: bank.trainRepoId,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, teacher, student, other, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

describe('POST /v1/train/scheme/ordered/submit', () => {
  it('creates a paper: one phase, one point fixing the questions in order (manual ones allowed), judged once', async () => {
    const s = Scheme.parse(expectOk(await call<S>('POST', URL, teacher, paper())));
    expect(s).toMatchObject({
      title: '期中模拟卷',
      type: 'paper',
      creator: '张老师',
      status: 'off',
      timeLimit: 2400,
      kpRange: ['en.g7'],
      trainRepoId: bank.trainRepoId,
      initPhase: s.phases[0].phase,
      initPoint: s.phases[0].points[0].name,
    });
    expect(s.phases).toEqual([
      {
        phase: '试卷',
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: '作答',
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds: [bank.trueFalse, bank.manual, bank.single] },
            repeat: 3,
            judgeWay: 'once',
            requireCorrect: 0,
          },
        ],
      },
    ]);
    expect(expectOk(await call<S>('GET', `/v1/train/scheme/${s.schemeId}`, agency))).toEqual(s);
  });

  it('with schemeId replaces that paper (same id, new questions and settings, lastUpdate moves)', async () => {
    const s = expectOk(await call<S>('POST', URL, agency, paper()));
    t.clock.advance(5000);
    const repo = expectOk(await call<{ id: string }>('PUT', '/v1/train/repository', agency, { name: '试卷库' }));
    const u = expectOk(
      await call<S>(
        'POST',
        URL,
        teacher,
        paper({
          schemeId: s.schemeId,
          title: '改卷',
          timeLimit: 0,
          kpRange: [],
          questionIds: [bank.single],
          trainRepoId: repo.id,
        }),
      ),
    );
    expect(u).toMatchObject({
      schemeId: s.schemeId,
      title: '改卷',
      timeLimit: 0,
      kpRange: [],
      trainRepoId: repo.id,
      creator: '演示机构管理员',
      createTime: s.createTime,
      lastUpdate: s.lastUpdate + 5000,
    });
    expect(u.phases[0].points[0]).toMatchObject({ selectors: { questionIds: [bank.single] }, repeat: 1 });
    const list = expectOk(await call<Page<S>>('GET', '/v1/train/control/schemes?type=paper', agency));
    expect(list.list.filter((x) => x.schemeId === s.schemeId)).toHaveLength(1);
  });

  it('refuses bad submissions with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ questionIds: [] }, [{ path: 'request.questionIds', message: '请至少选择一道题' }]],
      [{ title: '' }, [{ path: 'request.title', message: '请输入试卷名称' }]],
      [
        { questionIds: [bank.single, bank.trueFalse, bank.single] },
        [{ path: 'request.questionIds.2', message: '题目重复' }],
      ],
      [
        { questionIds: [bank.single, '999999'] },
        [{ path: 'request.questionIds.1', message: '题目不存在或本机构不可用' }],
      ],
      [{ kpRange: ['en.g7.c99'] }, [{ path: 'request.kpRange.0', message: '知识点不存在' }]],
      [{ timeLimit: -5 }, [{ path: 'request.timeLimit', message: '时间限制不能为负数（0 表示不限时）' }]],
    ];
    for (const [over, fields] of cases) {
      const r = await call('POST', URL, agency, paper(over));
      expectError(r, 400);
      expect(fieldsOf(r), JSON.stringify(over)).toEqual(fields);
    }
    const foreign = expectOk(
      await call<Page<{ id: string }>>('POST', '/v1/exam/question/list?size=1', other, {}, 'other'),
    );
    const r = await call('POST', URL, agency, paper({ questionIds: [foreign.list[0].id] }));
    expect(fieldsOf(r)).toEqual([{ path: 'request.questionIds.0', message: '题目不存在或本机构不可用' }]);
  });

  it('refuses a schemeId naming a general scheme (400), a foreign or unknown one (404)', async () => {
    const general = expectOk(await call<S>('PUT', '/v1/train/scheme', agency, generalScheme(bank)));
    const r = await call('POST', URL, agency, paper({ schemeId: general.schemeId }));
    expectError(r, 400);
    expect(fieldsOf(r)).toEqual([{ path: 'request.schemeId', message: '该方案不是试卷，请在方案编辑中修改' }]);
    const mine = expectOk(await call<S>('POST', URL, agency, paper()));
    const theirs = expectOk(
      await call<Page<{ id: string }>>('GET', '/v1/train/repositories', other, undefined, 'other'),
    );
    expectError(
      await call('POST', URL, other, paper({ schemeId: mine.schemeId, trainRepoId: theirs.list[0].id }), 'other'),
      404,
    );
    expectError(await call('POST', URL, agency, paper({ schemeId: '999999' })), 404);
    expectError(await call('POST', URL, agency, paper({ trainRepoId: theirs.list[0].id })), 404);
  });

  it('is for train staff (403 for a student)', async () => {
    expectError(await call('POST', URL, student, paper()), 403);
  });
});
