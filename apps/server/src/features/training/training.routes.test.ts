// API tests of the training calls (docs/domain.md "Schemes and trainings"): open schemes, an idempotent start with
// exactly one running training, answers stored once per clientAnswerId, judgeWay once/retry, papers, time
// limits, finish, history, report, and other students' and agencies' ids.
import { and, count, eq } from 'drizzle-orm';
import {
  OpenScheme,
  Training,
  TrainingAnswerResult,
  TrainingRecord,
  TrainingReport,
  type Scheme,
  type Training as T,
  type TrainingAnswerResult as AnswerResult,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, trainings } from '../../db/schema.js';
import { anyString, createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type Page, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { generalSchemeOn, onePointScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let classmate: string;
let outsider: string;
let bank: TestBank;
const call = schemeCalls(() => t);
let answerNo = 0;
const clientId = () => `client-answer-${++answerNo}`;

/** One phase, one point drawing both auto-judged questions of the bank, then the end. */
const oneVisit = (judgeWay: 'once' | 'retry', over: Record<string, unknown> = {}) => ({
  ...onePointScheme(
    bank,
    `单点训练-${judgeWay}`,
    { name: '基础', selectors: { types: ['singleChoice', 'trueFalse'] }, repeat: 2, requireCorrect: 2 },
    judgeWay,
  ),
  ...over,
});

const schemeOn = (body: Record<string, unknown>) => generalSchemeOn(call, agency, body);

const start = async (schemeId: string, token = student) =>
  Training.parse(expectOk(await call<T>('PUT', `/v1/train/scheme/${schemeId}/start`, token)));
const read = async (trainId: string, token = student) =>
  Training.parse(expectOk(await call<T>('GET', `/v1/train/${trainId}`, token)));
/** An answer call; a successful answer is parsed with the contract's schema (the route trusts its result). */
const answer = async (trainId: string, body: Record<string, unknown>, token = student) => {
  const r = await call<AnswerResult>('POST', `/v1/train/${trainId}/answer`, token, body);
  if (r.status === 200) TrainingAnswerResult.parse(r.body.response);
  return r;
};

/** The right answer of each bank question (the bank is the test's own). */
const rightAnswer = (questionId: string) => (questionId === bank.single ? ['A'] : ['T']);
const wrongAnswer = (questionId: string) => (questionId === bank.single ? ['B'] : ['F']);

async function recordsOf(trainId: string, token = student) {
  return expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${trainId}/questions`, token)).map((r) =>
    TrainingRecord.parse(r),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  await addUser(t, 'outsider', '其他机构学生', ['edu:agency:other:student']);
  let admin: string;
  [agency, student, classmate, outsider, admin] = await Promise.all(
    ['agency', 'student', 'classmate', 'outsider', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

describe('GET /v1/train/open/schemes', () => {
  it("lists the agency's switched-on schemes with the student's own progress", async () => {
    const off = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, oneVisit('once', { title: '未开启' })));
    const on = await schemeOn(oneVisit('once', { title: '已开启方案' }));
    const list = async () =>
      expectOk(await call<Page<OpenScheme>>('GET', '/v1/train/open/schemes', student)).list.map((s) =>
        OpenScheme.parse(s),
      );
    const before = await list();
    expect(before.map((s) => s.schemeId)).toContain(on);
    expect(before.map((s) => s.schemeId)).not.toContain(off.schemeId);
    expect(before.find((s) => s.schemeId === on)).toMatchObject({
      title: '已开启方案',
      type: 'general',
      phaseCount: 1,
      runningTrainId: null,
      finishedCount: 0,
    });
    const tr = await start(on);
    expect((await list()).find((s) => s.schemeId === on)?.runningTrainId).toBe(tr.trainId);
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    expect((await list()).find((s) => s.schemeId === on)).toMatchObject({ runningTrainId: null, finishedCount: 1 });
    // Staff are not trainees.
    expectError(await call('GET', '/v1/train/open/schemes', agency), 403);
  });
});

describe('PUT /v1/train/scheme/:id/start', () => {
  it('is idempotent: concurrent and repeated starts answer the one running training', async () => {
    const schemeId = await schemeOn(oneVisit('once'));
    const all = await Promise.all(Array.from({ length: 6 }, () => start(schemeId)));
    expect(new Set(all.map((x) => x.trainId)).size).toBe(1);
    expect((await start(schemeId)).trainId).toBe(all[0].trainId);
    const [n] = await t.db
      .select({ n: count() })
      .from(trainings)
      .where(and(eq(trainings.schemeId, Number(schemeId)), eq(trainings.status, 'running')));
    expect(n.n).toBe(1);
    // Every start shows the same drawn question: no redraw — and the whole training as stored, also to the
    // starts that shared one insert with the first.
    expect(new Set(all.map((x) => x.question?.id)).size).toBe(1);
    const stored = expectOk(await call('GET', `/v1/train/${all[0].trainId}`, student));
    for (const x of all) expect(x).toEqual(stored);
    expectOk(await call('POST', `/v1/train/${all[0].trainId}/finish`, student));
  });

  it('shows the current question without its answer or explanation', async () => {
    const tr = await start(await schemeOn(oneVisit('once')));
    expect(tr).toMatchObject({ status: 'running', phase: '练习', point: '基础', phaseIndex: 1, phaseCount: 1 });
    expect([bank.single, bank.trueFalse]).toContain(tr.question?.id);
    expect(tr.question).not.toHaveProperty('answer');
    expect(tr.question).not.toHaveProperty('explanation');
    expect(JSON.stringify(tr)).not.toContain('"explanation"');
  });

  it('refuses a switched-off scheme (409), an unknown or foreign one (404) and staff (403)', async () => {
    const off = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, oneVisit('once')));
    expectError(await call('PUT', `/v1/train/scheme/${off.schemeId}/start`, student), 409);
    expectError(await call('PUT', '/v1/train/scheme/999999/start', student), 404);
    expectError(await call('PUT', '/v1/train/scheme/abc/start', student), 404);
    const on = await schemeOn(oneVisit('once'));
    expectError(await call('PUT', `/v1/train/scheme/${on}/start`, outsider, undefined, 'other'), 404);
    expectError(await call('PUT', `/v1/train/scheme/${on}/start`, agency), 403);
  });
});

describe('POST /v1/train/:id/answer', () => {
  it('judges, stores the answer once per clientAnswerId, and moves on', async () => {
    const tr = await start(await schemeOn(oneVisit('once')));
    const q1 = tr.question!.id;
    const id1 = clientId();
    const first = TrainingAnswerResult.parse(
      expectOk(await answer(tr.trainId, { clientAnswerId: id1, questionId: q1, answer: rightAnswer(q1) })),
    );
    expect(first).toMatchObject({ repeated: false, result: { isCorrect: true, score: 1 } });
    expect(first.result?.standardAnswer).toEqual(rightAnswer(q1));
    expect(first.training).toMatchObject({ answered: 1, correct: 1, score: 1 });
    const q2 = first.training.question!.id;
    expect(q2).not.toBe(q1);

    // The retried request (a lost acknowledgement) stores nothing new and answers the same.
    const again = expectOk(await answer(tr.trainId, { clientAnswerId: id1, questionId: q1, answer: rightAnswer(q1) }));
    expect(again).toMatchObject({ repeated: true, recordId: first.recordId });
    expect(again.training.question?.id).toBe(q2);
    expect(await recordsOf(tr.trainId)).toHaveLength(1);

    // 'once': the answered question cannot be changed; a question not drawn is not in the training.
    expectError(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q1, answer: ['B'] }), 409);
    expectError(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: bank.manual, answer: [] }), 404);

    const last = expectOk(
      await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q2, answer: wrongAnswer(q2) }),
    );
    expect(last.result).toMatchObject({ isCorrect: false, score: 0 });
    expect(last.training).toMatchObject({ status: 'finished', answered: 2, correct: 1, score: 1, question: null });
    expectError(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q2, answer: ['T'] }), 409);

    const records = await recordsOf(tr.trainId);
    expect(records.map((r) => [r.questionId, r.isCorrect, r.first])).toEqual([
      [q1, true, true],
      [q2, false, true],
    ]);
  });

  it('concurrent copies of one answer store one record', async () => {
    const tr = await start(await schemeOn(oneVisit('once')));
    const q = tr.question!.id;
    const body = { clientAnswerId: clientId(), questionId: q, answer: rightAnswer(q) };
    const results = await Promise.all(Array.from({ length: 5 }, () => answer(tr.trainId, body)));
    const ids = results.map((r) => expectOk(r).recordId);
    expect(new Set(ids).size).toBe(1);
    expect(results.filter((r) => !r.body.response.repeated)).toHaveLength(1);
    const [n] = await t.db
      .select({ n: count() })
      .from(answerRecords)
      .where(eq(answerRecords.trainingId, Number(tr.trainId)));
    expect(n.n).toBe(1);
  });

  it("judgeWay 'retry' keeps the answer back until solved, and counts the first answer", async () => {
    const tr = await start(await schemeOn(oneVisit('retry')));
    const q = tr.question!.id;
    const wrong = expectOk(
      await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q, answer: wrongAnswer(q) }),
    );
    expect(wrong.result).toMatchObject({ isCorrect: false, standardAnswer: [], explanation: '' });
    expect(wrong.training.question?.id).toBe(q);
    const right = expectOk(
      await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q, answer: rightAnswer(q) }),
    );
    expect(right.result).toMatchObject({ isCorrect: true, standardAnswer: rightAnswer(q) });
    expect(right.training).toMatchObject({ answered: 1, correct: 0, score: 0 });
    expect(right.training.question?.id).not.toBe(q);
    expect((await recordsOf(tr.trainId)).map((r) => r.first)).toEqual([true, false]);
  });

  it('refuses a malformed answer with 400 and stores nothing', async () => {
    const tr = await start(await schemeOn(oneVisit('once')));
    const q = tr.question!.id;
    expectError(await answer(tr.trainId, { clientAnswerId: 'short', questionId: q, answer: ['A'] }), 400);
    expectError(await answer(tr.trainId, { questionId: q, answer: ['A'] }), 400);
    expect(await recordsOf(tr.trainId)).toHaveLength(0);
    expect((await read(tr.trainId)).question?.id).toBe(q);
  });
});

describe('papers', () => {
  it('takes answers in any order, the last one counting, and shows results only in the report', async () => {
    const paper = expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '小测验',
        kpRange: [bank.kp],
        timeLimit: 0,
        questionIds: [bank.trueFalse, bank.single, bank.manual],
        trainRepoId: bank.trainRepoId,
      }),
    );
    expectOk(await call('POST', `/v1/train/scheme/${paper.schemeId}/on`, agency));
    const tr = await start(paper.schemeId);
    expect(tr.paper?.questions.map((q) => q.id)).toEqual([bank.trueFalse, bank.single, bank.manual]);
    const a1 = expectOk(
      await answer(tr.trainId, { clientAnswerId: clientId(), questionId: bank.single, answer: ['B'] }),
    );
    expect(a1.result).toBeNull();
    expectOk(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: bank.trueFalse, answer: ['T'] }));
    const changed = expectOk(
      await answer(tr.trainId, { clientAnswerId: clientId(), questionId: bank.single, answer: ['A'] }),
    );
    expect(changed.training.paper?.answers[bank.single]).toEqual(['A']);
    // While the paper runs nothing tells right from wrong: not the view, the records, the history or the report.
    expect(changed.training).toMatchObject({ answered: 2, status: 'running', correct: 0, credit: 0, score: 0 });
    expect((await recordsOf(tr.trainId)).map((r) => [r.isCorrect, r.score])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    const running = TrainingReport.parse(expectOk(await call('GET', `/v1/train/report/${tr.trainId}`, student)));
    expect(running.training).toMatchObject({ correct: 0, credit: 0, score: 0 });
    expect(running.knowledgePoints.every((k) => k.correct === 0)).toBe(true);
    const done = Training.parse(expectOk(await call<T>('POST', `/v1/train/${tr.trainId}/finish`, student)));
    expect(done).toMatchObject({ status: 'finished', score: 2, maxScore: 3, answered: 2, correct: 2, credit: 2 });
    const report = TrainingReport.parse(expectOk(await call('GET', `/v1/train/report/${tr.trainId}`, student)));
    expect(report.training).toMatchObject({ score: 2, maxScore: 3, status: 'finished', student: anyString() });
    expect(report.records).toHaveLength(3);
  });
});

describe('time limits', () => {
  it('a scheme past its time limit ends as expired on the next request, keeping every answer', async () => {
    const tr = await start(await schemeOn(oneVisit('once', { timeLimit: 60 })));
    expect(tr.schemeRemaining).toBe(60);
    const q = tr.question!.id;
    expectOk(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: q, answer: rightAnswer(q) }));
    t.clock.advance(61_000);
    const after = await read(tr.trainId);
    expect(after).toMatchObject({ status: 'expired', answered: 1, score: 1, question: null });
    const next = after.question?.id ?? q;
    expectError(await answer(tr.trainId, { clientAnswerId: clientId(), questionId: next, answer: ['T'] }), 409);
    expect(await recordsOf(tr.trainId)).toHaveLength(1);
  });
});

describe('history, report and other people', () => {
  it("another student's or agency's training answers 404; staff read the agency's reports", async () => {
    const tr = await start(await schemeOn(oneVisit('once')));
    const q = tr.question!.id;
    const body = { clientAnswerId: clientId(), questionId: q, answer: rightAnswer(q) };
    for (const [method, url] of [
      ['GET', `/v1/train/${tr.trainId}`],
      ['POST', `/v1/train/${tr.trainId}/finish`],
      ['GET', `/v1/train/${tr.trainId}/questions`],
      ['GET', `/v1/train/report/${tr.trainId}`],
    ] as const) {
      expectError(await call(method, url, classmate), 404);
      expectError(await call(method, url, outsider, undefined, 'other'), 404);
    }
    expectError(await answer(tr.trainId, body, classmate), 404);
    expectError(await call('POST', `/v1/train/${tr.trainId}/answer`, outsider, body, 'other'), 404);
    expect(await recordsOf(tr.trainId)).toHaveLength(0);

    expectOk(await answer(tr.trainId, body));
    const report = TrainingReport.parse(expectOk(await call('GET', `/v1/train/report/${tr.trainId}`, agency)));
    expect(report.training.student).toBe('李小明');
    expect(report.knowledgePoints).toEqual([{ code: bank.kp, name: anyString(), answered: 1, correct: 1, credit: 1 }]);
  });

  it("history pages the student's own trainings, newest first", async () => {
    const schemeId = await schemeOn(oneVisit('once', { title: '历史测试' }));
    const tr = await start(schemeId);
    t.clock.advance(1000);
    const h = expectOk(
      await call<Page<{ trainId: string; title: string }>>('GET', '/v1/train/history?size=1', student),
    );
    expect(h.total).toBeGreaterThan(1);
    expect(h.list).toEqual([expect.objectContaining({ trainId: tr.trainId, title: '历史测试' })]);
    const theirs = expectOk(await call<Page<unknown>>('GET', '/v1/train/history', classmate));
    expect(theirs).toEqual({ total: 0, list: [] });
  });

  it('leaves out practice that ended with no answer, and keeps the running one and the answered one', async () => {
    const ids = async () =>
      expectOk(await call<Page<{ trainId: string }>>('GET', '/v1/train/history?size=100', student)).list.map(
        (x) => x.trainId,
      );
    const empty = await start(await schemeOn(oneVisit('once', { title: '空练习' })));
    expect(await ids()).toContain(empty.trainId);
    expectOk(await call('POST', `/v1/train/${empty.trainId}/finish`, student));
    expect(await ids()).not.toContain(empty.trainId);
    const done = await start(await schemeOn(oneVisit('once', { title: '答过的练习' })));
    expectOk(await answer(done.trainId, { clientAnswerId: clientId(), questionId: done.question!.id, answer: ['A'] }));
    expectOk(await call('POST', `/v1/train/${done.trainId}/finish`, student));
    expect(await ids()).toContain(done.trainId);
  });
});

describe('the periodic sweep', () => {
  it('ends overdue trainings nobody is looking at, and leaves the others', async () => {
    const due = await start(await schemeOn(oneVisit('once', { timeLimit: 30 })));
    const open = await start(await schemeOn(oneVisit('once', { timeLimit: 0 })));
    t.clock.advance(31_000);
    expect(await t.app.services.trainingSweep.run()).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(trainings)
      .where(eq(trainings.id, Number(due.trainId)));
    expect(row.status).toBe('expired');
    expect(row.endedAt?.getTime()).toBe(due.startTime + 30_000);
    expect((await read(open.trainId)).status).toBe('running');
    expect(await t.app.services.trainingSweep.run()).toBe(0);
  });
});
