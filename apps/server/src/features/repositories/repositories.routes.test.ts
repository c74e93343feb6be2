// API tests of question repositories: own and subscribed lists, the store, sharing by reference
// (read-only, never a copy), unsharing, deleting only empty repositories, foreign ids.
import { QuestionRepo, type Question, type QuestionRepo as Repo } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { OTHER_SHARED_QUESTIONS } from '../../seed/seed-questions.js';

let t: TestApp;
let agency: string;
let teacher: string;
let other: string;
let admin: string;

type Page<T> = { total: number; list: T[] };
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, ag: string, body?: unknown) =>
  t.call<T>(method, url, { token, agency: ag, ...(body === undefined ? {} : { body: { request: body } }) });
const repos = async (token: string, ag: string) =>
  expectOk(await call<Page<Repo>>('GET', '/v1/exam/repositories', token, ag)).list.map((r) => QuestionRepo.parse(r));
const store = async (token: string, ag: string) =>
  expectOk(await call<Page<Repo>>('GET', '/v1/exam/repositories/store', token, ag)).list;
const single = (repoId: string, agencyId: string) => ({
  agencyId,
  repoId,
  type: 'trueFalse',
  judgeType: 'auto',
  question: '<p>地球是圆的。</p>',
  knowledgeId: 'math.g7.c1.k1',
  answer: ['T'],
});

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, other, admin] = await Promise.all(['agency', 'teacher', 'other', 'admin'].map((u) => t.login(u)));
});
afterAll(() => t.close());

describe('repository lists', () => {
  it('lists the demo repositories with counts and the owned flag', async () => {
    const demo = await repos(agency, 'demo');
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({
      name: '演示题库',
      agencyId: 'demo',
      agencyName: '演示机构',
      owned: true,
      shared: false,
    });
    expect(demo[0].questionCount).toBeGreaterThanOrEqual(60);
    expect((await repos(teacher, 'demo')).map((r) => r.id)).toEqual(demo.map((r) => r.id));
    const otherRepos = await repos(other, 'other');
    expect(otherRepos.map((r) => [r.name, r.shared])).toEqual([
      ['其他机构题库', false],
      ['其他机构共享题库', true],
    ]);
  });

  it('the store lists shared repositories of other agencies only', async () => {
    const s = await store(agency, 'demo');
    expect(s.map((r) => [r.name, r.owned, r.subscribed])).toEqual([['其他机构共享题库', false, false]]);
    expect(await store(other, 'other')).toEqual([]);
    expectError(await call('GET', '/v1/exam/repositories/store', teacher, 'demo'), 403);
  });

  it('a new agency gets a default repository and the system tags', async () => {
    expectOk(await t.call('PUT', '/v1/agency', { token: admin, body: { request: { id: 'fresh', name: '新机构' } } }));
    // The platform admin reads nothing of the bank (not a question reader), so look through the service.
    const list = await t.app.services.repositories.list('fresh', { start: 0, size: 20 });
    expect(list.list.map((r) => [r.name, r.owned, r.questionCount])).toEqual([['默认题库', true, 0]]);
    expect((await t.app.services.tags.list('fresh')).map((x) => x.key)).toEqual(['example', 'mock', 'variant']);
  });
});

describe('own repositories: create, update, delete', () => {
  it('creates, renames and deletes an empty repository; refuses to delete one with questions (409)', async () => {
    const r = expectOk(
      await call<Repo>('PUT', '/v1/exam/repository', agency, 'demo', { name: '  期中复习  ', description: '说明' }),
    );
    expect(r).toMatchObject({ name: '期中复习', description: '说明', shared: false, owned: true, questionCount: 0 });
    const u = expectOk(
      await call<Repo>('POST', `/v1/exam/repository/${r.id}`, agency, 'demo', { name: '期中复习（改）' }),
    );
    expect(u).toMatchObject({ id: r.id, name: '期中复习（改）' });
    expect(expectOk(await call<Repo>('GET', `/v1/exam/repository/${r.id}`, teacher, 'demo')).name).toBe(
      '期中复习（改）',
    );
    expectOk(await call<Question>('PUT', '/v1/exam/question', agency, 'demo', single(r.id, 'demo')));
    const busy = await call('DELETE', `/v1/exam/repository/${r.id}`, agency, 'demo');
    expectError(busy, 409);
    expect(busy.body.errmsg).toContain('还有题目');
    const empty = expectOk(await call<Repo>('PUT', '/v1/exam/repository', agency, 'demo', { name: '空题库' }));
    expectOk(await call('DELETE', `/v1/exam/repository/${empty.id}`, agency, 'demo'));
    expectError(await call('GET', `/v1/exam/repository/${empty.id}`, agency, 'demo'), 404);
  });

  it('validates fields (400) and needs the author role (403)', async () => {
    const r = await call('PUT', '/v1/exam/repository', agency, 'demo', { name: ' ' });
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'request.name', message: '请输入题库名称' }] });
    expectError(await call('PUT', '/v1/exam/repository', agency, 'demo', { name: 'x'.repeat(65) }), 400);
    expectError(await call('PUT', '/v1/exam/repository', agency, 'demo', { name: 'x', shared: 'yes' }), 400);
    expectError(await call('PUT', '/v1/exam/repository', teacher, 'demo', { name: 'x' }), 403);
  });

  it("answers 404 for another agency's private repository, for every call", async () => {
    const priv = (await repos(other, 'other')).find((r) => !r.shared)!;
    expectError(await call('GET', `/v1/exam/repository/${priv.id}`, agency, 'demo'), 404);
    expectError(await call('POST', `/v1/exam/repository/${priv.id}`, agency, 'demo', { name: 'x' }), 404);
    expectError(await call('DELETE', `/v1/exam/repository/${priv.id}`, agency, 'demo'), 404);
    expectError(await call('POST', `/v1/exam/repository/${priv.id}/subscribe`, agency, 'demo'), 404);
    expectError(await call('GET', '/v1/exam/repository/nope', agency, 'demo'), 404);
  });
});

describe('sharing by reference', () => {
  it('subscribes to a shared repository: its questions are read in place, read-only', async () => {
    const shared = (await store(agency, 'demo'))[0];
    const before = expectOk(
      await call<Page<Question>>('POST', '/v1/exam/question/list?size=200', agency, 'demo', {}),
    ).total;
    const sub = expectOk(await call<Repo>('POST', `/v1/exam/repository/${shared.id}/subscribe`, agency, 'demo'));
    expect(sub).toMatchObject({ id: shared.id, owned: false, shared: true, agencyId: 'other' });
    // Subscribing twice is harmless.
    expectOk(await call('POST', `/v1/exam/repository/${shared.id}/subscribe`, agency, 'demo'));
    const visible = await repos(agency, 'demo');
    expect(visible[0]).toMatchObject({ name: '演示题库', owned: true });
    expect(visible.filter((r) => !r.owned).map((r) => r.name)).toEqual(['其他机构共享题库']);
    expect((await store(agency, 'demo'))[0].subscribed).toBe(true);
    const list = expectOk(await call<Page<Question>>('POST', '/v1/exam/question/list?size=200', agency, 'demo', {}));
    expect(list.total).toBe(before + OTHER_SHARED_QUESTIONS.length);
    const borrowed = list.list.find((q) => q.repoId === shared.id)!;
    expect(borrowed.agencyId).toBe('other');
    // Reads and tests work; writes answer 403 (visible, read-only).
    expectOk(await call('GET', `/v1/exam/question/${borrowed.id}`, teacher, 'demo'));
    expectOk(await call('POST', `/v1/exam/question/${borrowed.id}/test`, teacher, 'demo', { answer: ['B'] }));
    expect(expectOk(await call('GET', `/v1/exam/question/${borrowed.id}/editable`, agency, 'demo'))).toMatchObject({
      editable: false,
      reason: expect.any(String) as string,
    });
    expectError(
      await call('POST', `/v1/exam/question/${borrowed.id}`, agency, 'demo', { ...single('1', 'demo') }),
      403,
    );
    expectError(await call('DELETE', `/v1/exam/question/${borrowed.id}`, agency, 'demo'), 403);
    expectError(await call('POST', `/v1/exam/repository/${shared.id}`, agency, 'demo', { name: 'x' }), 403);
    expectError(await call('DELETE', `/v1/exam/repository/${shared.id}`, agency, 'demo'), 403);
    expectError(await call('PUT', '/v1/exam/question', agency, 'demo', single(shared.id, 'demo')), 403);
    expectError(
      await call('POST', '/v1/exam/questions/move', agency, 'demo', { ids: [borrowed.id], knowledgeId: 'math' }),
      404,
    );
    // Knowledge counts of demo now include the subscribed questions.
    const kps = expectOk(
      await call<{ code: string; refCount: number }[]>('GET', '/v1/exam/question/knowledgepoints', teacher, 'demo'),
    );
    const subscribedCount = list.list.filter((q) => q.knowledgeId.startsWith('en.g8.')).length;
    expect(kps.find((p) => p.code === 'en.g8')!.refCount).toBe(subscribedCount);
    // Unsubscribing removes them again.
    expectOk(await call('POST', `/v1/exam/repository/${shared.id}/unsubscribe`, agency, 'demo'));
    expectError(await call('POST', `/v1/exam/repository/${shared.id}/unsubscribe`, agency, 'demo'), 404);
    expectError(await call('GET', `/v1/exam/question/${borrowed.id}`, teacher, 'demo'), 404);
  });

  it('refuses to subscribe to an own repository (409); unsharing ends the others’ subscriptions', async () => {
    const own = (await repos(agency, 'demo'))[0];
    expectError(await call('POST', `/v1/exam/repository/${own.id}/subscribe`, agency, 'demo'), 409);
    const shared = (await store(agency, 'demo'))[0];
    expectOk(await call('POST', `/v1/exam/repository/${shared.id}/subscribe`, agency, 'demo'));
    expectOk(
      await call('POST', `/v1/exam/repository/${shared.id}`, other, 'other', { name: shared.name, shared: false }),
    );
    expect((await repos(agency, 'demo')).filter((r) => !r.owned)).toEqual([]);
    expect(await store(agency, 'demo')).toEqual([]);
    expectError(await call('GET', `/v1/exam/repository/${shared.id}`, agency, 'demo'), 404);
    // Sharing again does not bring the old subscription back.
    expectOk(
      await call('POST', `/v1/exam/repository/${shared.id}`, other, 'other', { name: shared.name, shared: true }),
    );
    expect((await repos(agency, 'demo')).filter((r) => !r.owned)).toEqual([]);
  });
});
