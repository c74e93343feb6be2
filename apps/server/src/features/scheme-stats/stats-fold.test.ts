// The statistics' fold after a training's end (migration 0051, docs/scheme-stats.md "How it is computed fast"): the
// write that ends a training only notes it; a read of the question figures folds its scheme's notes first and sees
// every ended training; the background fold takes the notes of any scheme; a later change to an ended training's
// answers (a teacher's judgement) notes it again and the next read counts the change.
import { SchemeAnswerStats } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { joinDemoClass } from '../../test/test-users.js';
import { schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { addStudents, createStatsWorld, runPaper, type StatsWorld } from './scheme-stats.fixtures.test-helper.js';

let t: TestApp;
let w: StatsWorld;
let teacher: string;
let kids: { id: number; token: string }[];
const call = schemeCalls(() => t);

beforeAll(async () => {
  // No background fold in test apps (testConfig): the notes are looked at before anything folds them.
  t = await createTestApp();
  let admin: string;
  let agency: string;
  [agency, teacher, admin] = await Promise.all(['agency', 'teacher', 'admin'].map((u) => t.login(u)));
  w = await createStatsWorld(t, admin, agency);
  kids = await addStudents(t, ['折叠一', '折叠二', '折叠三']);
  for (const k of kids) await joinDemoClass(t, k.id, 'student');
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const count = async (table: 'scheme_stat_pending' | 'scheme_stat_items', trainId: string) =>
  rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where training_id = ${Number(trainId)}`),
  )[0].n;
const answers = async () =>
  SchemeAnswerStats.parse(expectOk(await call('GET', `/v1/train/scheme/${w.paperId}/stats/answer`, teacher)));

describe('the statistics fold after the end', () => {
  it('notes an ended training, folds it on the next read, in the background, and again after a change', async () => {
    const first = await runPaper(t, w, kids[0].token, [1, 1, 1]);
    const second = await runPaper(t, w, kids[1].token, [1, 0, 1]);
    // The end wrote a note, no items.
    for (const id of [first, second]) {
      expect(await count('scheme_stat_pending', id)).toBe(1);
      expect(await count('scheme_stat_items', id)).toBe(0);
    }
    // A read folds the scheme's notes first: both trainings counted.
    const read = await answers();
    expect(read.trainings).toBe(2);
    expect(read.questions.map((q) => [q.attempts, q.facility])).toEqual([
      [2, 1],
      [2, 0.5],
      [2, 1],
    ]);
    for (const id of [first, second]) {
      expect(await count('scheme_stat_pending', id)).toBe(0);
      expect(await count('scheme_stat_items', id)).toBe(3);
    }

    // The background fold takes any scheme's notes.
    const third = await runPaper(t, w, kids[2].token, [0, 0, 0]);
    expect(await count('scheme_stat_pending', third)).toBe(1);
    expect(await t.app.services.schemeStats.foldPending()).toBe(1);
    expect(await count('scheme_stat_pending', third)).toBe(0);
    expect(await count('scheme_stat_items', third)).toBe(3);
    expect(await t.app.services.schemeStats.foldPending()).toBe(0);

    // A changed answer of an ended training (a teacher's judgement) is noted and counted by the next read, once.
    await t.db.execute(sql`update answer_records set score = 1, is_correct = true
      where training_id = ${Number(third)} and question_id = ${Number(w.q[0])}`);
    expect(await count('scheme_stat_pending', third)).toBe(1);
    const after = await answers();
    expect(after.trainings).toBe(3);
    expect(after.questions.map((q) => q.attempts)).toEqual([3, 3, 3]);
    expect(after.questions[0].facility).toBeCloseTo(1, 9);
    expect(after.questions[1].facility).toBeCloseTo(1 / 3, 9);
    expect(await count('scheme_stat_items', third)).toBe(3);
  });
});

describe('the statistics trigger on trainings (migration 0052)', () => {
  const statRow = async (trainId: string) =>
    rowsOf<{ status: string; answered: number; user_id: string | number }>(
      await t.db.execute(
        sql`select status, answered, user_id from scheme_stat_trainings where training_id = ${Number(trainId)}`,
      ),
    )[0];

  it('is a row trigger whose condition leaves a running training that stays running alone', async () => {
    const [trigger] = rowsOf<{ row_level: boolean; has_when: boolean }>(
      await t.db.execute(sql`select (tgtype & 1) = 1 as row_level, tgqual is not null as has_when from pg_trigger
        where tgname = 'scheme_stats_training_update' and tgrelid = 'trainings'::regclass`),
    );
    expect(trigger).toEqual({ row_level: true, has_when: true });

    const kid = kids[0];
    const training = expectOk(await call<{ trainId: string }>('PUT', `/v1/train/scheme/${w.paperId}/start`, kid.token));
    const id = training.trainId;
    expectOk(
      await call('POST', `/v1/train/${id}/answer`, kid.token, {
        clientAnswerId: 'stats-trigger-1',
        questionId: w.q[0],
        answer: w.right[w.q[0]],
      }),
    );
    // Answering a running training: the row the start wrote is unchanged, nothing noted.
    expect(await statRow(id)).toMatchObject({ status: 'running', answered: 0 });
    expect(await count('scheme_stat_pending', id)).toBe(0);

    // A running training moved to another student (the key columns) is written again, still without a note.
    await t.db.execute(sql`update trainings set user_id = ${kids[1].id} where id = ${Number(id)}`);
    expect(Number((await statRow(id)).user_id)).toBe(kids[1].id);
    expect(await count('scheme_stat_pending', id)).toBe(0);
    await t.db.execute(sql`update trainings set user_id = ${kid.id} where id = ${Number(id)}`);

    // The end writes the figures and notes the training.
    expectOk(await call('POST', `/v1/train/${id}/finish`, kid.token));
    expect(await statRow(id)).toMatchObject({ answered: 1 });
    expect((await statRow(id)).status).not.toBe('running');
    expect(await count('scheme_stat_pending', id)).toBe(1);

    // A change to an ended training notes it again after its fold.
    expect(await t.app.services.schemeStats.foldPending()).toBeGreaterThan(0);
    expect(await count('scheme_stat_pending', id)).toBe(0);
    await t.db.execute(sql`update trainings set answered = answered where id = ${Number(id)}`);
    expect(await count('scheme_stat_pending', id)).toBe(1);

    // The note names the training's scheme and agency; a note naming others is set right by the next change.
    const note = async () =>
      rowsOf<{ scheme_id: string | number; agency_id: string }>(
        await t.db.execute(sql`select scheme_id, agency_id from scheme_stat_pending where training_id = ${Number(id)}`),
      )[0];
    expect(await note()).toMatchObject({ agency_id: 'demo' });
    expect(String((await note()).scheme_id)).toBe(w.paperId);
    await t.db.execute(sql`update scheme_stat_pending set scheme_id = 0 where training_id = ${Number(id)}`);
    await t.db.execute(sql`update trainings set answered = answered where id = ${Number(id)}`);
    expect(String((await note()).scheme_id)).toBe(w.paperId);
    expect(await count('scheme_stat_pending', id)).toBe(1);
  });
});
