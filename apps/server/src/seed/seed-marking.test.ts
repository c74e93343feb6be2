// The demo marking: after the demo seed and practice, the teachers' queue holds one pending short answer and
// one marked answer (with its comment, annotation and history), and the student's report shows the mark, the
// annotation and the task's title.
import { MarkingQueuePage, MarkingTraining, type TrainingReport } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../services.js';
import { createTestApp, expectOk, type TestApp } from '../test/test-app.js';
import { seedDemoMarking } from './seed-marking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo marking', () => {
  it('leaves one pending short answer and one marked answer, and is idempotent', async () => {
    const seed = () => seedDemoMarking(t.db, (clock) => createServices({ db: t.db, config: t.config, clock }));
    await seed();
    await seed();
    const teacher = await t.login('teacher');
    const queue = async (status: string) =>
      MarkingQueuePage.parse(
        expectOk(await t.call('GET', `/v1/marking/queue?status=${status}`, { token: teacher, agency: 'demo' })),
      );
    const pending = await queue('pending');
    const marked = await queue('marked');
    expect(pending.total).toBe(1);
    expect(marked.total).toBe(1);
    expect(pending.list[0]).toMatchObject({ student: '李小明', type: 'shortAnswer' });
    expect(pending.list[0].taskId).not.toBe('0');
    // A homework task's: the demo homework teacher sees it too.
    const tutor = await t.login('tutor');
    const theirs = MarkingQueuePage.parse(
      expectOk(await t.call('GET', '/v1/marking/queue', { token: tutor, agency: 'demo' })),
    );
    expect(theirs.list.map((i) => i.recordId)).toEqual([pending.list[0].recordId]);

    const m = marked.list[0];
    const training = MarkingTraining.parse(
      expectOk(
        await t.call('GET', `/v1/marking/training/${m.taskId}/${m.trainId}`, { token: teacher, agency: 'demo' }),
      ),
    );
    expect(training.items[0].mark).toMatchObject({ score: 0.5, isCorrect: false, marker: '张老师' });
    expect(training.items[0].mark?.annotations[0]).toMatchObject({ note: '应为 tells' });
    expect(training.items[0].history).toHaveLength(1);

    const student = await t.login('student');
    const report = expectOk(
      await t.call<TrainingReport>('GET', `/v1/train/report/${m.trainId}`, { token: student, agency: 'demo' }),
    );
    expect(report.training.score).toBe(0.5);
    // The task's title, as a training started from the task has it.
    expect(report.training.title).toBe('七年级英语简答练习（作业 2）');
    // The demo's tasks ended a day ago (the seed's clock is today's): then the teacher's note on "tell" is shown.
    t.clock.set(Date.now());
    const token = await t.login('student');
    const later = expectOk(
      await t.call<TrainingReport>('GET', `/v1/train/report/${m.trainId}`, { token, agency: 'demo' }),
    );
    expect(later.records[0].markAnnotations).toEqual([expect.objectContaining({ note: '应为 tells' })]);
  });
});
