// API tests of train (scheme) repositories: own and subscribed lists, the store, sharing by reference
// (read-only, never a copy), unsharing, deleting only empty repositories, foreign ids, roles.
import { TrainRepo, type Scheme, type TrainRepo as Repo } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, generalScheme, schemeCalls, type Page, type TestBank } from './scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let student: string;
let other: string;
let admin: string;
let bank: TestBank;

const call = schemeCalls(() => t);
const repos = async (token: string, ag: string) =>
  expectOk(await call<Page<Repo>>('GET', '/v1/train/repositories', token, undefined, ag)).list.map((r) =>
    TrainRepo.parse(r),
  );
const store = async (token: string, ag: string) =>
  expectOk(await call<Page<Repo>>('GET', '/v1/train/repositories/store', token, undefined, ag)).list;

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, student, other, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

describe('train repository lists', () => {
  it('lists the seeded repositories with counts and the owned flag, for admins and teachers', async () => {
    const demo = await repos(agency, 'demo');
    expect(demo.map((r) => [r.name, r.agencyId, r.agencyName, r.owned, r.shared, r.schemeCount])).toEqual([
      ['演示方案库', 'demo', '演示机构', true, false, 0],
    ]);
    expect(await repos(teacher, 'demo')).toEqual(demo);
    expect((await repos(other, 'other')).map((r) => [r.name, r.shared])).toEqual([
      ['其他机构方案库', false],
      ['其他机构共享方案库', true],
    ]);
  });

  it('the store lists shared repositories of other agencies only', async () => {
    expect((await store(agency, 'demo')).map((r) => [r.name, r.owned, r.subscribed])).toEqual([
      ['其他机构共享方案库', false, false],
    ]);
    expect(await store(other, 'other')).toEqual([]);
  });

  it('pages with start and size', async () => {
    const page = expectOk(
      await call<Page<Repo>>('GET', '/v1/train/repositories?start=1&size=1', other, undefined, 'other'),
    );
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.name)).toEqual(['其他机构共享方案库']);
    expectError(await call('GET', '/v1/train/repositories?size=0', other, undefined, 'other'), 400);
  });

  it('a new agency gets a default train repository', async () => {
    expectOk(await t.call('PUT', '/v1/agency', { token: admin, body: { request: { id: 'fresh', name: '新机构' } } }));
    const list = await t.app.services.trainRepos.list('fresh', { start: 0, size: 20 });
    expect(list.list.map((r) => [r.name, r.owned, r.schemeCount])).toEqual([['默认方案库', true, 0]]);
  });

  it('is for train staff: students and the platform admin alone get 403', async () => {
    expectError(await call('GET', '/v1/train/repositories', student), 403);
    expectError(await call('GET', '/v1/train/repositories', admin), 403);
    expectError(await call('PUT', '/v1/train/repository', student, { name: 'x' }), 403);
  });
});

describe('own train repositories: create, update, delete', () => {
  it('creates, renames and deletes an empty repository; refuses to delete one with schemes (409)', async () => {
    const r = expectOk(
      await call<Repo>('PUT', '/v1/train/repository', teacher, { name: '  期中复习方案  ', description: '说明' }),
    );
    expect(r).toMatchObject({ name: '期中复习方案', description: '说明', shared: false, owned: true, schemeCount: 0 });
    const u = expectOk(await call<Repo>('POST', `/v1/train/repository/${r.id}`, agency, { name: '期中复习（改）' }));
    expect(u).toMatchObject({ id: r.id, name: '期中复习（改）', description: '' });
    expect(expectOk(await call<Repo>('GET', `/v1/train/repository/${r.id}`, teacher)).name).toBe('期中复习（改）');
    expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, generalScheme(bank, { trainRepoId: r.id })));
    expect(expectOk(await call<Repo>('GET', `/v1/train/repository/${r.id}`, teacher)).schemeCount).toBe(1);
    const busy = await call('DELETE', `/v1/train/repository/${r.id}`, agency);
    expectError(busy, 409);
    expect(busy.body.errmsg).toContain('还有训练方案');
    const empty = expectOk(await call<Repo>('PUT', '/v1/train/repository', agency, { name: '空方案库' }));
    expectOk(await call('DELETE', `/v1/train/repository/${empty.id}`, agency));
    expectError(await call('GET', `/v1/train/repository/${empty.id}`, agency), 404);
    expectError(await call('DELETE', `/v1/train/repository/${empty.id}`, agency), 404);
  });

  it('validates fields (400 naming them)', async () => {
    const r = await call('PUT', '/v1/train/repository', agency, { name: ' ' });
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'request.name', message: '请输入方案库名称' }] });
    expectError(await call('PUT', '/v1/train/repository', agency, { name: 'x'.repeat(65) }), 400);
    expectError(await call('PUT', '/v1/train/repository', agency, { name: 'x', shared: 'yes' }), 400);
    expectError(await call('PUT', '/v1/train/repository', agency, { name: 'x', description: 'y'.repeat(2001) }), 400);
  });

  it("answers 404 for another agency's private repository, for every call", async () => {
    const priv = (await repos(other, 'other')).find((r) => !r.shared)!;
    expectError(await call('GET', `/v1/train/repository/${priv.id}`, agency), 404);
    expectError(await call('POST', `/v1/train/repository/${priv.id}`, agency, { name: 'x' }), 404);
    expectError(await call('DELETE', `/v1/train/repository/${priv.id}`, agency), 404);
    expectError(await call('POST', `/v1/train/repository/${priv.id}/subscribe`, agency), 404);
    expectError(await call('POST', `/v1/train/repository/${priv.id}/unsubscribe`, agency), 404);
    expectError(await call('GET', '/v1/train/repository/nope', agency), 404);
    expectError(await call('GET', '/v1/train/repository/999999', agency), 404);
  });
});

describe('sharing by reference', () => {
  it('subscribes to a shared repository: read in place, read-only; unsubscribing hides it again', async () => {
    const shared = (await store(agency, 'demo'))[0];
    const sub = expectOk(await call<Repo>('POST', `/v1/train/repository/${shared.id}/subscribe`, teacher));
    expect(sub).toMatchObject({ id: shared.id, owned: false, shared: true, agencyId: 'other' });
    // Subscribing twice is harmless.
    expectOk(await call('POST', `/v1/train/repository/${shared.id}/subscribe`, agency));
    const visible = await repos(agency, 'demo');
    expect(visible[0]).toMatchObject({ name: '演示方案库', owned: true });
    expect(visible.filter((r) => !r.owned).map((r) => r.name)).toEqual(['其他机构共享方案库']);
    expect((await store(agency, 'demo'))[0].subscribed).toBe(true);
    expectOk(await call('GET', `/v1/train/repository/${shared.id}`, teacher));
    expectError(await call('POST', `/v1/train/repository/${shared.id}`, agency, { name: 'x' }), 403);
    expectError(await call('DELETE', `/v1/train/repository/${shared.id}`, agency), 403);
    expectError(await call('PUT', '/v1/train/scheme', agency, generalScheme(bank, { trainRepoId: shared.id })), 403);
    expectOk(await call('POST', `/v1/train/repository/${shared.id}/unsubscribe`, agency));
    expectError(await call('POST', `/v1/train/repository/${shared.id}/unsubscribe`, agency), 404);
    expectError(await call('GET', `/v1/train/repository/${shared.id}`, agency), 404);
  });

  it('refuses to subscribe to an own repository (409); unsharing ends the others’ subscriptions', async () => {
    const own = (await repos(agency, 'demo'))[0];
    expectError(await call('POST', `/v1/train/repository/${own.id}/subscribe`, agency), 409);
    const shared = (await store(agency, 'demo'))[0];
    expectOk(await call('POST', `/v1/train/repository/${shared.id}/subscribe`, agency));
    expectOk(
      await call('POST', `/v1/train/repository/${shared.id}`, other, { name: shared.name, shared: false }, 'other'),
    );
    expect((await repos(agency, 'demo')).filter((r) => !r.owned)).toEqual([]);
    expect(await store(agency, 'demo')).toEqual([]);
    expectError(await call('GET', `/v1/train/repository/${shared.id}`, agency), 404);
    // Sharing again does not bring the old subscription back.
    expectOk(
      await call('POST', `/v1/train/repository/${shared.id}`, other, { name: shared.name, shared: true }, 'other'),
    );
    expect((await repos(agency, 'demo')).filter((r) => !r.owned)).toEqual([]);
  });
});
