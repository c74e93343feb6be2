// The demo tasks: after the demo seed and practice, the demo class has a finished task, an open one and a homework
// done by the demo student; the student's to-do list shows the open ones; seeding again adds nothing.
import { TaskDashboard, type Task } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../services.js';
import { createTestApp, expectOk, type TestApp } from '../test/test-app.js';
import { seedDemoTasks } from './seed-tasks.js';
import { seedDemoPractice } from './seed-trainings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPractice(t.db, (clock) => createServices({ db: t.db, config: t.config, clock }).training);
});
afterAll(() => t.close());

describe('demo tasks', () => {
  it('seeds a finished, an open and a homework task, once', async () => {
    const seed = () => seedDemoTasks(t.db, (clock) => createServices({ db: t.db, config: t.config, clock }));
    await seed();
    await seed();
    // The demo is seeded around the real time; the test app's clock starts in January 2026.
    t.clock.set(Date.now());
    const agency = await t.login('agency');
    const list = expectOk(
      await t.call<{ total: number; list: Task[] }>('GET', '/v1/task/list', { token: agency, agency: 'demo' }),
    );
    const mine = list.list.filter((x) => ['第一单元练习', '第二单元练习', '本周英语作业'].includes(x.title));
    expect(mine).toHaveLength(3);
    const byTitle = (title: string) => list.list.find((x) => x.title === title)!;
    expect(byTitle('本周英语作业')).toMatchObject({ homework: true, latePolicy: 'penalty', latePenalty: 20 });
    const board = async (task: Task) =>
      TaskDashboard.parse(
        expectOk(await t.call('GET', `/v1/task/${task.taskId}/dashboard`, { token: agency, agency: 'demo' })),
      );
    for (const title of ['第一单元练习', '本周英语作业']) {
      const mine = (await board(byTitle(title))).students.find((s) => s.username === 'student');
      expect(mine, title).toMatchObject({ progress: 'done', late: false });
      expect(mine!.maxScore).toBeGreaterThan(0);
    }
    expect((await board(byTitle('第二单元练习'))).counts.done).toBe(0);

    const student = await t.login('student');
    const todo = expectOk(
      await t.call<{ list: { title: string }[] }>('GET', '/v1/student/tasks/todo', { token: student, agency: 'demo' }),
    );
    expect(todo.list.map((x) => x.title).sort()).toEqual(['第二单元练习', '本周英语作业'].sort());
  });
});
