// API tests of the scheme lists (docs/product.md §7): GET /v1/train/control/schemes and …/byme with the filters trainRepoId,
// type and kpRange, paging by start/size (defaults 0 and 1024), the order, and what each agency sees.
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
let secondRepo: string;
/** Created in this order, a minute apart: general (agency), paper (teacher), general in secondRepo (teacher). */
let ids: string[];

const call = schemeCalls(() => t);
const list = async (query = '', token = agency, path = '/v1/train/control/schemes') => {
  const page = expectOk(await call<Page<S>>('GET', `${path}${query}`, token));
  page.list.forEach((s) => Scheme.parse(s));
  return page;
};
const idsOf = (page: Page<S>) => page.list.map((s) => s.schemeId);

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, teacher, student, other, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  secondRepo = expectOk(await call<{ id: string }>('PUT', '/v1/train/repository', agency, { name: '第二方案库' })).id;
  const created = [
    [agency, 'PUT', '/v1/train/scheme', generalScheme(bank)],
    [
      teacher,
      'POST',
      '/v1/train/scheme/ordered/submit',
      { title: '试卷', kpRange: ['en'], questionIds: [bank.single], trainRepoId: bank.trainRepoId },
    ],
    [teacher, 'PUT', '/v1/train/scheme', generalScheme(bank, { title: '数学', kpRange: [], trainRepoId: secondRepo })],
  ] as const;
  ids = [];
  for (const [token, method, url, body] of created) {
    ids.push(expectOk(await call<S>(method, url, token, body)).schemeId);
    t.clock.advance(60_000);
  }
});
afterAll(() => t.close());

describe('GET /v1/train/control/schemes', () => {
  it('lists the agency’s schemes, last updated first, with the total', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(idsOf(page)).toEqual([...ids].reverse());
    expect(expectOk(await call<Page<S>>('GET', '/v1/train/control/schemes', other, undefined, 'other')).total).toBe(0);
  });

  it('moves an edited scheme to the top; switching on/off does not', async () => {
    expectOk(await call('POST', `/v1/train/scheme/${ids[1]}/on`, agency));
    expect(idsOf(await list())[0]).toBe(ids[2]);
    t.clock.advance(60_000);
    expectOk(await call('POST', `/v1/train/scheme/${ids[0]}`, agency, generalScheme(bank)));
    expect(idsOf(await list())).toEqual([ids[0], ids[2], ids[1]]);
  });

  it('filters by train repository, type and knowledge range', async () => {
    expect(idsOf(await list(`?trainRepoId=${secondRepo}`))).toEqual([ids[2]]);
    expect(idsOf(await list(`?trainRepoId=${bank.trainRepoId}&type=paper`))).toEqual([ids[1]]);
    expect((await list('?type=general')).list.map((s) => s.type)).toEqual(['general', 'general']);
    // kpRange overlaps: the chapter itself, an ancestor, a descendant; the phases' points count as range too.
    expect(new Set(idsOf(await list(`?kpRange=${bank.kp}`)))).toEqual(new Set([ids[0], ids[1], ids[2]]));
    expect(new Set(idsOf(await list('?kpRange=en')))).toEqual(new Set(ids));
    expect(new Set(idsOf(await list(`?kpRange=${bank.kp}.k1`)))).toEqual(new Set([ids[0], ids[1], ids[2]]));
    expect(idsOf(await list('?kpRange=math'))).toEqual([]);
    // Several codes: repeated or comma-separated.
    expect((await list(`?kpRange=math&kpRange=${bank.kp}`)).total).toBe(3);
    expect((await list(`?kpRange=math,${bank.kp}`)).total).toBe(3);
  });

  it('pages with start and size (defaults 0 and 1024, at most 1024)', async () => {
    const all = idsOf(await list());
    const page = await list('?start=1&size=1');
    expect(page.total).toBe(3);
    expect(idsOf(page)).toEqual([all[1]]);
    expect((await list('?start=5')).list).toEqual([]);
    expect((await list('?size=1024')).total).toBe(3);
    const bad = await call('GET', '/v1/train/control/schemes?size=1025&start=-1&type=x&kpRange=EN', agency);
    expectError(bad, 400);
    expect(
      fieldsOf(bad)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['kpRange.0', 'size', 'start', 'type']);
  });

  it("answers 404 for another agency's or an unknown train repository", async () => {
    const theirs = expectOk(
      await call<Page<{ id: string }>>('GET', '/v1/train/repositories', other, undefined, 'other'),
    );
    expectError(await call('GET', `/v1/train/control/schemes?trainRepoId=${theirs.list[0].id}`, agency), 404);
    expectError(await call('GET', '/v1/train/control/schemes?trainRepoId=999999', agency), 404);
  });

  it('is for train staff (403 for a student)', async () => {
    expectError(await call('GET', '/v1/train/control/schemes', student), 403);
    expectError(await call('GET', '/v1/train/control/schemes/byme', student), 403);
  });
});

describe('GET /v1/train/control/schemes/byme', () => {
  it("lists the caller's own schemes with the same filters", async () => {
    const byme = '/v1/train/control/schemes/byme';
    expect(idsOf(await list('', teacher, byme))).toEqual([ids[2], ids[1]]);
    expect(idsOf(await list('', agency, byme))).toEqual([ids[0]]);
    expect(idsOf(await list('?type=paper', teacher, byme))).toEqual([ids[1]]);
    expect(idsOf(await list(`?trainRepoId=${secondRepo}`, agency, byme))).toEqual([]);
    expect((await list('?start=1&size=1', teacher, byme)).total).toBe(2);
  });
});
