// The demo schemes are switched on and trainable, and the demo trainings finish through the real service.
import type { TrainingRecord } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../services.js';
import { createTestApp, expectOk, type TestApp } from '../test/test-app.js';
import { DEMO_ADAPTIVE_TITLE, DEMO_PAPER_TITLE } from './seed-schemes.js';
import { seedDemoPractice } from './seed-trainings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page<T> = { total: number; list: T[] };

describe('demo schemes and trainings', () => {
  it('switches both demo schemes on and plays two adaptive trainings and one paper for the student, all ended', async () => {
    const student = await t.login('student');
    const given = await seedDemoPractice(
      t.db,
      (clock) => createServices({ db: t.db, config: t.config, clock }).training,
    );
    const open = async () =>
      expectOk(
        await t.call<Page<{ title: string; type: string; finishedCount: number }>>('GET', '/v1/train/open/schemes', {
          token: student,
          agency: 'demo',
        }),
      ).list;
    expect((await open()).map((s) => [s.title, s.type, s.finishedCount])).toEqual(
      expect.arrayContaining([
        [DEMO_ADAPTIVE_TITLE, 'general', 2],
        [DEMO_PAPER_TITLE, 'paper', 1],
      ]),
    );
    const history = expectOk(
      await t.call<
        Page<{ trainId: string; title: string; status: string; answered: number; correct: number; maxScore: number }>
      >('GET', '/v1/train/history', { token: student, agency: 'demo' }),
    );
    expect(history.total).toBe(3);
    for (const h of history.list) {
      expect(h.status).toBe('finished');
      expect(h.answered).toBeGreaterThan(2);
      expect(h.correct).toBeGreaterThan(0);
      expect(h.correct).toBeLessThan(h.answered);
    }
    expect(history.list[0]).toMatchObject({ title: DEMO_PAPER_TITLE, answered: 8, maxScore: 8 });

    // Every answer is judged as the seed meant it, and reads as a student could have typed it.
    const records = (
      await Promise.all(
        history.list.map(async (h) =>
          expectOk(
            await t.call<TrainingRecord[]>('GET', `/v1/train/${h.trainId}/questions`, {
              token: student,
              agency: 'demo',
            }),
          ),
        ),
      )
    ).flat();
    expect(records.map((r) => [r.recordId, r.isCorrect]).sort()).toEqual(
      given.map((g) => [g.recordId, g.right]).sort(),
    );
    expect(given.filter((g) => g.right).length).toBeGreaterThan(given.length / 2);
    for (const r of records)
      for (const a of [...r.answer, ...r.subAnswers.flatMap((s) => s.answer)]) expect(a).not.toMatch(/\|/);
  });
});
