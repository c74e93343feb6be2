// The lists of matching ids kept between requests (question-pool.ts) stay exact: two apps on one database
// stand for two server processes; every change made through one shows at once in the other's pages.
import { pageOf, Question, type Question as Q } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { QuestionPageQuery } from './question-page.query.js';
import { QuestionsRepository } from './questions.repository.js';
import { single } from './question-fixtures.test-helper.js';

let t: TestApp;
let other: FastifyInstance; // the second "process"
let token: string;
let repo: string;
let KP: string; // new, empty knowledge points
let MOVE_TO: string;

type Page = { total: number; list: Q[] };

async function inject<T>(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo' },
    ...(body === undefined ? {} : { payload: { request: body } as object }),
  });
  const env = res.json<{ errno: number; errmsg: string; response: T }>();
  expect(env.errno, env.errmsg).toBe(0);
  return env.response;
}

const list = (app: FastifyInstance, query = 'start=0&size=3', body: object = {}) =>
  inject<Page>(app, 'POST', `/v1/exam/question/list?${query}`, { knowledgeIds: [KP], ...body });
const create = (app: FastifyInstance, title: string, extra: object = {}) =>
  inject<Q>(app, 'PUT', '/v1/exam/question', {
    ...single,
    title,
    knowledgeId: KP,
    agencyId: 'demo',
    repoId: repo,
    ...extra,
  }).then((q) => Question.parse(q));
const titles = (p: Page) => p.list.map((q) => q.title);

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ db: t.db, config: t.config, clock: t.clock });
  await other.ready();
  const admin = await t.login('admin');
  const point = async (name: string) =>
    expectOk(
      await t.call<{ code: string }>('PUT', '/v1/exam/question/knowledgepoint', {
        token: admin,
        agency: 'demo',
        body: { request: { parent: 'math', name } },
      }),
    ).code;
  KP = await point('缓存测试');
  MOVE_TO = await point('缓存测试（移入）');
  token = await t.login('agency');
  const repos = await inject<{ list: { id: string; name: string }[] }>(t.app, 'GET', '/v1/exam/repositories');
  repo = repos.list.find((r) => r.name === '演示题库')!.id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('cached id lists', () => {
  it('reads the ids once while nothing changes', async () => {
    for (const n of [1, 2, 3, 4]) {
      await create(t.app, `题 ${n}`);
      t.clock.advance(1000);
    }
    const reads = vi.spyOn(QuestionPageQuery.prototype, 'pool');
    try {
      expect(titles(await list(t.app))).toEqual(['题 4', '题 3', '题 2']);
      expect(titles(await list(t.app, 'start=3&size=3'))).toEqual(['题 1']);
      expect((await list(t.app, 'start=9&size=3')).total).toBe(4);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('shows creates, edits, moves and deletes made by another process on the next page', async () => {
    expect((await list(t.app)).total).toBe(4);
    const created = await create(other, '题 5');
    t.clock.advance(1000);
    let page = await list(t.app);
    expect(page.total).toBe(5);
    expect(titles(page)[0]).toBe('题 5');

    // An edit moves the question to the top (newest first) and shows its new content.
    const oldest = (await list(t.app, 'start=4&size=1')).list[0];
    await inject(other, 'POST', `/v1/exam/question/${oldest.id}`, { ...single, title: '题 1 改', knowledgeId: KP });
    t.clock.advance(1000);
    expect(titles(await list(t.app))).toEqual(['题 1 改', '题 5', '题 4']);

    await inject(other, 'POST', '/v1/exam/questions/move', { ids: [created.id], knowledgeId: MOVE_TO });
    page = await list(t.app);
    expect([page.total, titles(page)]).toEqual([4, ['题 1 改', '题 4', '题 3']]);

    await inject(other, 'DELETE', `/v1/exam/question/${oldest.id}`);
    page = await list(t.app, 'start=3&size=3');
    expect([page.total, titles(page)]).toEqual([3, []]);
  });

  it('follows tag renames and deletions in tag filters', async () => {
    await create(t.app, '带标签', { tags: ['缓存标签'] });
    const byTag = (name: string) => list(t.app, `start=0&size=10&tag=${encodeURIComponent(name)}`);
    expect(titles(await byTag('缓存标签'))).toEqual(['带标签']);
    const tags = await inject<{ id: string; name: string }[]>(other, 'GET', '/v1/exam/tags');
    const tag = tags.find((x) => x.name === '缓存标签')!;
    await inject(other, 'POST', `/v1/exam/tag/${tag.id}`, { name: '改名标签' });
    expect(titles(await byTag('缓存标签'))).toEqual([]);
    expect(titles(await byTag('改名标签'))).toEqual(['带标签']);
    await inject(other, 'DELETE', `/v1/exam/tag/${tag.id}`);
    expect(titles(await byTag('改名标签'))).toEqual([]);
  });

  it('serves a repeated page after reading just the bank version', async () => {
    await list(t.app, 'start=0&size=2');
    const spies = (['page', 'pool', 'rows', 'bankVersion'] as const).map((m) =>
      vi.spyOn(QuestionPageQuery.prototype, m),
    );
    try {
      const first = await list(t.app, 'start=0&size=2');
      const match = (app: FastifyInstance) =>
        inject<Page>(app, 'POST', '/v1/exam/question/match/selectors?start=0&size=2', {
          selectors: { types: ['singleChoice'] },
          knowledgeIds: [KP],
        });
      const matched = await match(t.app);
      expect(await match(other)).toEqual(matched);
      spies.forEach((s) => s.mockClear());
      expect(await list(t.app, 'start=0&size=2')).toEqual(first);
      expect(await match(t.app)).toEqual(matched);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 2]);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });

  it('shows a knowledge point renamed by another process', async () => {
    const admin = await t.login('admin');
    const before = await list(t.app, 'start=0&size=1');
    expect(before.list[0].knowledgePoint?.name).toBe('缓存测试');
    const renamed = await other.inject({
      method: 'POST',
      url: `/v1/exam/question/knowledgepoint/${KP}`,
      headers: { authorization: `Bearer ${admin}`, 'x-agency-id': 'demo' },
      payload: { request: { name: '缓存测试改名' } },
    });
    expect(renamed.json<{ errno: number }>().errno).toBe(0);
    expect((await list(t.app, 'start=0&size=1')).list[0].knowledgePoint?.name).toBe('缓存测试改名');
  });

  it('answers the same pages as an app without the cache', async () => {
    const plain = await buildApp({
      db: t.db,
      config: { ...t.config, listCacheEntries: 0, pageCacheBytes: 0 },
      clock: t.clock,
    });
    try {
      for (const query of ['start=0&size=2', 'start=2&size=2', 'start=0&size=50']) {
        for (const body of [{ orderBy: 'createTime' }, { orderBy: '-lastUpdate' }, {}]) {
          const cached = await list(t.app, query, body);
          const again = await list(t.app, query, body);
          // Cached answers skip the response schema at run time: they must parse to themselves.
          expect(pageOf(Question).parse(again)).toEqual(again);
          expect(again).toEqual(cached);
          expect(await list(plain, query, body)).toEqual(cached);
        }
      }
    } finally {
      await plain.close();
    }
  });
});

describe('filters matching more than a kept list holds (LIST_CACHE_MAX_IDS)', () => {
  // A second "process" whose lists hold at most 2 ids: the 4+ questions of KP are a big filter there.
  let small: FastifyInstance;
  beforeAll(async () => {
    small = await buildApp({ db: t.db, config: { ...t.config, listCacheMaxIds: 2 }, clock: t.clock });
    await small.ready();
  });
  afterAll(() => small.close());

  it('pages them straight with the total counted once per bank version', async () => {
    const counts = vi.spyOn(QuestionPageQuery.prototype, 'count');
    const pools = vi.spyOn(QuestionPageQuery.prototype, 'pool');
    try {
      const first = await list(small, 'start=0&size=2');
      const total = first.total;
      expect(total).toBeGreaterThan(2);
      expect((await list(small, 'start=2&size=2')).total).toBe(total);
      expect((await list(small, `start=${total}&size=2`)).list).toEqual([]);
      // One try as a list, one count, for every page of the same bank version.
      expect(pools).toHaveBeenCalledTimes(1);
      expect(counts).toHaveBeenCalledTimes(1);

      // A question created through the other process: the next page counts again and shows it first.
      const made = await create(other, '大列表新题');
      const after = await list(small, 'start=0&size=2');
      expect(after.total).toBe(total + 1);
      expect(after.list[0].id).toBe(made.id);
      expect(counts).toHaveBeenCalledTimes(2);
      expect(pools).toHaveBeenCalledTimes(1);
    } finally {
      counts.mockRestore();
      pools.mockRestore();
    }
  });

  it('gives the practice engine the newest ids without keeping or counting them', async () => {
    const v = { agencyId: 'demo', subscribedRepoIds: [] };
    const kept = new QuestionsRepository(t.db, { clock: t.clock, maxLists: 10, maxIds: 2 });
    const straight = new QuestionsRepository(t.db);
    const counts = vi.spyOn(QuestionPageQuery.prototype, 'count');
    try {
      for (const limit of [1, 3, 100]) {
        const ids = await kept.matchingIds(v, { knowledgeIds: [KP] }, limit);
        expect(ids).toEqual(await straight.matchingIds(v, { knowledgeIds: [KP] }, limit));
        expect(ids.length).toBe(Math.min(limit, (await list(t.app)).total));
      }
      expect(counts).not.toHaveBeenCalled();
    } finally {
      counts.mockRestore();
    }
  });

  it('answers the same pages as an app without the cache, in every order', async () => {
    const plain = await buildApp({
      db: t.db,
      config: { ...t.config, listCacheEntries: 0, pageCacheBytes: 0 },
      clock: t.clock,
    });
    try {
      for (const query of ['start=0&size=2', 'start=2&size=2', 'start=0&size=50', 'start=99&size=2']) {
        for (const body of [{ orderBy: 'createTime' }, { orderBy: '-lastUpdate' }, {}]) {
          const page = await list(small, query, body);
          expect(pageOf(Question).parse(page)).toEqual(page);
          expect(await list(plain, query, body)).toEqual(page);
        }
      }
    } finally {
      await plain.close();
    }
  });
});
