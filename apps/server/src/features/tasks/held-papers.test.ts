// Which papers some task gives (reachable only through their task): every paper start asks, so asks arriving together
// (a class starting an exam) share one statement (TasksRepository.heldPapers, lib/micro-batch.ts); each asker gets
// only its own agency's answer for the schemes it asked about, and a read asked after a change sees it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { countStatements } from '../../test/statement-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { paperScheme } from '../training/training-fixtures.test-helper.js';
import { taskOpenNow } from './task-fixtures.test-helper.js';
import { TasksRepository } from './tasks.repository.js';

let t: TestApp;
let repo: TasksRepository;
let agency: string;
let studentId: number;
let given: number;
let free: number;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  repo = new TasksRepository(t.db);
  const admin = await t.login('admin');
  agency = await t.login('agency');
  [{ id: studentId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const bank = await createTestBank(t, admin, agency);
  given = Number(await paperScheme(call, agency, bank, [bank.single]));
  free = Number(await paperScheme(call, agency, bank, [bank.trueFalse]));
  await taskOpenNow(t, call, agency, String(given), [studentId]);
});
afterAll(() => t.close());

describe('the papers some task gives, asked together', () => {
  it('share one statement; each asker gets its own agency and schemes only', async () => {
    const counter = countStatements(t.database);
    counter.reset();
    const [both, onlyFree, onlyGiven, otherAgency] = await Promise.all([
      repo.heldPapers('demo', [given, free]),
      repo.heldPapers('demo', [free]),
      repo.heldPapers('demo', [given]),
      repo.heldPapers('another-agency', [given, free]),
    ]);
    expect(counter.count).toBe(1);
    expect([...both]).toEqual([given]);
    expect(onlyFree.size).toBe(0);
    expect([...onlyGiven]).toEqual([given]);
    expect(otherAgency.size).toBe(0);
    expect((await repo.heldPapers('demo', [])).size).toBe(0);
    expect(counter.count).toBe(1);
  });

  it('a read asked after a change sees it', async () => {
    expect((await repo.heldPapers('demo', [free])).size).toBe(0);
    // The task now gives the other paper.
    await t.db.execute(`update tasks set scheme_id = ${free} where scheme_id = ${given}`);
    expect([...(await repo.heldPapers('demo', [given, free]))]).toEqual([free]);
  });
});
