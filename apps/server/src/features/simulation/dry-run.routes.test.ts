// A scheme's dry run through the API on the real database (docs/simulation.md "Dry run of a scheme"): the job runs
// the synthetic cohort through the scheme over the agency's bank and stores its figures; bounds and access as the
// scheme's edit route; a scheme that loops on a point without enough questions shows as stuck.
import type { Scheme, SchemeSimulationJob, SimulationResult } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, generalScheme, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let student: string;
let other: string;
let bank: TestBank;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, teacher, student, other, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

const createScheme = async (body: Record<string, unknown>) =>
  expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, body)).schemeId;

async function simulate(schemeId: string, request: Record<string, unknown>, who = agency): Promise<SimulationResult> {
  const { jobId } = expectOk(
    await call<{ jobId: string }>('POST', `/v1/train/scheme/${schemeId}/simulate`, who, request),
  );
  await t.app.services.jobs.drain();
  const job = expectOk(await call<SchemeSimulationJob>('GET', `/v1/train/simulation/${jobId}`, who));
  expect(job.message).toBeNull();
  expect(job.status).toBe('done');
  expect(job.processed).toBe(job.total);
  return job.result!;
}

/** One phase, one point that goes back to itself on an error and asks for more questions than the bank holds. */
const loopScheme = (b: TestBank) => ({
  title: '死循环方案',
  type: 'general',
  initPhase: '练习',
  initPoint: '循环',
  timeLimit: 1800,
  kpRange: [b.kp],
  trainRepoId: b.trainRepoId,
  phases: [
    {
      phase: '练习',
      knowledgeIds: [b.kp],
      timeLimit: 0,
      points: [
        {
          name: '循环',
          onOK: '@end',
          onError: '循环',
          selectors: { types: ['singleChoice', 'trueFalse'] },
          repeat: 3,
          judgeWay: 'once',
          requireCorrect: 3,
        },
      ],
    },
  ],
});

describe('dry run of a scheme', () => {
  it('runs the cohort through the scheme and the same questions as a paper', async () => {
    const id = await createScheme(generalScheme(bank));
    const r = await simulate(id, { students: 300, spread: 'typical' });
    expect(r.students).toBe(300);
    expect(r.spread).toBe('typical');
    // The auto-judged questions of the chapter: the short answer is never drawn by a general scheme.
    expect(r.bankQuestions).toBe(2);
    expect(r.scheme.questions.median).toBeGreaterThan(0);
    expect(r.scheme.questions.p90).toBeGreaterThanOrEqual(r.scheme.questions.median);
    expect(r.scheme.histogram.reduce((n, b) => n + b.students, 0)).toBe(300);
    expect(r.phases.map((p) => p.phase)).toEqual(['热身', '巩固']);
    expect(r.phases[0].entered).toBe(300);
    for (const p of r.phases) expect(p.reached).toBeLessThanOrEqual(p.entered);
    expect(r.points.map((p) => p.code)).toEqual([bank.kp]);
    expect(Object.values(r.points[0].levels).reduce((a, b) => a + b, 0)).toBe(300);
    expect(r.paper).not.toBeNull();
    expect(r.paper!.questionCount).toBe(2);
    // A paper of 2 questions: every student answers both.
    expect(r.paper!.questions).toEqual({ median: 2, p90: 2 });
  });

  it('shows a point that loops back to itself without enough questions as stuck', async () => {
    const id = await createScheme(loopScheme(bank));
    const r = await simulate(id, { students: 200 });
    expect(r.spread).toBe('mix');
    const stuck = r.stuck.find((s) => s.point === '循环');
    expect(stuck).toBeDefined();
    // Every first visit asks 3 of 2 questions; a student with an error comes back to an empty draw.
    expect(stuck!.shortDraws).toBe(200);
    expect(stuck!.emptyDraws).toBeGreaterThan(0);
    expect(stuck!.looped).toBe(stuck!.emptyDraws);
    // The engine asks only as many right answers as were drawn (2): a student with both right leaves by onOK; one
    // with an error loops to an empty draw and leaves the phase without reaching its target.
    expect(r.phases).toEqual([{ phase: '练习', entered: 200, reached: 200 - stuck!.looped }]);
  });

  it('gives the same figures for the same scheme and bank', async () => {
    const id = await createScheme(generalScheme(bank, { title: '重复模拟' }));
    const a = await simulate(id, { students: 50, spread: 'weak' });
    const b = await simulate(id, { students: 50, spread: 'weak' });
    expect({ ...a, seconds: 0 }).toEqual({ ...b, seconds: 0 });
  });

  it('bounds the students and the spread (400)', async () => {
    const id = await createScheme(generalScheme(bank, { title: '边界' }));
    for (const request of [{ students: 10_001 }, { students: 0 }, { students: 1.5 }, { spread: 'average' }])
      expectError(await call('POST', `/v1/train/scheme/${id}/simulate`, agency, request), 400);
    const { jobId } = expectOk(
      await call<{ jobId: string }>('POST', `/v1/train/scheme/${id}/simulate`, agency, { students: 10_000 }),
    );
    // The job is queued; no need to run 10,000 students here (docs/simulation.md "Dry run of a scheme").
    const job = expectOk(await call<SchemeSimulationJob>('GET', `/v1/train/simulation/${jobId}`, agency));
    expect(job.result).toBeNull();
    expect(await t.app.services.jobs.cancel(jobId)).toBe(true);
  });

  it("answers 404 for another agency's scheme or job, 403 for a student", async () => {
    const id = await createScheme(generalScheme(bank, { title: '访问' }));
    expectError(await call('POST', `/v1/train/scheme/${id}/simulate`, other, { students: 10 }, 'other'), 404);
    expectError(await call('POST', '/v1/train/scheme/99999999/simulate', agency, { students: 10 }), 404);
    expectError(await call('POST', `/v1/train/scheme/${id}/simulate`, student, { students: 10 }), 403);
    const { jobId } = expectOk(
      await call<{ jobId: string }>('POST', `/v1/train/scheme/${id}/simulate`, teacher, { students: 10 }),
    );
    await t.app.services.jobs.drain();
    expectError(await call('GET', `/v1/train/simulation/${jobId}`, other, undefined, 'other'), 404);
    expectError(await call('GET', '/v1/train/simulation/abc', agency), 404);
    expectError(await call('GET', `/v1/train/simulation/${jobId}`, student), 403);
    expect(expectOk(await call<SchemeSimulationJob>('GET', `/v1/train/simulation/${jobId}`, agency)).status).toBe(
      'done',
    );
  });
});
