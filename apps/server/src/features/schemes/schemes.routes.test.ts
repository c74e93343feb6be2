// API tests of schemes: create, read, update, on/off through the real database — validation by the engine
// (structure) and by the database (knowledge codes, visible questions, selectors that can draw), foreign ids,
// roles, schemes read by reference from a subscribed train repository, and the trainings' SchemeSource.
import { Scheme, type Scheme as S } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import {
  createTestBank,
  fieldsOf,
  generalScheme,
  schemeCalls,
  withFirstPhase,
  withFirstPoint,
  type Page,
  type TestBank,
} from './scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin
let teacher: string; // edu:agency:demo:teacher
let student: string;
let parent: string;
let other: string; // edu:agency:other:admin
let admin: string; // edu:admin: no agency train role
let bank: TestBank;

const call = schemeCalls(() => t);
const create = async (body: unknown, token = agency) =>
  Scheme.parse(expectOk(await call<S>('PUT', '/v1/train/scheme', token, body)));

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, student, parent, other, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'parent', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

describe('PUT /v1/train/scheme (create) and GET /v1/train/scheme/:id', () => {
  it('creates a general scheme, switched off, with the creator and times; reads it back', async () => {
    const input = generalScheme(bank);
    const s = await create(input);
    const now = t.clock.now();
    expect(s).toEqual({
      schemeId: expect.stringMatching(/^\d+$/) as string,
      title: input.title,
      creator: '演示机构管理员',
      type: 'general',
      initPhase: '热身',
      initPoint: '基础',
      timeLimit: 1800,
      createTime: now,
      lastUpdate: now,
      status: 'off',
      kpRange: [bank.kp],
      phases: input.phases,
      trainRepoId: bank.trainRepoId,
      // Papers' review options (docs/practice-engine.md "Review options"): the defaults.
      reviewAfter: null,
      showScore: 'after-hand-in',
      releasedAt: null,
    });
    expect(expectOk(await call<S>('GET', `/v1/train/scheme/${s.schemeId}`, teacher))).toEqual(s);
  });

  it('teachers create schemes too (the /admin/train rule); names are trimmed, defaults filled', async () => {
    const s = await create(
      { ...generalScheme(bank, { title: '  教师方案  ', timeLimit: undefined, kpRange: undefined }) },
      teacher,
    );
    expect(s).toMatchObject({ title: '教师方案', creator: '张老师', timeLimit: 0, kpRange: [] });
  });

  it('refuses shape errors with 400 naming each field (zod)', async () => {
    const cases: [unknown, string][] = [
      [{ ...generalScheme(bank), title: ' ' }, 'request.title'],
      [{ ...generalScheme(bank), type: 'adaptive' }, 'request.type'],
      [{ ...generalScheme(bank), timeLimit: -1 }, 'request.timeLimit'],
      [{ ...generalScheme(bank), timeLimit: 1.5 }, 'request.timeLimit'],
      [{ ...generalScheme(bank), kpRange: ['EN..x'] }, 'request.kpRange.0'],
      [{ ...generalScheme(bank), phases: [] }, 'request.phases'],
      [{ ...generalScheme(bank), trainRepoId: undefined }, 'request.trainRepoId'],
      [withFirstPoint(generalScheme(bank), { repeat: 0 }), 'request.phases.0.points.0.repeat'],
      [withFirstPoint(generalScheme(bank), { judgeWay: 'twice' }), 'request.phases.0.points.0.judgeWay'],
      [
        withFirstPoint(generalScheme(bank), { selectors: { types: ['essay'] } }),
        'request.phases.0.points.0.selectors.types.0',
      ],
      [withFirstPhase(generalScheme(bank), { points: [] }), 'request.phases.0.points'],
    ];
    for (const [body, path] of cases) {
      const r = await call('PUT', '/v1/train/scheme', agency, body);
      expectError(r, 400);
      expect(
        fieldsOf(r).map((f) => f.path),
        path,
      ).toContain(path);
    }
  });

  it("refuses structure errors with the engine's messages at dotted paths", async () => {
    const r = await call(
      'PUT',
      '/v1/train/scheme',
      agency,
      withFirstPoint(generalScheme(bank, { initPoint: '不存在' }), { onOK: '迷路', requireCorrect: 3 }),
    );
    expectError(r, 400);
    expect(fieldsOf(r)).toEqual(
      expect.arrayContaining([
        { path: 'request.initPoint', message: '训练点「不存在」不存在' },
        { path: 'request.phases.0.points.0.onOK', message: '训练点「迷路」不存在' },
        { path: 'request.phases.0.points.0.requireCorrect', message: expect.stringContaining('0 到 2') as string },
      ]),
    );
    expect(r.body.errmsg).toContain('：');
  });

  it('refuses unknown knowledge points and phases outside kpRange', async () => {
    const r = await call(
      'PUT',
      '/v1/train/scheme',
      agency,
      withFirstPhase(generalScheme(bank, { kpRange: [bank.kp, 'en.g7.c99'] }), { knowledgeIds: ['math.g7'] }),
    );
    expectError(r, 400);
    expect(fieldsOf(r)).toEqual([
      { path: 'request.kpRange.1', message: '知识点不存在' },
      { path: 'request.phases.0.knowledgeIds', message: '阶段的知识点不在方案的知识点范围（kpRange）内' },
    ]);
    const unknown = await call(
      'PUT',
      '/v1/train/scheme',
      agency,
      withFirstPhase(generalScheme(bank), { knowledgeIds: ['math.g99'] }),
    );
    expect(fieldsOf(unknown)).toContainEqual({ path: 'request.phases.0.knowledgeIds.0', message: '知识点不存在' });
  });

  it('refuses points whose selectors draw nothing: no auto-judged question of the types/tags in the subtrees', async () => {
    const nothing = '在本阶段的知识点范围内没有符合选题条件、可自动判分的题目';
    const cases: Record<string, unknown>[] = [
      { selectors: { types: ['translation'] } }, // no such question in the chapter
      { selectors: { types: ['shortAnswer'] } }, // only a manually judged one
      { selectors: { tags: ['没有这个标签'] } },
    ];
    for (const point of cases) {
      const r = await call('PUT', '/v1/train/scheme', agency, withFirstPoint(generalScheme(bank), point));
      expectError(r, 400);
      expect(fieldsOf(r)).toEqual([{ path: 'request.phases.0.points.0.selectors', message: nothing }]);
    }
    // An empty chapter: every non-fixed point of the phase is refused.
    const empty = await call(
      'PUT',
      '/v1/train/scheme',
      agency,
      withFirstPhase(generalScheme(bank, { kpRange: [] }), { knowledgeIds: [bank.emptyKp] }),
    );
    expect(fieldsOf(empty).map((f) => f.path)).toEqual([
      'request.phases.0.points.0.selectors',
      'request.phases.0.points.1.selectors',
    ]);
  });

  it('refuses fixed questions that are unknown, foreign, or manually judged (general schemes)', async () => {
    const otherQuestions = expectOk(
      await call<Page<{ id: string }>>('POST', '/v1/exam/question/list?size=1', other, {}, 'other'),
    );
    const ids = ['999999', otherQuestions.list[0].id, bank.manual, bank.single, 'abc'];
    const scheme = generalScheme(bank);
    const [p0, p1] = scheme.phases;
    const r = await call('PUT', '/v1/train/scheme', agency, {
      ...scheme,
      phases: [p0, { ...p1, points: [{ ...p1.points[0], selectors: { questionIds: ids } }] }],
    });
    expectError(r, 400);
    const at = 'request.phases.1.points.0.selectors.questionIds';
    expect(fieldsOf(r)).toEqual([
      { path: `${at}.0`, message: '题目不存在或本机构不可用' },
      { path: `${at}.1`, message: '题目不存在或本机构不可用' },
      { path: `${at}.2`, message: '需要人工批改的题目只能用于试卷' },
      { path: `${at}.4`, message: '题目不存在或本机构不可用' },
    ]);
  });

  it("answers 404 for another agency's or an unknown train repository, before checking the scheme", async () => {
    const otherRepo = expectOk(
      await call<Page<{ id: string }>>('GET', '/v1/train/repositories', other, undefined, 'other'),
    );
    expectError(
      await call('PUT', '/v1/train/scheme', agency, generalScheme(bank, { trainRepoId: otherRepo.list[0].id })),
      404,
    );
    expectError(await call('PUT', '/v1/train/scheme', agency, generalScheme(bank, { trainRepoId: '999999' })), 404);
    expectError(
      await call('PUT', '/v1/train/scheme', agency, { ...generalScheme(bank, { trainRepoId: 'x' }), title: '' }),
      400,
    );
  });

  it('is for train staff: students, parents and the platform admin alone get 403', async () => {
    for (const token of [student, parent, admin]) {
      expectError(await call('PUT', '/v1/train/scheme', token, generalScheme(bank)), 403);
      expectError(await call('GET', '/v1/train/scheme/1', token), 403);
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '01'])
      expectError(await call('GET', `/v1/train/scheme/${id}`, agency), 404);
  });
});

describe('POST /v1/train/scheme/:id (update)', () => {
  it('replaces the content, moves lastUpdate, keeps creator, createTime and status; may move the repository', async () => {
    const s = await create(generalScheme(bank));
    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
    t.clock.advance(60_000);
    const repo = expectOk(await call<{ id: string }>('PUT', '/v1/train/repository', agency, { name: '另一个方案库' }));
    const input = generalScheme(bank, { title: '名词专项（改）', timeLimit: 0, trainRepoId: repo.id });
    const u = Scheme.parse(expectOk(await call<S>('POST', `/v1/train/scheme/${s.schemeId}`, teacher, input)));
    expect(u).toEqual({
      ...s,
      title: '名词专项（改）',
      timeLimit: 0,
      trainRepoId: repo.id,
      status: 'on',
      lastUpdate: s.lastUpdate + 60_000,
    });
    // Without trainRepoId the scheme stays where it is.
    const { trainRepoId: _, ...noRepo } = input;
    expect(expectOk(await call<S>('POST', `/v1/train/scheme/${s.schemeId}`, agency, noRepo)).trainRepoId).toBe(repo.id);
  });

  it('validates like create, and answers 404 for foreign or unknown ids and repositories', async () => {
    const s = await create(generalScheme(bank));
    const bad = await call(
      'POST',
      `/v1/train/scheme/${s.schemeId}`,
      agency,
      withFirstPoint(generalScheme(bank), { onError: '@nowhere' }),
    );
    expectError(bad, 400);
    expect(fieldsOf(bad).map((f) => f.path)).toEqual(['request.phases.0.points.0.onError']);
    expectError(await call('POST', '/v1/train/scheme/999999', agency, generalScheme(bank)), 404);
    expectError(await call('POST', `/v1/train/scheme/${s.schemeId}`, other, generalScheme(bank), 'other'), 404);
    expectError(
      await call('POST', `/v1/train/scheme/${s.schemeId}`, agency, generalScheme(bank, { trainRepoId: '999999' })),
      404,
    );
    expectError(await call('POST', `/v1/train/scheme/${s.schemeId}`, student, generalScheme(bank)), 403);
  });
});

describe('POST /v1/train/scheme/:id/on and /off', () => {
  it('switches the status without touching the content or lastUpdate; repeating is harmless', async () => {
    const s = await create(generalScheme(bank));
    t.clock.advance(1000);
    const on = expectOk(await call<S>('POST', `/v1/train/scheme/${s.schemeId}/on`, teacher));
    expect(on).toEqual({ ...s, status: 'on' });
    expect(expectOk(await call<S>('POST', `/v1/train/scheme/${s.schemeId}/on`, agency)).status).toBe('on');
    expect(expectOk(await call<S>('POST', `/v1/train/scheme/${s.schemeId}/off`, agency))).toEqual({
      ...s,
      status: 'off',
    });
  });

  it('answers 404 for foreign and unknown ids, 403 for students', async () => {
    const s = await create(generalScheme(bank));
    for (const action of ['on', 'off']) {
      expectError(await call('POST', `/v1/train/scheme/${s.schemeId}/${action}`, other, undefined, 'other'), 404);
      expectError(await call('POST', `/v1/train/scheme/999999/${action}`, agency), 404);
      expectError(await call('POST', `/v1/train/scheme/${s.schemeId}/${action}`, student), 403);
    }
  });
});

describe('schemes of a shared train repository, read by reference', () => {
  it('are visible to subscribers only, and read-only for them (403)', async () => {
    // Agency other builds a scheme over its own bank in its shared train repository.
    const otherRepos = expectOk(
      await call<Page<{ id: string; shared: boolean }>>('GET', '/v1/train/repositories', other, undefined, 'other'),
    );
    const sharedRepo = otherRepos.list.find((r) => r.shared)!.id;
    const theirs = expectOk(
      await call<S>(
        'PUT',
        '/v1/train/scheme',
        other,
        {
          title: '共享方案',
          type: 'general',
          initPhase: '阶段一',
          initPoint: '任意题',
          phases: [
            {
              phase: '阶段一',
              points: [
                {
                  name: '任意题',
                  onOK: '@end',
                  onError: '@end',
                  selectors: {},
                  repeat: 1,
                  judgeWay: 'once',
                  requireCorrect: 0,
                },
              ],
            },
          ],
          trainRepoId: sharedRepo,
        },
        'other',
      ),
    );
    expect(theirs.creator).toBe('其他机构管理员');
    expectOk(await call('POST', `/v1/train/scheme/${theirs.schemeId}/on`, other, undefined, 'other'));
    const url = `/v1/train/scheme/${theirs.schemeId}`;
    expectError(await call('GET', url, agency), 404);
    expectOk(await call('POST', `/v1/train/repository/${sharedRepo}/subscribe`, agency));
    expect(expectOk(await call<S>('GET', url, teacher))).toMatchObject({ title: '共享方案', status: 'on' });
    const list = expectOk(await call<Page<S>>('GET', '/v1/train/control/schemes', agency));
    expect(list.list.map((x) => x.schemeId)).toContain(theirs.schemeId);
    expectError(await call('POST', url, agency, generalScheme(bank)), 403);
    expectError(await call('POST', `${url}/on`, agency), 403);
    expectError(await call('POST', `${url}/off`, agency), 403);
    // Trainings of demo may use it (switched on by its owner).
    expect((await t.app.services.schemes.trainable('demo', theirs.schemeId)).title).toBe('共享方案');
    expectOk(await call('POST', `/v1/train/repository/${sharedRepo}/unsubscribe`, agency));
    expectError(await call('GET', url, agency), 404);
  });
});

describe('SchemeSource.trainable (the trainings read schemes through it)', () => {
  it('gives the engine view of a switched-on scheme; 409 when off, 404 when unseen', async () => {
    const s = await create(generalScheme(bank));
    const schemes = t.app.services.schemes;
    await expect(schemes.trainable('demo', s.schemeId)).rejects.toMatchObject({ code: 'conflict' });
    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
    const trainable = await schemes.trainable('demo', s.schemeId);
    expect(trainable).toEqual({
      id: Number(s.schemeId),
      title: s.title,
      type: 'general',
      engine: {
        type: 'general',
        initPhase: '热身',
        initPoint: '基础',
        timeLimit: 1800,
        kpRange: [bank.kp],
        phases: s.phases,
      },
    });
    await expect(schemes.trainable('other', s.schemeId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(schemes.trainable('demo', 'nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});
