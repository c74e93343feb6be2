// Leaving an agency (docs/users.md "Leaving and retention"): roles go only in that agency, the records stay for
// the retention and a rejoin sees them again, the purge then deletes exactly that agency's rows; the own history
// export and who may call what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type {
  HistoryAgencies,
  LeftMembership,
  LeftStudent,
  Training,
  TrainingAnswerResult,
  TrainingSummary,
} from '@edu/contract';
import { questions, userRoles } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { plainText } from '../questions/questions.policy.js';
import { agencyStudentAndBank, schemeCalls } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, paperScheme } from '../training/training-fixtures.test-helper.js';
import { countRecords, seedRecords, type Seeded } from './leaving.fixtures.test-helper.js';

const DAY = 24 * 3600_000;
let t: TestApp;
let agency: string; // demo's admin
let other: string; // other's admin
let leaverId: number;
let leaver: string;
let stem: string;
let demoRows: Seeded;
type Page<T> = { total: number; list: T[] };

const as = (token: string, agencyId?: string) => ({ token, ...(agencyId ? { agency: agencyId } : {}) });
const rolesOf = async (id: number) =>
  (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))
    .map((r) => r.role)
    .sort();

async function workbook(token: string, query = '') {
  const r = await t.call('GET', `/v1/users/me/history/export${query}`, as(token));
  expect(r.status, r.raw.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
  const rows = (name: string) =>
    (wb.getWorksheet(name)?.getSheetValues() ?? []).filter(Boolean).map((v) => (v as unknown[]).slice(1));
  return { trainings: rows('训练记录'), answers: rows('答题记录'), info: rows('说明').flat().join('\n') };
}

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  other = await t.login('other');
  leaverId = await addUser(t, 'leaver', '离开的学生', ['edu:agency:demo:student', 'edu:agency:other:student']);
  leaver = await t.login('leaver');
  const [q] = await t.db.select({ id: questions.id, question: questions.question }).from(questions).limit(1);
  stem = plainText(q.question);
  demoRows = await seedRecords(t, 'demo', leaverId, { title: '演示机构练习', questionId: q.id });
  await seedRecords(t, 'other', leaverId, { title: '其他机构练习', questionId: q.id });
  await seedRecords(t, 'other', leaverId, {
    title: '其他机构试卷',
    questionId: q.id,
    type: 'paper',
    status: 'running',
  });
});
afterAll(() => t.close());

describe('leaving', () => {
  it('states the retention', async () => {
    expect(expectOk(await t.call('GET', '/v1/users/leaving/policy', as(leaver)))).toEqual({ retentionDays: 365 });
  });

  it("refuses another agency's admin (403 acting in demo, 404 for demo's student in their own)", async () => {
    expectError(await t.call('DELETE', `/v1/users/student/${leaverId}/membership`, as(other, 'demo')), 403);
    const demoOnly = await addUser(t, 'demo_only', '只在演示', ['edu:agency:demo:student']);
    expectError(await t.call('DELETE', `/v1/users/student/${demoOnly}/membership`, as(other, 'other')), 404);
    expectError(await t.call('POST', `/v1/users/student/${demoOnly}/rejoin`, as(other, 'other')), 404);
    expect(await rolesOf(demoOnly)).toEqual(['edu:agency:demo:student']);
  });

  it("removes the agency's roles and classes only; the student can no longer act there; records stay", async () => {
    const left = expectOk(
      await t.call<LeftMembership>('DELETE', `/v1/users/student/${leaverId}/membership`, as(agency, 'demo')),
    );
    expect(left).toEqual({
      agencyId: 'demo',
      userId: String(leaverId),
      leftAt: t.clock.now(),
      purgeAt: t.clock.now() + 365 * DAY,
    });
    expect(await rolesOf(leaverId)).toEqual(['edu:agency:other:student']);
    expectError(await t.call('GET', '/v1/train/history', as(leaver, 'demo')), 403);
    const theirs = expectOk(await t.call<Page<TrainingSummary>>('GET', '/v1/train/history', as(leaver, 'other')));
    expect(theirs.list.map((x) => x.title).sort()).toEqual(['其他机构练习', '其他机构试卷']);
    expect(await countRecords(t, 'demo', leaverId)).toMatchObject({
      trainings: 1,
      records: 1,
      marks: 1,
      cards: 1,
      taskPlaces: 1,
      classPlaces: 0,
      membership: 1,
    });
    expect((await countRecords(t, 'other', leaverId)).classPlaces).toBe(2);
    // Marking again answers 404: no longer a student of demo.
    expectError(await t.call('DELETE', `/v1/users/student/${leaverId}/membership`, as(agency, 'demo')), 404);
  });

  it("lists leavers to their agency's student admins only", async () => {
    const page = expectOk(await t.call<Page<LeftStudent>>('GET', '/v1/users/students/left', as(agency, 'demo')));
    expect(page.list.find((s) => s.id === String(leaverId))).toMatchObject({ name: '离开的学生', trainings: 1 });
    const none = expectOk(await t.call<Page<LeftStudent>>('GET', '/v1/users/students/left', as(other, 'other')));
    expect(none.list.find((s) => s.id === String(leaverId))).toBeUndefined();
    expectError(await t.call('GET', '/v1/users/students/left', as(leaver, 'other')), 403);
  });

  it('a rejoin within the retention sees the kept history again; a current member answers 409', async () => {
    expectError(await t.call('POST', `/v1/users/student/${leaverId}/rejoin`, as(other, 'other')), 409);
    expect(expectOk(await t.call('POST', `/v1/users/student/${leaverId}/rejoin`, as(agency, 'demo')))).toBeNull();
    const mine = expectOk(await t.call<Page<TrainingSummary>>('GET', '/v1/train/history', as(leaver, 'demo')));
    expect(mine.list.map((x) => x.trainId)).toEqual([String(demoRows.trainingId)]);
  });

  it('a student leaves by themselves; an agency admin may not', async () => {
    const both = await addUser(t, 'stu_admin', '学生兼管理员', ['edu:agency:demo:student', 'edu:agency:demo:admin']);
    const token = await t.login('stu_admin');
    expectError(await t.call('DELETE', '/v1/users/me/membership', as(token, 'demo')), 409);
    expectError(await t.call('DELETE', '/v1/users/me/membership', as(agency, 'demo')), 403);
    expect(await rolesOf(both)).toContain('edu:agency:demo:admin');
    const self = await addUser(t, 'self_leaver', '自己离开', ['edu:agency:demo:student', 'edu:agency:other:student']);
    const selfToken = await t.login('self_leaver');
    expectOk(await t.call<LeftMembership>('DELETE', '/v1/users/me/membership', as(selfToken, 'other')));
    expect(await rolesOf(self)).toEqual(['edu:agency:demo:student']);
    expectError(await t.call('GET', '/v1/train/history', as(selfToken, 'other')), 403);
  });
});

describe('own history export', () => {
  it("lists every agency keeping the caller's records", async () => {
    const mine = expectOk(await t.call<HistoryAgencies>('GET', '/v1/users/me/history/agencies', as(leaver)));
    expect(mine.retentionDays).toBe(365);
    expect(mine.list.map((a) => [a.id, a.trainings])).toEqual(
      expect.arrayContaining([
        ['demo', 1],
        ['other', 2],
      ]) as unknown,
    );
  });

  it('exports trainings and answers of all agencies, stems as text, never a running paper’s verdict or stem', async () => {
    const { trainings, answers, info } = await workbook(leaver);
    expect(trainings[0][0]).toBe('机构');
    expect(
      trainings
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['其他机构练习', '其他机构试卷', '演示机构练习']);
    const byScheme = new Map(answers.slice(1).map((r) => [r[1], r]));
    expect(byScheme.get('演示机构练习')?.slice(3)).toEqual([stem, '我的作答', '正确', 1]);
    const paper = byScheme.get('其他机构试卷')!;
    // Empty cells read back as undefined.
    expect([paper[3] ?? '', paper[4], paper[5], paper[6] ?? '']).toEqual([
      '',
      '我的作答',
      '试卷进行中，交卷后可见',
      '',
    ]);
    expect(info).toContain('答题记录：3 条');
    expect(info).toContain('不含标准答案');
  });

  it('exports one chosen agency, 404 for one without records, only ever the caller’s own', async () => {
    const { trainings } = await workbook(leaver, '?agency=other');
    expect(
      trainings
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['其他机构练习', '其他机构试卷']);
    expectError(await t.call('GET', '/v1/users/me/history/export?agency=no-such', as(leaver)), 404);
    expectError(await t.call('GET', '/v1/users/me/history/export?agency=BAD!', as(leaver)), 400);
    const student = await t.login('student');
    const theirs = await workbook(student);
    expect(theirs.trainings.flat()).not.toContain('演示机构练习');
    expectError(await t.call('GET', '/v1/users/me/history/export'), 401);
  });
});

describe('own history export and sealing', () => {
  it('keeps back the verdict and score of an answer whose question a running paper holds, until the hand-in', async () => {
    const { agency: admin, student, bank } = await agencyStudentAndBank(t);
    const call = schemeCalls(() => t);
    const practice = await generalSchemeOn(call, admin, fixedScheme(bank, [bank.single], { title: '导出封存练习' }));
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${practice}/start`, student));
    const answered = expectOk(
      await call<TrainingAnswerResult>('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: 'export-sealing-1',
        questionId: bank.single,
        answer: ['A'],
      }),
    );
    expect(answered.training.status).toBe('finished');
    const paper = await paperScheme(call, admin, bank, [bank.single]);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, admin));
    const practiceRow = async () => {
      const { answers } = await workbook(student);
      const row = answers.find((r) => r[1] === '导出封存练习')!;
      return [row[5], row[6] ?? ''];
    };
    // A paper switched on but not started seals nothing.
    expect(await practiceRow()).toEqual(['正确', 1]);
    const exam = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student));
    expect(exam.paper?.questions.map((q) => q.id)).toEqual([bank.single]);
    expect(await practiceRow()).toEqual(['此题在进行中的试卷或训练中，完成后可见', '']);
    expect((await workbook(student)).info).toContain('完成后才显示');
    expectOk(await call<Training>('POST', `/v1/train/${exam.trainId}/finish`, student));
    expect(await practiceRow()).toEqual(['正确', 1]);
  });
});

describe('retention purge', () => {
  it('keeps the records until the retention passes, then deletes exactly that agency’s rows, idempotently', async () => {
    expectOk(await t.call('DELETE', `/v1/users/student/${leaverId}/membership`, as(agency, 'demo')));
    const { purge } = t.app.services.leaving;
    t.clock.advance(364 * DAY);
    expect((await purge.run()).members).toBe(0);
    expect((await countRecords(t, 'demo', leaverId)).trainings).toBe(1);
    const otherBefore = await countRecords(t, 'other', leaverId);
    t.clock.advance(2 * DAY);
    // Two leavers are due: this one, and self_leaver (who left other without records).
    expect(await purge.run()).toEqual({ members: 2, trainings: 1, records: 1 });
    expect(await countRecords(t, 'demo', leaverId)).toEqual({
      trainings: 0,
      records: 0,
      marks: 0,
      cards: 0,
      taskPlaces: 0,
      classPlaces: 0,
      membership: 0,
    });
    expect(await countRecords(t, 'other', leaverId)).toEqual(otherBefore);
    expect(await rolesOf(leaverId)).toEqual(['edu:agency:other:student']);
    expect(await purge.run()).toEqual({ members: 0, trainings: 0, records: 0 });
  });

  it('never purges a leaver who holds a role of the agency again', async () => {
    const back = await addUser(t, 'came_back', '回来的学生', ['edu:agency:demo:student']);
    const [q] = await t.db.select({ id: questions.id }).from(questions).limit(1);
    await seedRecords(t, 'demo', back, { title: '回来前的练习', questionId: q.id });
    expectOk(await t.call('DELETE', `/v1/users/student/${back}/membership`, as(await t.login('agency'), 'demo')));
    await t.db.insert(userRoles).values({ userId: back, role: 'edu:agency:demo:student' });
    t.clock.advance(400 * DAY);
    await t.app.services.leaving.purge.run();
    expect((await countRecords(t, 'demo', back)).trainings).toBe(1);
  });
});
