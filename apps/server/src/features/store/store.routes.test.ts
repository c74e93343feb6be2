// API tests of the store (docs/store.md): listing with its filters and paging, previews (answers only for a
// subscriber, nothing of a private repository), subscribing through the repositories' calls, isolation.
import type { StoreQuestionItem, StoreRepo, StoreSchemeItem } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { OTHER_SHARED_QUESTIONS } from '../../seed/seed-questions.js';

let t: TestApp;
let agency: string;
let teacher: string;
let other: string;
let admin: string;
let student: string;

type Page<T> = { total: number; list: T[] };
const get = <T>(url: string, token: string, agencyId?: string) =>
  t.call<Page<T>>('GET', url, { token, agency: agencyId });
const store = async (query: string, token = agency, agencyId = 'demo') =>
  expectOk(await get<StoreRepo>(`/v1/store/repositories?${query}`, token, agencyId));
const sharedQuestionRepo = async () => (await store('kind=question')).list[0];
const sharedTrainRepo = async () => (await store('kind=train')).list[0];
const act = (url: string, token: string, agencyId: string, request?: unknown) =>
  t.call('POST', url, { token, agency: agencyId, ...(request === undefined ? {} : { body: { request } }) });

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, other, admin, student] = await Promise.all(
    ['agency', 'teacher', 'other', 'admin', 'student'].map((u) => t.login(u)),
  );
});
afterAll(() => t.close());

describe('store listing', () => {
  it("lists other agencies' shared repositories with owner, subject, grade, count and 已引用", async () => {
    const page = await store('kind=question');
    expect(page.total).toBe(1);
    expect(OTHER_SHARED_QUESTIONS.length).toBeGreaterThanOrEqual(15);
    expect(page.list[0]).toMatchObject({
      kind: 'question',
      name: '其他机构共享题库',
      agencyId: 'other',
      agencyName: '其他机构',
      subjectId: 'en',
      subjectName: '英语',
      gradeId: 'g8',
      gradeName: '初二',
      itemCount: OTHER_SHARED_QUESTIONS.length,
      subscribed: false,
      withdrawal: null,
    });
    const trains = await store('kind=train');
    expect(trains.list.map((r) => [r.name, r.itemCount])).toEqual([['其他机构共享方案库', 0]]);
    // Teachers browse too; the owner never sees its own repositories in the store.
    expect((await store('kind=question', teacher)).total).toBe(1);
    expect((await store('kind=question', other, 'other')).list).toEqual([]);
  });

  it('filters by keyword (name, description, owner), subject and grade', async () => {
    for (const q of ['keyword=共享题库', 'keyword=其他机构', 'keyword=引用', 'subjectId=en', 'gradeId=g8'])
      expect((await store(`kind=question&${q}`)).total, q).toBe(1);
    for (const q of ['keyword=没有这个', 'keyword=%25', 'keyword=_', 'subjectId=math', 'gradeId=g7'])
      expect((await store(`kind=question&${q}`)).total, q).toBe(0);
  });

  it('pages with a stable order and bounds every input', async () => {
    // More shared repositories of other, so there is more than one page.
    for (const name of ['分页一', '分页二', '分页三'])
      expectOk(
        await t.call('PUT', '/v1/exam/repository', {
          token: other,
          agency: 'other',
          body: { request: { name, shared: true } },
        }),
      );
    const all = await store('kind=question&size=200');
    expect(all.total).toBe(4);
    const first = await store('kind=question&size=2');
    const second = await store('kind=question&size=2&start=2');
    expect([...first.list, ...second.list].map((r) => r.id)).toEqual(all.list.map((r) => r.id));
    expect(first.total).toBe(4);
    for (const q of ['size=201', 'size=0', 'start=-1', 'kind=paper', `keyword=${'x'.repeat(65)}`]) {
      const res = await get(`/v1/store/repositories?${q}`, agency, 'demo');
      expectError(res, 400);
    }
  });

  it("takes a repository's subject and grade from its owner, refusing ids not in the dictionaries", async () => {
    const create = (request: object) =>
      t.call<StoreRepo>('PUT', '/v1/train/repository', { token: other, agency: 'other', body: { request } });
    for (const [field, request] of [
      ['request.subjectId', { name: '坏学科', shared: true, subjectId: 'nope' }],
      ['request.gradeId', { name: '坏年级', shared: true, gradeId: 'nope' }],
    ] as const) {
      const res = await create(request);
      expectError(res, 400);
      expect(JSON.stringify(res.body.response)).toContain(field);
    }
    expect((await store('kind=train&keyword=坏')).total).toBe(0);
    expectOk(await create({ name: '数学方案', shared: true, subjectId: 'math', gradeId: 'g7' }));
    expect(
      (await store('kind=train&subjectId=math&gradeId=g7')).list.map((r) => [r.name, r.subjectName, r.gradeName]),
    ).toEqual([['数学方案', '数学', '初一']]);
  });

  it('is for agency staff only', async () => {
    expectError(await get('/v1/store/repositories', student, 'demo'), 403);
    expectError(await get('/v1/store/repositories', admin, 'demo'), 403);
    expectError(await get('/v1/store/admin/repositories', agency, 'demo'), 403);
  });
});

describe('store preview', () => {
  it('shows the questions without answers before subscribing, with them after', async () => {
    const repo = await sharedQuestionRepo();
    const url = `/v1/store/question-repository/${repo.id}/questions`;
    const before = expectOk(await get<StoreQuestionItem>(url, agency, 'demo'));
    expect(before.total).toBe(OTHER_SHARED_QUESTIONS.length);
    expect(before.list[0]).toMatchObject({ type: 'singleChoice', answer: null, explanation: null });
    expect(before.list[0].question).toContain('the sun or the moon');
    expect(before.list[0].options).toHaveLength(4);

    expectOk(await act(`/v1/exam/repository/${repo.id}/subscribe`, agency, 'demo'));
    expect((await sharedQuestionRepo()).subscribed).toBe(true);
    const after = expectOk(await get<StoreQuestionItem>(url, agency, 'demo'));
    expect(after.list[0].answer).toEqual(['B']);
    expect(after.list[0].explanation).toContain('比较级');
    // The subscribed questions are the agency's to read now, in place (not copied).
    const own = expectOk(
      await t.call<Page<unknown>>('POST', `/v1/exam/question/list?agencyId=demo&repoId=${repo.id}`, {
        token: agency,
        agency: 'demo',
        body: { request: {} },
      }),
    );
    expect(own.total).toBe(OTHER_SHARED_QUESTIONS.length);

    expectOk(await act(`/v1/exam/repository/${repo.id}/unsubscribe`, agency, 'demo'));
    expect((await sharedQuestionRepo()).subscribed).toBe(false);
    expect(expectOk(await get<StoreQuestionItem>(url, agency, 'demo')).list[0].answer).toBeNull();
  });

  it("answers 404 for another agency's private repository and for unknown ids, never the content", async () => {
    const own = expectOk(await get<{ id: string; shared: boolean }>('/v1/exam/repositories', other, 'other')).list;
    const privateRepo = own.find((r) => !r.shared)!;
    for (const id of [privateRepo.id, '999999', 'x']) {
      const res = await get(`/v1/store/question-repository/${id}/questions`, agency, 'demo');
      expectError(res, 404);
      expect(res.body.response).toBeNull();
    }
    // The owner previews its own in full.
    const mine = expectOk(
      await get<StoreQuestionItem>(`/v1/store/question-repository/${privateRepo.id}/questions`, other, 'other'),
    );
    expect(mine.list[0].answer).not.toBeNull();
  });

  it('shows the schemes of a shared train repository, titles only', async () => {
    const repo = await sharedTrainRepo();
    const scheme = {
      trainRepoId: repo.id,
      title: '共享方案',
      type: 'general',
      initPhase: 'p',
      initPoint: 'a',
      phases: [
        {
          phase: 'p',
          points: [
            { name: 'a', onOK: '@end', onError: '@end', selectors: {}, repeat: 1, judgeWay: 'once', requireCorrect: 0 },
          ],
        },
      ],
    };
    expectOk(await t.call('PUT', '/v1/train/scheme', { token: other, agency: 'other', body: { request: scheme } }));
    const page = expectOk(await get<StoreSchemeItem>(`/v1/store/train-repository/${repo.id}/schemes`, teacher, 'demo'));
    expect(page.list.map((s) => [s.title, s.type, s.phaseCount])).toEqual([['共享方案', 'general', 1]]);
    expect(Object.keys(page.list[0]).sort()).toEqual(['id', 'lastUpdate', 'phaseCount', 'title', 'type']);
    expect((await sharedTrainRepo()).itemCount).toBe(1);
    expectError(await get('/v1/store/train-repository/999999/schemes', agency, 'demo'), 404);
    const res = await get('/v1/store/train-repository/1/schemes', other, 'other');
    expectError(res, 404);
    expectError(await get(`/v1/store/train-repository/${repo.id}/schemes?size=51`, agency, 'demo'), 400);
  });
});
