// API tests of withdrawing from the store (docs/store.md "Withdrawal"): only the platform admin, a reason
// required, the owner sees it and cannot share again, the store drops it and refuses new subscribers, and an
// agency that subscribed keeps reading it; restoring puts it back.
import type { QuestionRepo, StoreQuestionItem, StoreRepo, TrainRepo } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let agency: string;
let other: string;
let admin: string;

type Page<T> = { total: number; list: T[] };
const get = <T>(url: string, token: string, agencyId?: string) =>
  t.call<Page<T>>('GET', url, { token, agency: agencyId });
const post = <T>(url: string, token: string, agencyId?: string, request?: unknown) =>
  t.call<T>('POST', url, { token, agency: agencyId, ...(request === undefined ? {} : { body: { request } }) });
const storeNames = async (kind: 'question' | 'train') =>
  expectOk(await get<StoreRepo>(`/v1/store/repositories?kind=${kind}`, agency, 'demo')).list.map((r) => r.name);
const ownRepos = async <R>(path: string) => expectOk(await get<R>(path, other, 'other')).list;

beforeAll(async () => {
  t = await createTestApp();
  [agency, other, admin] = await Promise.all(['agency', 'other', 'admin'].map((u) => t.login(u)));
});
afterAll(() => t.close());

describe('withdrawing a question repository', () => {
  let id: string;
  beforeAll(async () => {
    id = expectOk(await get<StoreRepo>('/v1/store/admin/repositories?kind=question', admin)).list[0].id;
  });
  const withdraw = (token: string, reason: unknown, agencyId?: string) =>
    post<StoreRepo>(`/v1/store/admin/question/${id}/withdraw`, token, agencyId, { reason });

  it('is for the platform admin only, with a reason of 1 to 200 characters', async () => {
    expectError(await withdraw(agency, '原因', 'demo'), 403);
    expectError(await withdraw(other, '原因', 'other'), 403);
    for (const reason of ['', '   ', 'x'.repeat(201), undefined]) {
      const res = await withdraw(admin, reason);
      expectError(res, 400);
    }
    expect((await storeNames('question')).length).toBe(1);
    expectError(await post(`/v1/store/admin/question/999999/withdraw`, admin, undefined, { reason: 'x' }), 404);
    expectError(await post(`/v1/store/admin/paper/${id}/withdraw`, admin, undefined, { reason: 'x' }), 400);
  });

  it('keeps a subscriber reading, drops it from the store, refuses new subscribers', async () => {
    // demo subscribes before the withdrawal.
    expectOk(await post(`/v1/exam/repository/${id}/subscribe`, agency, 'demo'));
    const w = expectOk(await withdraw(admin, '  含有错误答案  '));
    expect(w.withdrawal).toEqual({ reason: '含有错误答案', time: expect.any(Number) as number });
    expectError(await withdraw(admin, '再次'), 409);

    expect(await storeNames('question')).toEqual([]);
    expect(expectOk(await get<QuestionRepo>('/v1/exam/repositories/store', agency, 'demo')).list).toEqual([]);
    // demo still reads it in full: its schemes keep drawing from it.
    const visible = expectOk(await get<QuestionRepo>('/v1/exam/repositories', agency, 'demo')).list;
    const used = visible.find((r) => r.id === id)!;
    expect(used.withdrawal).toBeUndefined();
    const preview = expectOk(
      await get<StoreQuestionItem>(`/v1/store/question-repository/${id}/questions`, agency, 'demo'),
    );
    expect(preview.list[0].answer).not.toBeNull();
    expectOk(await post(`/v1/exam/repository/${id}/subscribe`, agency, 'demo'));

    // Once demo unsubscribes, it cannot subscribe again, nor preview it.
    expectOk(await post(`/v1/exam/repository/${id}/unsubscribe`, agency, 'demo'));
    const again = await post(`/v1/exam/repository/${id}/subscribe`, agency, 'demo');
    expectError(again, 409);
    expect(again.body.errmsg).toBe('该题库已被平台下架，不能引用');
    expectError(await get(`/v1/store/question-repository/${id}/questions`, agency, 'demo'), 404);
    // The platform admin still previews it, without answers.
    const admins = expectOk(await get<StoreQuestionItem>(`/v1/store/admin/question-repository/${id}/questions`, admin));
    expect(admins.list[0].answer).toBeNull();
  });

  it('shows the owner the reason, and the owner cannot share it again until restored', async () => {
    const mine = (await ownRepos<QuestionRepo>('/v1/exam/repositories')).find((r) => r.id === id)!;
    expect(mine.withdrawal?.reason).toBe('含有错误答案');
    const update = (shared: boolean) => post(`/v1/exam/repository/${id}`, other, 'other', { name: mine.name, shared });
    // Renaming while shared is fine; unsharing too; sharing again is refused.
    expectOk(await update(true));
    expectOk(await update(false));
    const refused = await update(true);
    expectError(refused, 409);
    expect(refused.body.errmsg).toBe('该题库已被平台下架，平台管理员恢复上架后才能再次共享');
    // The admin still lists it (to restore it), as withdrawn.
    const withdrawn = expectOk(await get<StoreRepo>('/v1/store/admin/repositories?kind=question&withdrawn=yes', admin));
    expect(withdrawn.list.map((r) => r.id)).toEqual([id]);
    expect(expectOk(await get<StoreRepo>('/v1/store/admin/repositories?kind=question&withdrawn=no', admin)).total).toBe(
      0,
    );

    const restored = expectOk(await post<StoreRepo>(`/v1/store/admin/question/${id}/restore`, admin));
    expect(restored.withdrawal).toBeNull();
    expectError(await post(`/v1/store/admin/question/${id}/restore`, admin), 409);
    expectOk(await update(true));
    expect(await storeNames('question')).toEqual([mine.name]);
    expect((await ownRepos<QuestionRepo>('/v1/exam/repositories')).find((r) => r.id === id)!.withdrawal).toBeNull();
    expectOk(await post(`/v1/exam/repository/${id}/subscribe`, agency, 'demo'));
  });

  it('refuses to withdraw a repository that is not shared', async () => {
    const own = (await ownRepos<QuestionRepo>('/v1/exam/repositories')).find((r) => !r.shared)!;
    expectError(await post(`/v1/store/admin/question/${own.id}/withdraw`, admin, undefined, { reason: 'x' }), 409);
  });
});

describe('withdrawing a train repository', () => {
  it('works the same way, with its own words', async () => {
    const repo = expectOk(await get<StoreRepo>('/v1/store/admin/repositories?kind=train', admin)).list[0];
    expectOk(await post(`/v1/store/admin/train/${repo.id}/withdraw`, admin, undefined, { reason: '方案不完整' }));
    expect(await storeNames('train')).toEqual([]);
    const refused = await post(`/v1/train/repository/${repo.id}/subscribe`, agency, 'demo');
    expectError(refused, 409);
    expect(refused.body.errmsg).toBe('该方案库已被平台下架，不能引用');
    const mine = (await ownRepos<TrainRepo>('/v1/train/repositories')).find((r) => r.id === repo.id)!;
    expect(mine.withdrawal?.reason).toBe('方案不完整');
    expectOk(await post(`/v1/store/admin/train/${repo.id}/restore`, admin));
    expect(await storeNames('train')).toEqual([repo.name]);
  });
});
