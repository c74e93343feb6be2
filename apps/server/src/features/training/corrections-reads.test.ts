// The review inputs read by id arriving together (a class handing in a paper at once: every ended paper's view
// asks) share one statement (CorrectionsRepository.byIds, lib/micro-batch.ts), and each asker gets only the ids
// it asked for.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { countStatements } from '../../test/statement-counter.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { taskOpenNow } from '../tasks/task-fixtures.test-helper.js';
import { CorrectionsRepository } from './corrections.repository.js';
import { paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let repo: CorrectionsRepository;
let freePaper: number;
let taskPaper: number;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  repo = new CorrectionsRepository(t.db);
  const classmateId = await addUser(t, 'corrections-reads-classmate', '同桌', ['edu:agency:demo:student']);
  const [admin, agency] = await Promise.all([t.login('admin'), t.login('agency')]);
  const student = await t.login('student');
  const [{ id: studentId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const bank = await createTestBank(t, admin, agency);
  const paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
  const free = expectOk(await call<{ trainId: string }>('PUT', `/v1/train/scheme/${paper}/start`, student));
  expectOk(await call('POST', `/v1/train/${free.trainId}/finish`, student));
  freePaper = Number(free.trainId);
  const taskId = await taskOpenNow(t, call, agency, paper, [studentId, classmateId]);
  const held = expectOk(await call<{ trainId: string }>('PUT', `/v1/student/task/${taskId}/do`, student));
  expectOk(await call('POST', `/v1/train/${held.trainId}/finish`, student));
  taskPaper = Number(held.trainId);
});
afterAll(() => t.close());

describe('the review inputs read by id, together', () => {
  it('share one statement; each asker gets its own ids only', async () => {
    const counter = countStatements(t.database);
    counter.reset();
    const [free, task, both, none] = await Promise.all([
      repo.byIds([freePaper]),
      repo.byIds([taskPaper]),
      repo.byIds([taskPaper, freePaper, 987_654_321]),
      repo.byIds([987_654_321]),
    ]);
    expect(counter.count).toBe(1);
    expect([...free.keys()]).toEqual([freePaper]);
    expect(free.get(freePaper)).toMatchObject({ paper: true, taskDeadline: null });
    expect([...task.keys()]).toEqual([taskPaper]);
    expect(task.get(taskPaper)?.taskDeadline).toEqual(expect.any(Number));
    expect([...both.keys()].sort()).toEqual([freePaper, taskPaper].sort());
    expect(none.size).toBe(0);
  });

  it('a read asked after a change sees it', async () => {
    await repo.byIds([taskPaper]);
    await t.db.execute(
      `update tasks set deadline = now() + interval '7 days' where id = (select task_id from trainings where id = ${taskPaper})`,
    );
    const after = await repo.byIds([taskPaper]);
    expect(after.get(taskPaper)?.taskDeadline).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});
