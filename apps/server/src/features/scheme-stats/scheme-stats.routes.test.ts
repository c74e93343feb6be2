// API tests of the scheme statistics: a paper answered by five students, whose indices are worked out by hand
// below, range filtering, access (train staff of the scheme's agency only) and a student's trainings.
import { SchemeAnswerStats, SchemeUserStats, StudentTrainingStats } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { joinDemoClass } from '../../test/test-users.js';
import { schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { addStudents, createStatsWorld, runPaper, type StatsWorld } from './scheme-stats.fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let other: string;
let student: string;
let w: StatsWorld;
let kids: { id: number; token: string }[];
let t0: number;
// Tokens idle out after 2 h: the trainings are 20 minutes apart.
const STEP = 20 * 60_000;
const call = schemeCalls(() => t);

/*
 * The paper (1 mark each) and five students' first attempts; s5 never answered Q3 (0 marks, not an attempt):
 *
 *         Q1 Q2 Q3 | X
 *   s1     1  1  1 | 3
 *   s2     1  1  0 | 2
 *   s3     1  0  1 | 2
 *   s4     0  1  0 | 1
 *   s5     1  0  - | 1
 *
 * With x the question's mark and r = X − x (population moments, n = 5; the ratios do not depend on n vs n−1):
 *
 * Q1: x = 1,1,1,0,1 (mean .8); r = 2,1,1,1,0 (mean 1).
 *     Σ(x−x̄)(r−r̄) = .2·1 + 0 + 0 + (−.8)·0 + .2·(−1) = 0  → discrimination 0, efficiency 0.
 *     Cov_max: sorted x 0,1,1,1,1 with sorted r 0,1,1,1,2: (−.8)(−1) + 0 + 0 + 0 + .2·1 = 1.
 *     facility .8; sd = √(Σ(x−x̄)²/(n−1)) = √(.8/4) = .4472136; flag: discrimination 0 < 20 → low_discrimination.
 * Q2: x = 1,1,0,1,0 (mean .6); r = 2,1,2,0,1 (mean 1.2).
 *     Σ(x−x̄)(r−r̄) = .4·.8 + .4·(−.2) + (−.6)·.8 + .4·(−1.2) + (−.6)(−.2) = .32 − .08 − .48 − .48 + .12 = −.6
 *     Σ(x−x̄)² = 3·.16 + 2·.36 = 1.2; Σ(r−r̄)² = .64 + .04 + .64 + 1.44 + .04 = 2.8
 *     discrimination = 100·(−.6)/√(1.2·2.8) = −60/√3.36 = −32.7326835
 *     Cov_max: sorted x 0,0,1,1,1 with sorted r 0,1,1,2,2: (−.6)(−1.2) + (−.6)(−.2) + .4(−.2) + .4·.8 + .4·.8
 *       = .72 + .12 − .08 + .32 + .32 = 1.4  → efficiency = −60/1.4 = −42.8571429
 *     facility .6; sd = √(1.2/4) = .5477226; flag: negative_discrimination.
 * Q3: x = 1,0,1,0,0 (mean .4); r = 2,2,1,1,1 (mean 1.4).
 *     Σ(x−x̄)(r−r̄) = .6·.6 + (−.4)·.6 + .6·(−.4) + (−.4)(−.4) + (−.4)(−.4) = .36 − .24 − .24 + .16 + .16 = .2
 *     Σ(x−x̄)² = 2·.36 + 3·.16 = 1.2; Σ(r−r̄)² = .36 + .36 + .16 + .16 + .16 = 1.2
 *     discrimination = 100·.2/√(1.44) = 16.6666667
 *     Cov_max: sorted x 0,0,0,1,1 with sorted r 1,1,1,2,2: 3·(−.4)(−.4) + 2·(.6)(.6) = .48 + .72 = 1.2
 *       → efficiency = 20/1.2 = 16.6666667
 *     facility .4; 4 attempts of 5 seen; below the 5 attempts needed for a flag → none.
 * Scores X/3: 1, ⅔, ⅔, ⅓, ⅓ → buckets floor(10·X/3): 9, 6, 6, 3, 3; mean rate 3/5·… = 9/15 = .6, median ⅔.
 */
const MATRIX: (0 | 1 | null)[][] = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 1],
  [0, 1, 0],
  [1, 0, null],
];

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, teacher, other, student, admin] = await Promise.all(
    ['agency', 'teacher', 'other', 'student', 'admin'].map((u) => t.login(u)),
  );
  w = await createStatsWorld(t, admin, agency);
  kids = await addStudents(t, ['学生一', '学生二', '学生三', '学生四', '学生五']);
  // In the demo teacher's class: the teacher reads their records (docs/classes.md "Whose records a teacher reads").
  for (const k of kids) await joinDemoClass(t, k.id, 'student');
  t0 = t.clock.now();
  // Student i starts at t0 + i steps.
  for (const [i, marks] of MATRIX.entries()) {
    t.clock.set(t0 + i * STEP);
    const trainId = await runPaper(t, w, kids[i].token, marks, w.paperId);
    expect(trainId).toBeTruthy();
  }
  t.clock.set(t0 + 5 * STEP);
});
afterAll(() => t.close());

const answers = async (query = '', token = teacher) =>
  SchemeAnswerStats.parse(expectOk(await call('GET', `/v1/train/scheme/${w.paperId}/stats/answer${query}`, token)));
const userStats = async (query = '', token = teacher) =>
  SchemeUserStats.parse(expectOk(await call('GET', `/v1/train/scheme/${w.paperId}/stats/user${query}`, token)));

describe('GET /v1/train/scheme/:id/stats/answer', () => {
  it('gives the hand-computed facility, discrimination and efficiency of each paper question', async () => {
    const s = await answers();
    expect(s).toMatchObject({ schemeId: w.paperId, type: 'paper', trainings: 5, from: null, to: null });
    expect(s.thresholds).toEqual({ minAttempts: 5, facilityLow: 0.2, facilityHigh: 0.95, discriminationLow: 20 });
    const [q1, q2, q3] = s.questions;
    expect(s.questions.map((q) => [q.questionId, q.position, q.type])).toEqual([
      [w.q[0], 1, 'trueFalse'],
      [w.q[1], 2, 'singleChoice'],
      [w.q[2], 3, 'trueFalse'],
    ]);
    expect(q1).toMatchObject({ attempts: 5, seen: 5, flagged: 'low_discrimination' });
    expect(q1.facility).toBeCloseTo(0.8, 9);
    expect(q1.sd).toBeCloseTo(0.4472136, 6);
    expect(q1.discrimination).toBeCloseTo(0, 9);
    expect(q1.efficiency).toBeCloseTo(0, 9);

    expect(q2).toMatchObject({ attempts: 5, seen: 5, flagged: 'negative_discrimination' });
    expect(q2.facility).toBeCloseTo(0.6, 9);
    expect(q2.sd).toBeCloseTo(0.5477226, 6);
    expect(q2.discrimination).toBeCloseTo(-32.7326835, 6);
    expect(q2.efficiency).toBeCloseTo(-42.8571429, 6);

    expect(q3).toMatchObject({ attempts: 4, seen: 5, flagged: null });
    expect(q3.facility).toBeCloseTo(0.4, 9);
    expect(q3.discrimination).toBeCloseTo(16.6666667, 6);
    expect(q3.efficiency).toBeCloseTo(16.6666667, 6);
  });

  it('counts only the trainings started from `from` (inclusive) to `to` (exclusive)', async () => {
    // s2, s3, s4: Q1 x = 1,1,0 with r = 1,1,1 → r constant → no discrimination; facility ⅔.
    const s = await answers(`?from=${t0 + STEP}&to=${t0 + 4 * STEP}`);
    expect(s.trainings).toBe(3);
    expect(s.questions[0]).toMatchObject({ attempts: 3, seen: 3, discrimination: null, flagged: null });
    expect(s.questions[0].facility).toBeCloseTo(2 / 3, 9);
    // A range with nobody: the paper's questions, no figures.
    const empty = await answers(`?from=${t0 + 20 * STEP}`);
    expect(empty.trainings).toBe(0);
    expect(empty.questions.map((q) => [q.attempts, q.facility])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);
  });

  it('answers 400 when from is after to', async () => {
    expectError(await call('GET', `/v1/train/scheme/${w.paperId}/stats/answer?from=5&to=4`, teacher), 400);
  });

  it("answers 404 for another agency's scheme and 403 to a student", async () => {
    expectError(await call('GET', `/v1/train/scheme/${w.paperId}/stats/answer`, other, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/train/scheme/${w.paperId}/stats/user`, other, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/train/scheme/${w.paperId}/stats/answer`, student), 403);
  });
});

describe('GET /v1/train/scheme/:id/stats/user', () => {
  it('counts, times, the score distribution and one row per student', async () => {
    const s = await userStats('?utcOffset=480');
    expect(s.summary).toMatchObject({ started: 5, running: 0, finished: 5, expired: 0, users: 5 });
    expect(s.summary.meanScoreRate).toBeCloseTo(0.6, 9);
    expect(s.summary.medianScoreRate).toBeCloseTo(2 / 3, 9);
    expect(s.summary.meanSeconds).toBe(0);
    expect(s.scoreBuckets.map((b) => b.count)).toEqual([0, 0, 0, 2, 0, 0, 2, 0, 0, 1]);
    expect(s.scoreBuckets[9]).toEqual({ from: 0.9, to: 1, count: 1 });
    // All five started on one local day (t0 = 2026-01-05 08:00 UTC = 16:00 in UTC+8, + 80 min).
    expect(s.timeline).toEqual([{ day: Date.UTC(2026, 0, 4, 16), started: 5, ended: 5 }]);
    expect(s.users.total).toBe(5);
    expect(
      s.users.list.map((u) => [u.name, u.bestScoreRate !== null ? Math.round(u.bestScoreRate * 3) : null]),
    ).toEqual([
      ['学生一', 3],
      // Ties by name (code point order: 三 U+4E09 < 二 U+4E8C, 五 U+4E94 < 四 U+56DB).
      ['学生三', 2],
      ['学生二', 2],
      ['学生五', 1],
      ['学生四', 1],
    ]);
    expect(s.users.list[0]).toMatchObject({
      trainings: 1,
      ended: 1,
      answered: 3,
      correct: 3,
      userId: String(kids[0].id),
    });
  });

  it('pages the students and filters by start time', async () => {
    const page = await userStats('?start=3&size=2');
    expect(page.users).toMatchObject({ total: 5 });
    expect(page.users.list.map((u) => u.name)).toEqual(['学生五', '学生四']);
    const later = await userStats(`?from=${t0 + 3 * STEP}`);
    expect(later.summary).toMatchObject({ started: 2, users: 2 });
    expect(later.users.list.map((u) => u.name)).toEqual(['学生五', '学生四']);
  });

  it('counts a running training as started, not in the score figures', async () => {
    const running = expectOk(await call<{ trainId: string }>('PUT', `/v1/train/scheme/${w.paperId}/start`, student));
    const s = await userStats();
    expect(s.summary).toMatchObject({ started: 6, running: 1, finished: 5, users: 6 });
    expect(s.scoreBuckets.reduce((a, b) => a + b.count, 0)).toBe(5);
    expect((await answers()).trainings).toBe(5);
    expectOk(await call('POST', `/v1/train/${running.trainId}/finish`, student));
    // Ended without answers: 0 marks on all three questions, now in the figures.
    const after = await answers();
    expect(after.trainings).toBe(6);
    expect(after.questions[0]).toMatchObject({ attempts: 5, seen: 6 });
  });
});

describe('GET /v1/train/student/:id/stats', () => {
  it("lists a student's trainings with a summary for the student admins", async () => {
    const s = StudentTrainingStats.parse(expectOk(await call('GET', `/v1/train/student/${kids[0].id}/stats`, agency)));
    expect(s.student).toMatchObject({ name: '学生一', username: 'stats-student-1' });
    expect(s.summary).toMatchObject({ trainings: 1, ended: 1, schemes: 1, answered: 3, correct: 3, meanScoreRate: 1 });
    expect(s.trainings.list).toHaveLength(1);
    expect(s.trainings.list[0]).toMatchObject({ title: '统计测试卷', type: 'paper', status: 'finished', score: 3 });
  });

  it("counts a running training's answers as they come, in the scheme's student row and the summary", async () => {
    // 学生二 finished one paper (3 answers, 2 right); a second training on it is answered right, then wrong.
    const kid = kids[1];
    const run = expectOk(await call<{ trainId: string }>('PUT', `/v1/train/scheme/${w.paperId}/start`, kid.token));
    const answer = (i: number, right: boolean) =>
      call('POST', `/v1/train/${run.trainId}/answer`, kid.token, {
        clientAnswerId: `live-${run.trainId}-${i}`,
        questionId: w.q[i],
        answer: right ? w.right[w.q[i]] : w.wrong[w.q[i]],
      });
    const figures = async () => {
      const row = (await userStats()).users.list.find((u) => u.userId === String(kid.id));
      const own = StudentTrainingStats.parse(expectOk(await call('GET', `/v1/train/student/${kid.id}/stats`, agency)));
      return { row: [row?.trainings, row?.ended, row?.answered, row?.correct], summary: own.summary };
    };
    expectOk(await answer(0, true));
    expect(await figures()).toMatchObject({
      row: [2, 1, 4, 3],
      summary: { trainings: 2, ended: 1, answered: 4, correct: 3 },
    });
    expectOk(await answer(1, false));
    expect(await figures()).toMatchObject({
      row: [2, 1, 5, 3],
      summary: { trainings: 2, ended: 1, answered: 5, correct: 3 },
    });
    expectOk(await call('POST', `/v1/train/${run.trainId}/finish`, kid.token));
    expect(await figures()).toMatchObject({
      row: [2, 2, 5, 3],
      summary: { trainings: 2, ended: 2, answered: 5, correct: 3 },
    });
  });

  it('answers 404 for a user who is no student of the agency, and 403 to a teacher', async () => {
    expectError(await call('GET', `/v1/train/student/${kids[0].id}/stats`, other, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/train/student/999999/stats`, agency), 404);
    expectError(await call('GET', `/v1/train/student/${kids[0].id}/stats`, teacher), 403);
  });
});
