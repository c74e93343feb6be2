// A task's score export through the API (docs/tasks.md "Scores", docs/security.md "Exports"): a student who has
// not started gets empty score cells, not 0; a finished one the numbers; text that would start a formula goes out
// as text; a title with quotes and line breaks never reaches the header raw.
import { Task, type Training } from '@edu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classMembers } from '../../db/schema-classes.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';
import { SCORE_HEADERS } from './tasks-export.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
const call = schemeCalls(() => t);
const HOSTILE_TITLE = '=HYPERLINK("http://evil.example","点我")"; x\r\n';
const HOSTILE_NAME = '@SUM(1+1)';

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
  const idle = await addUser(t, 'export-idle', HOSTILE_NAME, ['edu:agency:demo:student']);
  const [cls] = await t.db
    .insert(classes)
    .values({ agencyId: 'demo', kind: 'ordinary', name: '-导出班' })
    .returning({ id: classes.id });
  await t.db.insert(classMembers).values([
    { classId: cls.id, userId: studentId },
    { classId: cls.id, userId: idle },
  ]);
  const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.trueFalse]));
  const task = Task.parse(
    expectOk(
      await call<Task>('PUT', '/v1/task', agency, {
        title: HOSTILE_TITLE.trim(),
        schemeId,
        classId: String(cls.id),
        startTime: t.clock.now(),
        deadline: t.clock.now() + 3600_000,
        latePolicy: 'none',
        homework: true,
      }),
    ),
  );
  taskId = task.taskId;
  const tr = expectOk(await call<Training>('PUT', `/v1/student/task/${taskId}/do`, student));
  expectOk(
    await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
      clientAnswerId: 'export-answer-1',
      questionId: bank.trueFalse,
      answer: ['T'],
    }),
  );
  expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
});
afterAll(() => t.close());
let taskId: string;

async function rowsOf(data: Buffer): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('成绩')!;
  const out: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(SCORE_HEADERS.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return out;
}

describe('a task score export', () => {
  it('leaves the not-started empty, writes formula-like text as text, and encodes the file name', async () => {
    const file = await t.call('GET', `/v1/task/${taskId}/scores/export`, { token: agency, agency: 'demo' });
    expect(file.status).toBe(200);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition.match(/filename="([^"]*)"/)?.[1]).not.toContain('"');
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(HOSTILE_TITLE.trim()).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const rows = await rowsOf(file.raw.rawPayload);
    const idle = rows.find((r) => r['用户名'] === 'export-idle')!;
    expect(idle).toMatchObject({ 学生: `'${HOSTILE_NAME}`, 状态: '未开始', 得分: null, 满分: null, 计入成绩: null });
    const done = rows.find((r) => r['用户名'] === 'student')!;
    expect(done).toMatchObject({
      状态: '已完成',
      得分: expect.any(Number) as number,
      满分: expect.any(Number) as number,
    });
    expect(done['任务']).toBe(`'${HOSTILE_TITLE.trim()}`);
    expect(done['班级']).toBe("'-导出班");
    // The API says the same as the file: no score is null.
    const dash = expectOk(
      await call<{
        students: { username: string; score: number | null; maxScore: number | null; taskScore: number | null }[];
      }>('GET', `/v1/task/${taskId}/dashboard`, agency),
    );
    expect(dash.students.find((s) => s.username === 'export-idle')).toMatchObject({
      score: null,
      maxScore: null,
      taskScore: null,
    });
  });
});
