// Teachers and parents imported from Excel (docs/enrolment.md "Kinds") through the API on the real database: the
// templates, a good file, a file with row errors (nothing written), hostile files (300,000 rows, NUL, no xlsx) and
// access (the kind's admins only; another agency's job and another kind's job answer 404).
import type { EnrolmentJob } from '@edu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren, userRoles, users } from '../../db/schema.js';
import { agencyParents } from '../../db/schema-parents.js';
import { agencyMembers } from '../../db/schema-users.js';
import { hashPassword } from '../../lib/password.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { entry, zip } from '../transfer/xlsx-zip.test-kit.js';
import { KIND_SHEETS } from './enrolment-sheet.js';

let t: TestApp;
let agency: string;
let other: string;
let teacher: string;
const kids: Record<string, number> = {};

type Kind = 'teacher' | 'parent';
const base = (kind: Kind) => `/v1/user/${kind}-enrolment`;

beforeAll(async () => {
  t = await createTestApp({ config: { enrolment: { maxRows: 50, maxBytes: 10 * 1024 * 1024, jobSeconds: 120 } } });
  [agency, other, teacher] = await Promise.all([t.login('agency'), t.login('other'), t.login('teacher')]);
  await t.db.insert(users).values({ username: 'demo_taken-k', name: '已有账号', passwordHash: 'x' });
  // Students to link: two of demo, one of the other agency.
  for (const [username, agencyId] of [
    ['demo_kid-a', 'demo'],
    ['demo_kid-b', 'demo'],
    ['other_kid-c', 'other'],
  ] as const) {
    const [u] = await t.db
      .insert(users)
      .values({ username, name: username, passwordHash: 'x' })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: u.id, role: `edu:agency:${agencyId}:student` });
    kids[username] = u.id;
  }
});
afterAll(() => t.close());

type Row = Record<string, string>;

async function workbook(kind: Kind, rows: Row[], headers: readonly string[] = KIND_SHEETS[kind].headers) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(KIND_SHEETS[kind].label);
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (kind: Kind, body: Buffer | string, mode: 'all' | 'valid' = 'all', token = agency, ag = 'demo') =>
  t.call<{ jobId: string }>('PUT', `${base(kind)}?mode=${mode}`, {
    token,
    agency: ag,
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });

async function run(kind: Kind, body: Buffer | string, mode: 'all' | 'valid' = 'all'): Promise<EnrolmentJob> {
  const { jobId } = expectOk(await upload(kind, body, mode));
  await t.app.services.jobs.drain();
  return expectOk(await t.call<EnrolmentJob>('GET', `${base(kind)}/${jobId}`, { token: agency, agency: 'demo' }));
}

async function sheetRows(body: Buffer, sheet: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet(sheet)!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v))));
  return rows;
}

const accounts = (names: string[]) =>
  t.db
    .select()
    .from(users)
    .where(inArray(users.username, names.length ? names : ['-']));

describe('templates', () => {
  it.each([
    ['teacher', '教师', ['姓名', '用户名', '学科', '初始密码']],
    ['parent', '家长', ['姓名', '用户名', '孩子用户名', '初始密码']],
  ] as const)('%s: the sheet %s with its header row and the 说明 sheet', async (kind, sheet, headers) => {
    const r = await t.call('GET', `${base(kind)}/template`, { token: agency, agency: 'demo' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.getWorksheet(sheet)!.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(wb.getWorksheet('说明')!.getColumn(1).values).toEqual(expect.arrayContaining([...headers]));
    const limits = await t.call('GET', `${base(kind)}/limits`, { token: agency, agency: 'demo' });
    expect(expectOk(limits)).toEqual({ maxRows: 50, maxBytes: 10 * 1024 * 1024 });
  });
});

describe('teachers', () => {
  it('a good file creates the teachers with their subjects, the teacher role and initial passwords once', async () => {
    const job = await run(
      'teacher',
      await workbook('teacher', [
        { 姓名: '王老师', 用户名: 'wang-t', 学科: '英语、数学', 初始密码: 'Lantern-Harbour-58' },
        { 姓名: '陈老师' },
      ]),
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 2, badRows: 0, errors: [], passwordsAvailable: true });
    const [wang] = await accounts(['demo_wang-t']);
    expect(wang).toMatchObject({ name: '王老师', mustChangePassword: true });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, wang.id));
    expect(roles.map((r) => r.role)).toEqual(['edu:agency:demo:teacher']);
    const [member] = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, 'demo'), eq(agencyMembers.userId, wang.id)));
    expect(member).toMatchObject({ createdHere: true, gradeId: null, subjectIds: ['en', 'math'] });

    const first = await t.call('POST', `${base('teacher')}/${job.jobId}/passwords`, { token: agency, agency: 'demo' });
    expect(first.status).toBe(200);
    const rows = await sheetRows(first.raw.rawPayload, '初始密码');
    expect(rows[1]).toEqual(['王老师', 'demo_wang-t', 'Lantern-Harbour-58']);
    expect(rows[2][1]).toMatch(/^demo_t\d{4,}$/);
    const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
      body: { request: { username: rows[2][1], password: rows[2][2] } },
    });
    expect(expectOk(login).user.mustChangePassword).toBe(true);
    const second = await t.call('POST', `${base('teacher')}/${job.jobId}/passwords`, { token: agency, agency: 'demo' });
    expectError(second, 404);
    expect(second.body.errmsg).toContain('请在教师列表中为该教师重置密码');
  }, 60_000);

  it('row errors: every one reported in Chinese by row and column, and nobody written', async () => {
    const job = await run(
      'teacher',
      await workbook('teacher', [
        { 姓名: '好老师', 用户名: 'good-t' },
        { 姓名: '', 用户名: 'no-name' },
        { 姓名: '坏用户名', 用户名: 'A b' },
        { 姓名: '撞名', 用户名: 'taken-k' },
        { 姓名: '没有学科', 学科: '天文' },
        { 姓名: '弱密码', 初始密码: 'password' },
        { 姓名: '重复一', 用户名: 'dup-t' },
        { 姓名: '重复二', 用户名: 'demo_dup-t' },
      ]),
    );
    expect(job.status).toBe('failed');
    expect(job.message).toContain('有 6 行存在错误，未注册任何教师');
    expect(job.errors).toEqual([
      { row: 3, column: '姓名', message: '姓名不能为空' },
      { row: 4, column: '用户名', message: expect.stringContaining('2–40 位') as string },
      { row: 5, column: '用户名', message: '用户名已被使用，请换一个或留空自动生成' },
      { row: 6, column: '学科', message: '学科“天文”不存在' },
      { row: 7, column: '初始密码', message: expect.stringContaining('初始密码') as string },
      { row: 9, column: '用户名', message: '用户名与第 8 行重复' },
    ]);
    expect(await accounts(['demo_good-t', 'demo_no-name', 'demo_dup-t'])).toEqual([]);
    // The report as xlsx.
    const report = await t.call('GET', `${base('teacher')}/${job.jobId}/errors`, { token: agency, agency: 'demo' });
    expect(report.status).toBe(200);
    const rows = await sheetRows(report.raw.rawPayload, '错误报告');
    expect(rows[0]).toEqual(['行号', '列', '原因']);
    expect(rows[1]).toEqual(['3', '姓名', '姓名不能为空']);
  });
});

describe('parents', () => {
  it('a good file creates the parents and links each to its children (by username, prefix optional)', async () => {
    const job = await run(
      'parent',
      await workbook('parent', [
        { 姓名: '甲妈妈', 用户名: 'jia.mum', 孩子用户名: 'demo_kid-a、kid-b', 初始密码: 'Lantern-Harbour-58' },
        { 姓名: '乙爸爸', 孩子用户名: 'kid-b' },
      ]),
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 2, badRows: 0, errors: [] });
    const [mum] = await accounts(['jia.mum']);
    expect(mum).toMatchObject({ name: '甲妈妈', mustChangePassword: true });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, mum.id));
    expect(roles.map((r) => r.role)).toEqual(['edu:parent']);
    const links = await t.db.select().from(parentChildren).where(eq(parentChildren.parentId, mum.id));
    expect(links.map((l) => l.childId).sort()).toEqual([kids['demo_kid-a'], kids['demo_kid-b']].sort());
    const created = await t.db.select().from(agencyParents).where(eq(agencyParents.parentId, mum.id));
    expect(created.map((c) => c.agencyId)).toEqual(['demo']);

    const file = await t.call('POST', `${base('parent')}/${job.jobId}/passwords`, { token: agency, agency: 'demo' });
    const rows = await sheetRows(file.raw.rawPayload, '初始密码');
    expect(rows[2][1]).toMatch(/^demo_p\d{4,}$/);
    // The agency's parent list shows them with their children.
    const list = await t.call<{ list: { username: string; children: { id: string }[] }[] }>(
      'GET',
      '/v1/admin/parents?page=1&size=50',
      { token: agency, agency: 'demo' },
    );
    const dad = expectOk(list).list.find((p) => p.username === rows[2][1]);
    expect(dad?.children.map((c) => c.id)).toEqual([String(kids['demo_kid-b'])]);
  }, 60_000);

  it('row errors (unknown child, another agency’s student, duplicates): reported, and nobody written', async () => {
    const job = await run(
      'parent',
      await workbook('parent', [
        { 姓名: '好家长', 用户名: 'good.parent', 孩子用户名: 'kid-a' },
        { 姓名: '无名孩子', 用户名: 'p-unknown', 孩子用户名: 'kid-a、nobody' },
        { 姓名: '外校孩子', 用户名: 'p-other', 孩子用户名: 'other_kid-c' },
        { 姓名: '没有孩子', 用户名: 'p-none' },
        { 姓名: '短名', 用户名: 'ab', 孩子用户名: 'kid-a' },
        { 姓名: '撞名', 用户名: 'JIA.MUM', 孩子用户名: 'kid-a' },
        { 姓名: '重复', 用户名: 'Good.Parent', 孩子用户名: 'kid-b' },
        { 姓名: '同一人', 孩子用户名: 'kid-b' },
        { 姓名: '同一人', 孩子用户名: 'demo_kid-b' },
      ]),
    );
    expect(job.status).toBe('failed');
    expect(job.message).toContain('有 7 行存在错误，未注册任何家长');
    expect(job.errors).toEqual([
      { row: 3, column: '孩子用户名', message: '孩子“nobody”不是本机构的学生' },
      { row: 4, column: '孩子用户名', message: '孩子“other_kid-c”不是本机构的学生' },
      { row: 5, column: '孩子用户名', message: expect.stringContaining('孩子用户名不能为空') as string },
      { row: 6, column: '用户名', message: expect.stringContaining('3–32 位') as string },
      { row: 7, column: '用户名', message: '用户名已被使用，请换一个或留空自动生成' },
      { row: 8, column: '用户名', message: '用户名与第 2 行重复' },
      { row: 10, column: '姓名', message: '与第 9 行重复（姓名和孩子都相同）' },
    ]);
    expect(await accounts(['good.parent', 'p-unknown', 'p-other', 'p-none'])).toEqual([]);
  });

  it('valid rows only: the good rows are written, the bad ones reported', async () => {
    const job = await run(
      'parent',
      await workbook('parent', [
        { 姓名: '丙妈妈', 用户名: 'bing.mum', 孩子用户名: 'kid-a' },
        { 姓名: '丁妈妈', 用户名: 'ding.mum', 孩子用户名: 'ghost' },
      ]),
      'valid',
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 1, badRows: 1 });
    expect((await accounts(['bing.mum', 'ding.mum'])).map((a) => a.username)).toEqual(['bing.mum']);
  });
});

const workbookXml = (sheet: string) =>
  entry(
    'xl/workbook.xml',
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="${sheet}" sheetId="1"/></sheets></workbook>`,
  );
const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

describe('hostile files fail the job with a Chinese message and write nothing', () => {
  it.each(['teacher', 'parent'] as const)(
    '%s: a 300,000-row file is refused by the row limit',
    async (kind) => {
      const label = KIND_SHEETS[kind].label;
      const parts = [`<worksheet><sheetData><row r="1">${cell('姓名')}${cell('孩子用户名')}</row>`];
      for (let i = 2; i <= 300_001; i++) parts.push(`<row r="${i}">${cell(`某人${i}`)}${cell('kid-a')}</row>`);
      parts.push('</sheetData></worksheet>');
      const file = zip([workbookXml(label), entry('xl/worksheets/sheet1.xml', parts.join(''))]);
      expect(file.length).toBeLessThan(10 * 1024 * 1024);
      const before = (await t.db.select({ id: users.id }).from(users)).length;
      const job = await run(kind, file);
      expect(job.status).toBe('failed');
      expect(job.message).toBe(`文件中的${label}超过上限 50 行（批量注册行数上限）：请拆分为多个文件后提交`);
      expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
    },
    60_000,
  );

  it('a NUL character in a cell fails the file', async () => {
    const file = zip([
      workbookXml('家长'),
      entry(
        'xl/worksheets/sheet1.xml',
        `<worksheet><sheetData><row r="1">${cell('姓名')}${cell('孩子用户名')}</row><row r="2">${cell('甲_x0000_乙')}${cell('kid-a')}</row></sheetData></worksheet>`,
      ),
    ]);
    const job = await run('parent', file, 'valid');
    expect(job.status).toBe('failed');
    expect(job.message).toContain('NUL');
  });

  it('a file that is no xlsx, and a teacher file without its header', async () => {
    expect((await run('teacher', '姓名,用户名\n王,wang\n')).message).toBe(
      '无法读取 Excel 文件：请上传由批量注册模板填写的 .xlsx 文件',
    );
    expect((await run('parent', Buffer.from('PK\u0003\u0004\u0000garbage'))).message).toContain('无法读取 Excel 文件');
    expect((await run('parent', await workbook('parent', [{ 姓名: '甲' }], ['姓名', '用户名']))).message).toContain(
      '第 1 行应为表头（姓名、用户名、孩子用户名、初始密码）',
    );
    expect((await run('teacher', await workbook('teacher', []))).message).toContain('文件中没有教师');
  });
});

describe('access', () => {
  it('a teacher, and another agency’s admin in this agency, are refused', async () => {
    const file = await workbook('teacher', [{ 姓名: '甲' }]);
    for (const kind of ['teacher', 'parent'] as const) {
      expectError(await upload(kind, file, 'all', teacher), 403);
      expectError(await t.call('GET', `${base(kind)}/template`, { token: teacher, agency: 'demo' }), 403);
      expectError(await upload(kind, file, 'all', other, 'demo'), 403);
    }
  });

  it('the agency teacher admin imports teachers but not parents', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ username: 'demo_tadmin', name: '教师管理员', passwordHash: await hashPassword('Copper-Meadow-42') })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: u.id, role: 'edu:agency:demo:teacher:admin' });
    const token = await t.login('demo_tadmin', 'Copper-Meadow-42');
    expectOk(await upload('teacher', await workbook('teacher', [{ 姓名: '己老师' }]), 'all', token));
    expectError(
      await upload('parent', await workbook('parent', [{ 姓名: '己', 孩子用户名: 'kid-a' }]), 'all', token),
      403,
    );
    await t.app.services.jobs.drain();
  });

  it('another agency’s job, and a job of another kind, answer 404', async () => {
    const { jobId } = expectOk(
      await upload('teacher', await workbook('teacher', [{ 姓名: '外校老师' }]), 'all', other, 'other'),
    );
    await t.app.services.jobs.drain();
    for (const path of [`${jobId}`, `${jobId}/errors`]) {
      const r = await t.call('GET', `${base('teacher')}/${path}`, { token: agency, agency: 'demo' });
      expectError(r, 404);
    }
    expectError(await t.call('POST', `${base('teacher')}/${jobId}/passwords`, { token: agency, agency: 'demo' }), 404);
    expectError(await t.call('POST', `${base('teacher')}/${jobId}/cancel`, { token: agency, agency: 'demo' }), 404);
    // The other agency's own admin reads it; through the parent or student routes it is no job.
    expectOk(await t.call('GET', `${base('teacher')}/${jobId}`, { token: other, agency: 'other' }));
    expectError(await t.call('GET', `${base('parent')}/${jobId}`, { token: other, agency: 'other' }), 404);
    const r = await t.call('GET', `/v1/user/enrolment/${jobId}`, { token: other, agency: 'other' });
    expectError(r, 404);
    expect(r.body.errmsg).toBe('批量注册任务不存在');
    expect((await accounts(['外校老师'])).length).toBe(0);
  });
});
