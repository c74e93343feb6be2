// API tests of FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the weekly job on the
// queue fits an agency with enough simulated reviews from a known memory and adopts it, leaves one below the threshold
// alone, the book then schedules that agency's reviews with the fit, a fit no better than the defaults is not used,
// and only the platform admin reads the fits.
import { asc, eq } from 'drizzle-orm';
import { FsrsFit, pageOf, WrongReviewResult } from '@edu/contract';
import { createEmptyCard, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { answerRecords, questions, users, wrongReviews } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { FASTER_FORGETTING, simulateReviews } from '../simulation/sim-reviews.js';
import { schedulerOf } from '../wrong-book/fsrs.js';
import type { ReviewLog } from './fsrs-fit.js';
import { FsrsFitRepository } from './fsrs-fit.repository.js';
import { FSRS_FIT_KIND, FsrsFitService } from './fsrs-fit.service.js';

const DAY = 24 * 3600_000;
const MIN_REVIEWS = 1500;
const FitPage = pageOf(FsrsFit);

let t: TestApp;
let admin: string;
let agencyAdmin: string;
let student: string;
const call = schemeCalls(() => t);

/** Stores simulated reviews as the book stores them: an answer record and its review, per review. */
async function storeReviews(agencyId: string, logs: ReviewLog[], userIds: number[], questionIds: number[]) {
  const rows = logs.map((l, i) => {
    const c = Number(l.card);
    return {
      i,
      userId: userIds[c % userIds.length],
      questionId: questionIds[Math.floor(c / userIds.length) % questionIds.length],
      at: new Date(l.at),
      right: l.right,
    };
  });
  for (let s = 0; s < rows.length; s += 500) {
    const batch = rows.slice(s, s + 500);
    const ids = await t.db
      .insert(answerRecords)
      .values(
        batch.map((r) => ({
          agencyId,
          questionId: r.questionId,
          version: 1,
          userId: r.userId,
          isCorrect: r.right,
          score: r.right ? 1 : 0,
          createdAt: r.at,
        })),
      )
      .returning({ id: answerRecords.id });
    await t.db.insert(wrongReviews).values(
      batch.map((r, k) => ({
        userId: r.userId,
        clientAnswerId: `fsrs-fit-sim-${agencyId}-${r.i}`,
        agencyId,
        questionId: r.questionId,
        recordId: ids[k].id,
        rating: r.right ? 'good' : 'again',
        createdAt: r.at,
      })),
    );
  }
}

beforeAll(async () => {
  const defaults = testConfig().fsrsFit;
  t = await createTestApp({ config: { fsrsFit: { ...defaults, minReviews: MIN_REVIEWS } } });
  [admin, agencyAdmin, student] = await Promise.all(['admin', 'agency', 'student'].map((u) => t.login(u)));
  const userIds = (
    await t.db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ username: `fsrs-sim-${i}`, name: `模拟学生${i}`, passwordHash: '-' })),
      )
      .returning({ id: users.id })
  ).map((r) => r.id);
  const questionIdsOf = async (agencyId: string) =>
    (
      await t.db
        .select({ id: questions.id })
        .from(questions)
        .where(eq(questions.agencyId, agencyId))
        .orderBy(asc(questions.id))
        .limit(30)
    ).map((r) => r.id);
  const start = t.clock.now() - 130 * DAY;
  // demo: 300 cards of students who forget faster than the defaults (about 3,000 reviews); other: 40 cards.
  const demoLogs = simulateReviews({ seed: 1, cards: 300, days: 120, truth: FASTER_FORGETTING, startMs: start });
  expect(demoLogs.length).toBeGreaterThan(MIN_REVIEWS);
  await storeReviews('demo', demoLogs, userIds, await questionIdsOf('demo'));
  const otherQuestions = await questionIdsOf('other');
  if (otherQuestions.length === 0) throw new Error('agency other has no question');
  const otherLogs = simulateReviews({ seed: 2, cards: 40, days: 120, truth: FASTER_FORGETTING, startMs: start });
  expect(otherLogs.length).toBeLessThan(MIN_REVIEWS);
  await storeReviews('other', otherLogs, userIds, otherQuestions);
});
afterAll(() => t.close());

const fits = async (token = admin, query = '') =>
  FitPage.parse(expectOk(await t.call('GET', `/v1/wrong/fsrs-fits${query}`, { token })));

describe('the weekly fsrs-fit job', () => {
  it('is queued once a week', async () => {
    const { fsrsFit } = t.app.services;
    const first = await fsrsFit.schedule();
    expect(first).toMatch(/^[0-9a-f]{24}$/);
    expect(await fsrsFit.schedule()).toBeNull();
    await t.app.services.jobs.drain();
    const job = await t.app.services.jobs.store.get(first!);
    expect(job).toMatchObject({ kind: FSRS_FIT_KIND, status: 'done' });
    expect(job!.result).toMatchObject({ adopted: 1, too_few: expect.any(Number) as number });
    t.clock.advance(6 * DAY);
    expect(await fsrsFit.schedule()).toBeNull();
    t.clock.advance(DAY);
    const next = await fsrsFit.schedule();
    expect(next).toMatch(/^[0-9a-f]{24}$/);
    // Not run here: the fits below are the first job's.
    expect(await t.app.services.jobs.cancel(next!)).toBe(true);
    [admin, agencyAdmin, student] = await Promise.all(['admin', 'agency', 'student'].map((u) => t.login(u)));
  });

  it('fits an agency past the threshold and adopts the fit when it beats the defaults on held-out reviews', async () => {
    const page = await fits();
    const demo = page.list.find((f) => f.agencyId === 'demo')!;
    expect(demo).toMatchObject({ agencyName: expect.any(String) as string, outcome: 'adopted', adopted: true });
    expect(demo.reviews).toBeGreaterThan(MIN_REVIEWS);
    expect(demo.testItems).toBeGreaterThan(0);
    expect(demo.trainItems).toBeGreaterThan(demo.testItems);
    expect(demo.logLossAfter!).toBeLessThan(demo.logLossBefore!);
    expect(demo.parameters).toHaveLength(21);
  });

  it('leaves an agency below the threshold on the defaults', async () => {
    const other = (await fits()).list.find((f) => f.agencyId === 'other')!;
    expect(other).toMatchObject({ outcome: 'too_few', adopted: false, parameters: null, logLossBefore: null });
    expect(other.reviews).toBeGreaterThan(0);
    expect(other.reviews).toBeLessThan(MIN_REVIEWS);
    expect(await t.app.services.fsrsFit.parametersOf('other')).toBeNull();
  });

  it("schedules the agency's book reviews with the adopted parameters", async () => {
    const parameters = await t.app.services.fsrsFit.parametersOf('demo');
    expect(parameters).toHaveLength(21);
    const bank = await createTestBank(t, admin, agencyAdmin);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
    const wrongAt = t.clock.now();
    await t.db.insert(answerRecords).values({
      agencyId: 'demo',
      questionId: Number(bank.single),
      version: 1,
      userId: me.id,
      isCorrect: false,
      score: 0,
      createdAt: new Date(wrongAt),
    });
    t.clock.advance(3600_000);
    const r = WrongReviewResult.parse(
      expectOk(
        await call('POST', `/v1/wrong/${bank.single}/review`, student, {
          clientAnswerId: 'fsrs-fit-review-1',
          answer: ['A'],
        }),
      ),
    );
    const fitted = schedulerOf(parameters).next(
      createEmptyCard(new Date(wrongAt)),
      new Date(t.clock.now()),
      Rating.Good,
    );
    const defaults = schedulerOf(null).next(createEmptyCard(new Date(wrongAt)), new Date(t.clock.now()), Rating.Good);
    expect(r.entry.card.stability).toBeCloseTo(fitted.card.stability, 6);
    expect(fitted.card.stability).not.toBeCloseTo(defaults.card.stability, 2);
  });

  it('keeps the defaults when the fit does not beat them', async () => {
    const { jobs, clock, config } = t.app.services;
    const notBetter = new FsrsFitService(new FsrsFitRepository(t.db), jobs, clock, config.fsrsFit, (logs) =>
      Promise.resolve({
        outcome: 'not_better',
        reviews: logs.length,
        trainItems: 10,
        testItems: 2,
        parameters: [...FASTER_FORGETTING],
        logLossBefore: 0.5,
        logLossAfter: 0.6,
      }),
    );
    await notBetter.fitAgency('demo');
    const demo = (await fits()).list.find((f) => f.agencyId === 'demo')!;
    expect(demo).toMatchObject({ outcome: 'not_better', adopted: false, logLossBefore: 0.5, logLossAfter: 0.6 });
    expect(await t.app.services.fsrsFit.parametersOf('demo')).toBeNull();
  });
});

describe('GET /v1/wrong/fsrs-fits', () => {
  it('answers the platform admin only', async () => {
    expect((await fits()).total).toBeGreaterThanOrEqual(2);
    expect((await fits(admin, '?start=1&size=1')).list).toHaveLength(1);
    expectError(await t.call('GET', '/v1/wrong/fsrs-fits', { token: agencyAdmin, agency: 'demo' }), 403);
    expectError(await t.call('GET', '/v1/wrong/fsrs-fits', { token: student, agency: 'demo' }), 403);
    expectError(await t.call('GET', '/v1/wrong/fsrs-fits', {}), 401);
    expectError(await t.call('GET', '/v1/wrong/fsrs-fits?size=201', { token: admin }), 400);
  });
});
