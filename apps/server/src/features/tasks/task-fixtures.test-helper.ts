// Fixtures of the task tests: a class of given students with a scheme given to it as a task that is open now.
import { classes, classMembers } from '../../db/schema-classes.js';
import { expectOk, type TestApp } from '../../test/test-app.js';
import type { schemeCalls } from '../../test/scheme-test-bank.js';

/** A new class of demo holding these students, given the scheme as a task open for the next hour: its id. */
export async function taskOpenNow(
  t: TestApp,
  call: ReturnType<typeof schemeCalls>,
  agency: string,
  schemeId: string,
  studentIds: number[],
): Promise<string> {
  const [cls] = await t.db
    .insert(classes)
    .values({ agencyId: 'demo', kind: 'ordinary', name: '随堂考试班' })
    .returning({ id: classes.id });
  await t.db.insert(classMembers).values(studentIds.map((userId) => ({ classId: cls.id, userId })));
  const task = expectOk(
    await call<{ taskId: string }>('PUT', '/v1/task', agency, {
      title: '随堂考试',
      schemeId,
      classId: String(cls.id),
      startTime: t.clock.now() - 1000,
      deadline: t.clock.now() + 3_600_000,
      latePolicy: 'none',
      homework: false,
    }),
  );
  return task.taskId;
}
