// Bulk enrolment through the API on the real database: the template, the job end to end with good and bad rows
// in both modes, the one-time password download, bad files (not an xlsx, NUL bytes, a zip bomb, too many rows,
// too many bytes) and access (roles, another agency's job answers 404).
import type { EnrolmentJob, EnrolmentLimits } from '@edu/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/password.js';
import { agencyMembers } from '../../db/schema-users.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { repeatedEntry, zip, entry } from '../transfer/xlsx-zip.test-kit.js';
import { HEADERS } from './enrolment-sheet.js';
import { createStudents } from './enrolment.repository.js';
import { PASSWORDS_GONE } from './enrolment.service.js';

let t: TestApp;
let agency: string;
let other: string;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp({ config: { enrolment: { maxRows: 50, maxBytes: 3 * 1024 * 1024, jobSeconds: 120 } } });
  [agency, other, teacher] = await Promise.all([t.login('agency'), t.login('other'), t.login('teacher')]);
  await t.db.insert(users).values({ username: 'demo_taken', name: '已有账号', passwordHash: 'x' });
});
afterAll(() => t.close());

type Row = Partial<Record<(typeof HEADERS)[number], string>>;

async function workbook(rows: Row[], headers: readonly string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学生');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(headers.map((h) => r[h as keyof Row] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (body: Buffer | string, mode: 'all' | 'valid' = 'all', token = agency, ag = 'demo') =>
  t.call<{ jobId: string }>('PUT', `/v1/user/enrolment?mode=${mode}`, {
    token,
    agency: ag,
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });

async function run(body: Buffer | string, mode: 'all' | 'valid' = 'all'): Promise<EnrolmentJob> {
  const { jobId } = expectOk(await upload(body, mode));
  await t.app.services.jobs.drain();
  return expectOk(await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${jobId}`, { token: agency, agency: 'demo' }));
}

const takePasswords = (jobId: string, token = agency, ag = 'demo') =>
  t.call('POST', `/v1/user/enrolment/${jobId}/passwords`, { token, agency: ag });

async function passwordRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('初始密码')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v))));
  return rows;
}

const accounts = (names: string[]) =>
  t.db
    .select()
    .from(users)
    .where(inArray(users.username, names.length ? names : ['-']));

describe('template and limits', () => {
  it('downloads the template with the 学生 header row and the 说明 sheet', async () => {
    const r = await t.call('GET', '/v1/user/enrolment/template', { token: agency, agency: 'demo' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    expect((wb.getWorksheet('学生')!.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS]);
    const help = wb.getWorksheet('说明')!;
    expect(help.getColumn(1).values).toEqual(expect.arrayContaining([...HEADERS]));
  });

  it('states the configured limits', async () => {
    const r = await t.call<EnrolmentLimits>('GET', '/v1/user/enrolment/limits', { token: agency, agency: 'demo' });
    expect(expectOk(r)).toEqual({ maxRows: 50, maxBytes: 3 * 1024 * 1024 });
  });
});

const BAD_ROWS: Row[] = [
  { 姓名: '', 年级: '初一' },
  { 姓名: '坏用户名', 用户名: 'A b', 年级: '初一' },
  { 姓名: '撞名', 用户名: 'taken', 年级: '初一' },
  { 姓名: '没有年级', 年级: '九十年级' },
  { 姓名: '没有学科', 年级: '初一', 学科: '英语、天文' },
  { 姓名: '弱密码', 年级: '初一', 初始密码: 'password' },
  { 姓名: '重复一', 用户名: 'dup-1', 年级: '初一' },
  { 姓名: '重复二', 用户名: 'demo_dup-1', 年级: '初二' },
];

describe('the enrolment job', () => {
  it('all-or-nothing: one bad row enrols nobody and reports every bad row by row and column', async () => {
    const job = await run(await workbook([{ 姓名: '好学生', 用户名: 'good-one', 年级: '初一' }, ...BAD_ROWS]), 'all');
    expect(job.status).toBe('failed');
    expect(job.message).toContain('有 7 行存在错误，未注册任何学生');
    expect(job.enrolled).toBe(0);
    expect(job.badRows).toBe(7);
    expect(job.errors).toEqual([
      { row: 3, column: '姓名', message: '姓名不能为空' },
      { row: 4, column: '用户名', message: expect.stringContaining('2–40 位') as string },
      { row: 5, column: '用户名', message: '用户名已被使用，请换一个或留空自动生成' },
      { row: 6, column: '年级', message: '年级“九十年级”不存在' },
      { row: 7, column: '学科', message: '学科“天文”不存在' },
      { row: 8, column: '初始密码', message: expect.stringContaining('初始密码') as string },
      { row: 10, column: '用户名', message: '用户名与第 9 行重复' },
    ]);
    expect(job.passwordsAvailable).toBe(false);
    expect(await accounts(['demo_good-one', 'demo_dup-1'])).toEqual([]);
  });

  it('valid rows only: enrols the good rows with grade, subjects, role and a forced password change', async () => {
    const job = await run(
      await workbook([
        { 姓名: '王小明', 用户名: 'wang-xm', 年级: '初一', 学科: '英语、数学', 初始密码: 'Lantern-Harbour-58' },
        { 姓名: '赵小红', 年级: 'g8', 学科: 'en' },
        ...BAD_ROWS,
      ]),
      'valid',
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 3, badRows: 7, passwordsAvailable: true });
    const [wang] = await accounts(['demo_wang-xm']);
    expect(wang).toMatchObject({ name: '王小明', mustChangePassword: true });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, wang.id));
    expect(roles.map((r) => r.role)).toEqual(['edu:agency:demo:student']);
    const [member] = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, 'demo'), eq(agencyMembers.userId, wang.id)));
    expect(member).toMatchObject({ createdHere: true, gradeId: 'g7', subjectIds: ['en', 'math'] });

    // The passwords once: names, usernames (generated with the agency prefix) and passwords that log in.
    const first = await takePasswords(job.jobId);
    expect(first.status).toBe(200);
    const rows = await passwordRows(first.raw.rawPayload);
    expect(rows[0]).toEqual(['姓名', '用户名', '初始密码']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['王小明', '赵小红', '重复一']);
    expect(rows[1].slice(1)).toEqual(['demo_wang-xm', 'Lantern-Harbour-58']);
    expect(rows[2][1]).toMatch(/^demo_s\d{4,}$/);
    expect(rows[2][2]).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
      body: { request: { username: rows[2][1], password: rows[2][2] } },
    });
    expect(expectOk(login).user.mustChangePassword).toBe(true);
    const wangToken = await t.login('demo_wang-xm', 'Lantern-Harbour-58');
    // Given or generated, an initial password is hashed at the initial cost; the one chosen at the first login
    // gets the full parameters (features/users/initial-password.ts).
    const hashes = await accounts(['demo_wang-xm', rows[2][1]]);
    for (const a of hashes) expect(a.passwordHash).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    expectOk(
      await t.call('POST', '/v1/auth/password', {
        token: wangToken,
        body: { request: { oldPassword: 'Lantern-Harbour-58', newPassword: 'quiet harbour morning' } },
      }),
    );
    const [changed] = await accounts(['demo_wang-xm']);
    expect(changed).toMatchObject({ mustChangePassword: false });
    expect(changed.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // A second download: 404, and the job no longer holds them.
    const second = await takePasswords(job.jobId);
    expectError(second, 404);
    expect(second.body.errmsg).toBe(PASSWORDS_GONE);
    const after = expectOk(
      await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${job.jobId}`, { token: agency, agency: 'demo' }),
    );
    expect(after).toMatchObject({ passwordsAvailable: false, passwordsDownloaded: true });
    const res: unknown = await t.db.execute(sql`select result from jobs where id = ${job.jobId}`);
    const stored = (res as { rows: { result: Record<string, unknown> }[] }).rows[0];
    expect(stored.result).not.toHaveProperty('passwords');
    expect(JSON.stringify(stored.result)).not.toContain('Lantern-Harbour-58');
  });

  it('all-or-nothing with every row good enrols them all; a username used by that enrolment then clashes', async () => {
    const job = await run(
      await workbook([
        { 姓名: '甲', 用户名: 'batch-a', 年级: '初三' },
        { 姓名: '乙', 年级: '高一' },
      ]),
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 2, badRows: 0, errors: [] });
    const again = await run(await workbook([{ 姓名: '甲', 用户名: 'demo_batch-a', 年级: '初三' }]));
    expect(again.status).toBe('failed');
    expect(again.errors).toEqual([{ row: 2, column: '用户名', message: '用户名已被使用，请换一个或留空自动生成' }]);
  });
});

describe('grade aliases (docs/enrolment.md "Template")', () => {
  it('reads 七年级 as 初一, 高中二年级 as 高二 and 初 3 as 初三', async () => {
    const job = await run(
      await workbook([
        { 姓名: '七年级生', 用户名: 'alias-7', 年级: '七年级' },
        { 姓名: '高二生', 用户名: 'alias-11', 年级: '高中二年级' },
        { 姓名: '初三生', 用户名: 'alias-9', 年级: '初 3' },
      ]),
    );
    expect(job).toMatchObject({ status: 'done', enrolled: 3, errors: [] });
    const rows = await t.db
      .select({ username: users.username, gradeId: agencyMembers.gradeId })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(inArray(users.username, ['demo_alias-7', 'demo_alias-11', 'demo_alias-9']));
    expect(Object.fromEntries(rows.map((r) => [r.username, r.gradeId]))).toEqual({
      'demo_alias-7': 'g7',
      'demo_alias-11': 'g11',
      'demo_alias-9': 'g9',
    });
  });
});

const STUDENT_WORKBOOK = entry(
  'xl/workbook.xml',
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="学生" sheetId="1"/></sheets></workbook>',
);

describe('the one transaction', () => {
  it('a username taken after the check rolls every account of the job back (generated numbers included)', async () => {
    const count = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await count();
    const row = { name: '甲', passwordHash: 'x', gradeId: 'g7', subjectIds: [] };
    await expect(
      t.db.transaction((tx) =>
        createStudents(
          tx,
          'demo',
          [
            { ...row, username: null },
            { ...row, username: 'demo_taken' },
          ],
          async () => {},
        ),
      ),
    ).rejects.toThrow('用户名已被使用');
    expect(await count()).toBe(before);
  });
});

describe('bad files fail the job with a Chinese message', () => {
  it('not an xlsx, NUL bytes, no header, no rows', async () => {
    expect((await run('姓名,年级\n张三,初一\n')).message).toBe(
      '无法读取 Excel 文件：请上传由批量注册模板填写的 .xlsx 文件',
    );
    expect((await run(Buffer.from('PK\u0003\u0004\u0000\u0000\u0000garbage'))).message).toContain(
      '无法读取 Excel 文件',
    );
    expect((await run(await workbook([{ 姓名: '甲' }], ['名字', '班级']))).message).toContain('第 1 行应为表头');
    expect((await run(await workbook([]))).message).toContain('文件中没有学生');
  });

  it('a NUL character in a cell (_x0000_, as Excel writes it) fails the file', async () => {
    const cell = (t: string) => `<c t="inlineStr"><is><t>${t}</t></is></c>`;
    const file = zip([
      STUDENT_WORKBOOK,
      entry(
        'xl/worksheets/sheet1.xml',
        `<worksheet><sheetData><row r="1">${cell('姓名')}${cell('年级')}</row><row r="2">${cell('甲_x0000_乙')}${cell('初一')}</row></sheetData></worksheet>`,
      ),
    ]);
    const job = await run(file, 'valid');
    expect(job.status).toBe('failed');
    expect(job.message).toContain('NUL');
    expect(await accounts(['甲'])).toEqual([]);
  });

  it('a zip bomb is refused before it is inflated', async () => {
    const bomb = await repeatedEntry(
      'xl/worksheets/sheet1.xml',
      '<worksheet><sheetData>',
      '<row/>',
      5_000_000,
      '</sheetData></worksheet>',
    );
    const file = zip([STUDENT_WORKBOOK, bomb]);
    const job = await run(file);
    expect(job.status).toBe('failed');
    expect(job.message).toContain('可能是压缩炸弹');
  });

  it('more rows than ENROL_MAX_ROWS', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ 姓名: `学生${i}`, 年级: '初一' }));
    expect((await run(await workbook(rows))).message).toBe(
      '文件中的学生超过上限 50 行（批量注册行数上限）：请拆分为多个文件后提交',
    );
  });

  it('more bytes than ENROL_MAX_BYTES answer 413 and keep no job', async () => {
    const r = await upload(Buffer.alloc(3 * 1024 * 1024 + 1, 1));
    expectError(r, 413);
    expect(r.body.errmsg).toContain('批量注册文件大小上限');
    expectError(await upload(''), 400);
  });
});

describe('access', () => {
  it('needs the agency admin or student admin of the current agency', async () => {
    expectError(await upload(await workbook([{ 姓名: '甲', 年级: '初一' }]), 'all', teacher), 403);
    expectError(await t.call('GET', '/v1/user/enrolment/template', { token: teacher, agency: 'demo' }), 403);
    expectError(await upload(await workbook([{ 姓名: '甲', 年级: '初一' }]), 'all', other, 'demo'), 403);
  });

  it('the agency student admin may enrol too', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ username: 'demo_sadmin', name: '学生管理员', passwordHash: await hashPassword('Copper-Meadow-42') })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: u.id, role: 'edu:agency:demo:student:admin' });
    const token = await t.login('demo_sadmin', 'Copper-Meadow-42');
    const { jobId } = expectOk(await upload(await workbook([{ 姓名: '丙', 年级: '初一' }]), 'all', token));
    await t.app.services.jobs.drain();
    const job = expectOk(await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${jobId}`, { token, agency: 'demo' }));
    expect(job).toMatchObject({ status: 'done', enrolled: 1 });
  });

  it('another agency’s job answers 404, its passwords too, and they stay for their owner', async () => {
    const { jobId } = expectOk(await upload(await workbook([{ 姓名: '外校', 年级: '初一' }]), 'all', other, 'other'));
    await t.app.services.jobs.drain();
    expectError(await t.call('GET', `/v1/user/enrolment/${jobId}`, { token: agency, agency: 'demo' }), 404);
    expectError(await takePasswords(jobId), 404);
    expectError(await t.call('GET', '/v1/user/enrolment/not-a-job', { token: agency, agency: 'demo' }), 404);
    const own = expectOk(
      await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${jobId}`, { token: other, agency: 'other' }),
    );
    expect(own).toMatchObject({ status: 'done', enrolled: 1, passwordsAvailable: true });
    const rows = await passwordRows((await takePasswords(jobId, other, 'other')).raw.rawPayload);
    expect(rows[1][1]).toMatch(/^other_s\d{4,}$/);
  });
});
