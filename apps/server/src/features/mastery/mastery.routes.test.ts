// API tests of GET /v1/mastery/points on a hand-made answer history (rows inserted directly): thresholds,
// proficient on two days, all right in a paper (its last answers only; a running paper does not count),
// a training's retries not counted, subtrees rolled up, scopes, and the student's own agency only.
import { MasteryPoint, type MasteryPoint as MP } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, trainingDraws, trainings } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { schemeCalls, type Page } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let learner: string;
let learnerId: number;
let chapter: string;
const kps: Record<string, string> = {};
const questionOf: Record<string, number> = {};
const call = schemeCalls(() => t);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 2, 2, 0, 0);
let schemeNo = 1000;

async function training(
  type: 'paper' | 'general',
  status: 'finished' | 'running',
  over: Partial<typeof trainings.$inferInsert> = {},
  drawn: string[] = [],
): Promise<number> {
  const [row] = await t.db
    .insert(trainings)
    .values({
      agencyId: 'demo',
      schemeId: schemeNo++,
      userId: learnerId,
      scheme: { title: '手工训练', type },
      seed: 1,
      status,
      state: {},
      startedAt: new Date(T0),
      ...over,
    })
    .returning({ id: trainings.id });
  // Drawn ids are rows of their own, as the app stores them (migration 0050).
  if (drawn.length) await t.db.insert(trainingDraws).values({ trainingId: row.id, n: 0, questionIds: drawn });
  return row.id;
}

/** Answers to the point's question: '1' right, '0' wrong, a minute apart from `start`. */
async function answer(kp: string, flags: string, start: number, extra: { trainingId?: number; first?: boolean } = {}) {
  await t.db.insert(answerRecords).values(
    [...flags].map((f, i) => ({
      agencyId: 'demo',
      questionId: questionOf[kp],
      version: 1,
      userId: learnerId,
      isCorrect: f === '1',
      score: f === '1' ? 1 : 0,
      createdAt: new Date(start + i * 60_000),
      ...extra,
    })),
  );
}

const points = async (query = '') =>
  expectOk(await call<MP[]>('GET', `/v1/mastery/points${query}`, learner)).map((p) => MasteryPoint.parse(p));

beforeAll(async () => {
  t = await createTestApp();
  learnerId = await addUser(t, 'learner', '新同学', ['edu:agency:demo:student']);
  const [admin, agency] = await Promise.all(['admin', 'agency'].map((u) => t.login(u)));
  learner = await t.login('learner');
  const kpCreate = async (parent: string, name: string) =>
    expectOk(
      await t.call<{ code: string }>('PUT', '/v1/exam/question/knowledgepoint', {
        token: admin,
        body: { request: { parent, name } },
      }),
    ).code;
  chapter = await kpCreate('en.g7', '掌握度测试章');
  const repos = expectOk(await call<Page<{ id: string; owned: boolean }>>('GET', '/v1/exam/repositories', agency));
  const repoId = repos.list.find((r) => r.owned)!.id;
  for (const key of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']) {
    kps[key] = await kpCreate(chapter, `考点${key}`);
    const q = expectOk(
      await call<{ id: string }>('PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId,
        type: 'trueFalse',
        judgeType: 'auto',
        question: `<p>掌握度 ${key}</p>`,
        knowledgeId: kps[key],
        answer: ['T'],
      }),
    );
    questionOf[kps[key]] = Number(q.id);
  }
  await answer(kps.A, '0', T0);
  await answer(kps.B, '1101', T0);
  await answer(kps.C, '111111', T0);
  await answer(kps.D, '11111', T0);
  await answer(kps.D, '1', T0 + DAY);
  // A paper counts each question's last answer (E's one question, answered twice, counts once).
  await answer(kps.E, '11', T0, { trainingId: await training('paper', 'finished') });
  // A changed paper answer: only the last one counts.
  await answer(kps.F, '01', T0, { trainingId: await training('paper', 'finished') });
  // A running paper keeps its results back.
  await answer(kps.G, '11', T0, { trainingId: await training('paper', 'running') });
  // A paper with marks (docs/practice-engine.md "Marks"): whole when every drawn question was answered, whatever
  // its max score. J's one question, worth 15, answered right masters; K's paper of two half-mark questions (max 1)
  // with one answered does not.
  const marked = (qids: number[], marks: Record<string, number>) => ({
    title: '分值试卷',
    type: 'paper',
    engine: { phases: [{ points: [{ selectors: { questionIds: qids.map(String) }, marks }] }] },
  });
  const j = String(questionOf[kps.J]);
  await answer(kps.J, '1', T0, {
    trainingId: await training(
      'paper',
      'finished',
      { scheme: marked([questionOf[kps.J]], { [j]: 15 }), answered: 1, maxScore: 15 },
      [j],
    ),
  });
  const k = String(questionOf[kps.K]);
  const twoHalves = [k, String(questionOf[kps.A])];
  await answer(kps.K, '1', T0, {
    trainingId: await training(
      'paper',
      'finished',
      {
        scheme: marked([questionOf[kps.K], questionOf[kps.A]], { [k]: 0.5, [twoHalves[1]]: 0.5 }),
        answered: 1,
        maxScore: 1,
      },
      twoHalves,
    ),
  });
  // A general training counts each question's first answer only (retries are not new evidence).
  const general = await training('general', 'finished');
  await answer(kps.H, '0', T0, { trainingId: general, first: true });
  await answer(kps.H, '1', T0 + 60_000, { trainingId: general, first: false });
  // Another agency's answers are not this agency's mastery.
  await t.db.insert(answerRecords).values({
    agencyId: 'other',
    questionId: questionOf[kps.I],
    version: 1,
    userId: learnerId,
    isCorrect: true,
    createdAt: new Date(T0),
  });
});
afterAll(() => t.close());

describe('GET /v1/mastery/points', () => {
  it('levels each point from the last answers of its subtree', async () => {
    const byCode = new Map((await points()).map((p) => [p.code, p]));
    const level = (k: string) => byCode.get(kps[k])?.level ?? 'none';
    expect(level('A')).toBe('attempted');
    expect(byCode.get(kps.B)).toMatchObject({ level: 'familiar', windowAnswers: 4, windowCorrect: 3, totalAnswers: 4 });
    expect(level('C')).toBe('proficient');
    expect(byCode.get(kps.D)).toMatchObject({ level: 'mastered', masteredBy: 'days' });
    expect(byCode.get(kps.E)).toMatchObject({ level: 'mastered', masteredBy: 'paper' });
    expect(byCode.get(kps.F)).toMatchObject({ level: 'mastered', masteredBy: 'paper', totalAnswers: 1 });
    expect(level('G')).toBe('none');
    expect(byCode.get(kps.H)).toMatchObject({ level: 'attempted', windowAnswers: 1, windowCorrect: 0 });
    expect(level('I')).toBe('none');
    expect(byCode.get(kps.J)).toMatchObject({ level: 'mastered', masteredBy: 'paper' });
    expect(level('K')).toBe('attempted');
    // The chapter and its ancestors hold every answer below them; points without answers are left out.
    const ch = byCode.get(chapter)!;
    expect(ch).toMatchObject({ parentCode: 'en.g7', lv: 'chapter', totalAnswers: 1 + 4 + 6 + 6 + 1 + 1 + 1 + 1 + 1 });
    expect(ch.windowAnswers).toBe(10);
    expect(byCode.has('en.g7')).toBe(true);
    expect(byCode.has('math')).toBe(false);
  });

  it('scope=all lists every point of the subtree, unanswered ones as none', async () => {
    const all = await points(`?scope=all&subject=${chapter}`);
    expect(all.map((p) => p.code).sort()).toEqual([chapter, ...Object.values(kps)].sort());
    expect(all.find((p) => p.code === kps.G)).toMatchObject({ level: 'none', totalAnswers: 0, lastAnswerTime: null });
    expect((await points(`?subject=math`)).length).toBe(0);
  });

  it('is for students only', async () => {
    const agency = await t.login('agency');
    expectError(await call('GET', '/v1/mastery/points', agency), 403);
    expectError(await call('GET', '/v1/mastery/points?scope=some', learner), 400);
  });
});
