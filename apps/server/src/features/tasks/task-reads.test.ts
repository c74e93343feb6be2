// A task's reads by its students arriving together (a class starting an exam at once) share one statement
// (TasksRepository.ofStudent, lib/micro-batch.ts), and each asker still gets only its own: the task if it is given
// to them in their agency, with their own training of it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { countStatements } from '../../test/statement-counter.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { paperScheme } from '../training/training-fixtures.test-helper.js';
import { TasksRepository } from './tasks.repository.js';
import { taskOpenNow } from './task-fixtures.test-helper.js';

let t: TestApp;
let repo: TasksRepository;
let taskId: number;
let studentId: number;
let classmateId: number;
let outsiderId: number;
let student: string;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  repo = new TasksRepository(t.db);
  classmateId = await addUser(t, 'task-reads-classmate', '同桌', ['edu:agency:demo:student']);
  outsiderId = await addUser(t, 'task-reads-outsider', '别班同学', ['edu:agency:demo:student']);
  const [admin, agency] = await Promise.all([t.login('admin'), t.login('agency')]);
  student = await t.login('student');
  [{ id: studentId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const bank = await createTestBank(t, admin, agency);
  const paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
  taskId = Number(await taskOpenNow(t, call, agency, paper, [studentId, classmateId]));
});
afterAll(() => t.close());

describe("a task's reads by its students, together", () => {
  it('share one statement; each asker gets its own training, and nothing of a task not given or of another agency', async () => {
    const started = expectOk(await call<{ trainId: string }>('PUT', `/v1/student/task/${taskId}/do`, student));
    const counter = countStatements(t.database);
    counter.reset();
    const [mine, theirs, outsider, elsewhere] = await Promise.all([
      repo.ofStudent('demo', taskId, studentId),
      repo.ofStudent('demo', taskId, classmateId),
      repo.ofStudent('demo', taskId, outsiderId),
      repo.ofStudent('other-agency', taskId, studentId),
    ]);
    expect(counter.count).toBe(1);
    expect(mine).toMatchObject({ id: taskId, agencyId: 'demo', trainId: Number(started.trainId) });
    expect(theirs).toMatchObject({ id: taskId, trainId: null });
    expect(outsider).toBeUndefined();
    expect(elsewhere).toBeUndefined();
  });
});
