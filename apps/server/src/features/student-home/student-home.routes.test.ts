// API tests of GET /v1/student/home (docs/student-home.md): an empty home, a running training, its wrong
// answers due once it ends, the latest scores, mastery now and a week ago, the bounded task list, only the
// caller's own data in the agency of the header, and everyone but the agency's students refused.
import { STUDENT_HOME_LIMITS, StudentHome, type Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let learner: string;
let learnerId: number;
let bank: TestBank;
let schemeId: string;
const call = schemeCalls(() => t);
const MIN = 60_000;
const DAY = 86_400_000;

const home = async (token = learner, query = '') =>
  StudentHome.parse(expectOk(await call<StudentHome>('GET', `/v1/student/home${query}`, token)));

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 60 * 24 * 3600, tokenIdleSeconds: 60 * 24 * 3600 } });
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  learnerId = await addUser(t, 'home-learner', '首页同学', ['edu:agency:demo:student']);
  learner = await t.login('home-learner');
  schemeId = await generalSchemeOn(call, agency, {
    ...fixedScheme(bank, [bank.single, bank.trueFalse], { title: '首页练习' }),
    timeLimit: 1800,
  });
});
afterAll(() => t.close());

describe('GET /v1/student/home', () => {
  it('is empty for a new student: no tasks, training, reviews or scores, every point unpractised', async () => {
    const h = await home();
    expect(h).toMatchObject({
      serverTime: t.clock.now(),
      tasks: { total: 0, list: [] },
      training: { running: 0, current: null },
      review: { due: 0, all: 0, list: [] },
      scores: [],
    });
    expect(h.mastery.total).toBeGreaterThan(0);
    expect(h.mastery.now.none).toBe(h.mastery.total);
    expect(h.mastery.weekAgo).toEqual(h.mastery.now);
  });

  it('follows a training: running with its progress, then its score, its wrong answers due and mastery', async () => {
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, learner));
    const answer = (questionId: string, ans: string[]) =>
      call<unknown>('POST', `/v1/train/${tr.trainId}/answer`, learner, {
        clientAnswerId: `home-${tr.trainId}-${questionId}`,
        questionId,
        answer: ans,
      });
    expectOk(await answer(bank.single, ['B']));
    let h = await home();
    expect(h.training).toEqual({
      running: 1,
      current: {
        trainId: tr.trainId,
        schemeId,
        title: '首页练习',
        type: 'general',
        taskId: null,
        answered: 1,
        phaseIndex: 1,
        phaseCount: 1,
        startTime: t.clock.now(),
        lastUpdate: t.clock.now(),
        deadline: t.clock.now() + 1800_000,
      },
    });
    // A running training's answers do not count yet (docs/practice-engine.md "Wrong-answer book and mastery").
    expect(h.review.due).toBe(0);
    expect(h.scores).toEqual([]);

    t.clock.advance(MIN);
    expectOk(await answer(bank.trueFalse, ['F']));
    h = await home();
    expect(h.training).toEqual({ running: 0, current: null });
    expect(h.scores).toEqual([
      expect.objectContaining({ trainId: tr.trainId, title: '首页练习', status: 'finished', answered: 2, correct: 0 }),
    ]);
    expect(h.review.due).toBe(2);
    expect(h.review.all).toBe(2);
    expect(h.review.list.map((e) => e.questionId).sort()).toEqual([bank.single, bank.trueFalse].sort());
    // The chapter and its ancestors (en, en.g7) were attempted this week; a week ago nothing was.
    expect(h.mastery.now.attempted).toBe(3);
    expect(h.mastery.weekAgo.attempted).toBe(0);
    expect(Object.values(h.mastery.now).reduce((a, b) => a + b, 0)).toBe(h.mastery.total);

    t.clock.advance(8 * DAY);
    h = await home();
    expect(h.mastery.weekAgo).toEqual(h.mastery.now);
  });

  it('a training whose time is up is not offered to continue', async () => {
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, learner));
    expect((await home()).training.current?.trainId).toBe(tr.trainId);
    t.clock.advance(1800_000);
    expect((await home()).training).toEqual({ running: 0, current: null });
  });

  it('lists at most the first tasks, soonest deadline first, with the list size', async () => {
    const now = t.clock.now();
    const n = STUDENT_HOME_LIMITS.tasks + 2;
    for (let i = n; i >= 1; i--)
      expectOk(
        await call('PUT', '/v1/task', agency, {
          title: `首页任务 ${i}`,
          schemeId,
          studentIds: [String(learnerId)],
          startTime: now + MIN,
          deadline: now + i * 3600_000,
        }),
      );
    t.clock.advance(2 * MIN);
    const h = await home();
    expect(h.tasks.total).toBe(n);
    expect(h.tasks.list.map((x) => x.title)).toEqual(
      Array.from({ length: STUDENT_HOME_LIMITS.tasks }, (_, i) => `首页任务 ${i + 1}`),
    );
    expect(h.tasks.list[0]).toMatchObject({ progress: 'not_started', canDo: true });
  });

  it("shows only the caller's own data", async () => {
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
    for (const q of [bank.single, bank.trueFalse])
      expectOk(
        await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
          clientAnswerId: `home-other-${q}`,
          questionId: q,
          answer: ['Z'],
        }),
      );
    const mine = await home();
    const theirs = await home(student);
    expect(theirs.scores.map((s) => s.trainId)).toContain(tr.trainId);
    expect(mine.scores.map((s) => s.trainId)).not.toContain(tr.trainId);
    const mineIds = new Set(mine.scores.map((s) => s.trainId));
    expect(theirs.scores.some((s) => mineIds.has(s.trainId))).toBe(false);
    expect(theirs.tasks.list.some((x) => x.title.startsWith('首页任务'))).toBe(false);
    expect(mine.scores.length).toBeLessThanOrEqual(STUDENT_HOME_LIMITS.scores);
  });

  it('is scoped to the agency of the header', async () => {
    expectOk(await call('GET', '/v1/student/home?agencyId=demo', learner));
    expectError(await call('GET', '/v1/student/home?agencyId=other', learner), 400);
    expectError(await call('GET', '/v1/student/home', learner, undefined, 'other'), 403);
    expectError(await call('GET', '/v1/student/home?agencyId=NOT%20AN%20ID', learner), 400);
  });

  it('refuses visitors, parents, teachers and admins', async () => {
    expectError(await t.call('GET', '/v1/student/home', { agency: 'demo' }), 401);
    for (const u of ['parent', 'teacher', 'agency'])
      expectError(await call('GET', '/v1/student/home', await t.login(u)), 403);
  });
});
