// Bulk actions on selected students and teachers (docs/users.md "Bulk actions"): every id checked in the agency,
// all or nothing, bounded; one-time passwords; the export's cells escaped (docs/security.md "Exports").
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_BULK_MAX, type AgencyUser, type BulkPasswords, type CreatedUser } from '@edu/contract';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin
let studentAdmin: string;
let otherStudentId: string; // a student of the agency other
let teacherId: string; // a teacher of demo
type Page<T> = { total: number; list: T[] };

const demo = (token: string, body?: unknown) => ({ token, agency: 'demo', body });
const ids = (userIds: string[]) => ({ request: { userIds } });

async function createStudent(name: string, password?: string) {
  const r = await t.call<CreatedUser>('PUT', '/v1/users/student', demo(agency, { request: { name, password } }));
  return expectOk(r).user;
}

async function student(id: string): Promise<AgencyUser | undefined> {
  const page = expectOk(await t.call<Page<AgencyUser>>('GET', '/v1/users/students?size=200', demo(agency)));
  return page.list.find((u) => u.id === id);
}

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  await addUser(t, 'bulk_sadmin', '学生管理员', ['edu:agency:demo:student:admin']);
  studentAdmin = await t.login('bulk_sadmin');
  const other = await t.login('other');
  const made = await t.call<CreatedUser>('PUT', '/v1/users/student', {
    token: other,
    agency: 'other',
    body: { request: { name: '他校学生' } },
  });
  otherStudentId = expectOk(made).user.id;
  teacherId = String(await addUser(t, 'bulk_teacher', '批量教师', ['edu:agency:demo:teacher']));
});
afterAll(() => t.close());

describe('bulk disable and enable', () => {
  it('changes every selected student in one call, and enables them again', async () => {
    const a = await createStudent('批量甲');
    const b = await createStudent('批量乙');
    const r = expectOk(
      await t.call<{ changed: number }>(
        'POST',
        '/v1/users/students/bulk/disable',
        demo(studentAdmin, ids([a.id, b.id])),
      ),
    );
    expect(r.changed).toBe(2);
    expect((await student(a.id))?.disabled).toBe(true);
    expect((await student(b.id))?.disabled).toBe(true);
    expectOk(await t.call('POST', '/v1/users/students/bulk/enable', demo(agency, ids([a.id, b.id]))));
    expect((await student(a.id))?.disabled).toBe(false);
    expect((await student(b.id))?.disabled).toBe(false);
  });

  it("another agency's id, a teacher on the student route or an unknown id: 404 and nothing changes", async () => {
    const a = await createStudent('批量丙');
    for (const foreign of [otherStudentId, teacherId, '999999999']) {
      const r = await t.call('POST', '/v1/users/students/bulk/disable', demo(agency, ids([a.id, foreign])));
      expectError(r, 404);
      expect(r.body.errmsg).toBe('所选学生中有 1 人不存在或不属于本机构，未做任何修改');
      expect((await student(a.id))?.disabled).toBe(false);
    }
  });

  it('refuses one’s own account and, for a student admin, an agency admin; nothing changes', async () => {
    const a = await createStudent('批量丁');
    const adminStudent = String(
      await addUser(t, 'bulk_admin_student', '兼任管理员', ['edu:agency:demo:student', 'edu:agency:demo:admin']),
    );
    const r = await t.call('POST', '/v1/users/students/bulk/disable', demo(studentAdmin, ids([a.id, adminStudent])));
    expectError(r, 403);
    expect(r.body.errmsg).toContain('「兼任管理员」是机构管理员');
    expect((await student(a.id))?.disabled).toBe(false);
    const selfId = String(await addUser(t, 'bulk_self', '自己', ['edu:agency:demo:student', 'edu:agency:demo:admin']));
    const self = await t.login('bulk_self');
    const own = await t.call('POST', '/v1/users/students/bulk/disable', demo(self, ids([a.id, selfId])));
    expectError(own, 400);
    expect((await student(a.id))?.disabled).toBe(false);
  });

  it(`takes at most ${USER_BULK_MAX} ids and at least one`, async () => {
    const many = Array.from({ length: USER_BULK_MAX + 1 }, (_, i) => String(i + 1));
    const r = await t.call('POST', '/v1/users/students/bulk/disable', demo(agency, ids(many)));
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain(`一次最多选择 ${USER_BULK_MAX} 人`);
    expectError(await t.call('POST', '/v1/users/students/bulk/disable', demo(agency, ids([]))), 400);
  });

  it('works on the teacher list with teacher ids only', async () => {
    expectOk(await t.call('POST', '/v1/users/teachers/bulk/disable', demo(agency, ids([teacherId]))));
    const r = await t.call('POST', '/v1/users/teachers/bulk/enable', demo(agency, ids([teacherId, otherStudentId])));
    expectError(r, 404);
    expectOk(await t.call('POST', '/v1/users/teachers/bulk/enable', demo(agency, ids([teacherId]))));
  });
});

describe('bulk password reset', () => {
  it('answers each new password once; the old ones stop working, the new ones log in', async () => {
    const a = await createStudent('重置甲', 'Old-Orchard-Pass-2026');
    const b = await createStudent('重置乙', 'Old-Orchard-Pass-2027');
    const r = expectOk(
      await t.call<BulkPasswords>('POST', '/v1/users/students/bulk/passwords', demo(agency, ids([a.id, b.id]))),
    );
    expect(r.list.map((p) => p.username).sort()).toEqual([a.username, b.username].sort());
    for (const p of r.list) {
      const ok = await t.call('POST', '/v1/auth/login', {
        body: { request: { username: p.username, password: p.password } },
      });
      expect(ok.status).toBe(200);
    }
    const old = await t.call('POST', '/v1/auth/login', {
      body: { request: { username: a.username, password: 'Old-Orchard-Pass-2026' } },
    });
    expect(old.status).not.toBe(200);
  });

  it('an account the agency does not own: 403 naming it, and no password changes', async () => {
    const a = await createStudent('重置丙', 'Old-Orchard-Pass-2028');
    const shared = String(
      await addUser(t, 'bulk_shared', '他校也在', ['edu:agency:demo:student', 'edu:agency:other:student']),
    );
    const r = await t.call('POST', '/v1/users/students/bulk/passwords', demo(agency, ids([a.id, shared])));
    expectError(r, 403);
    expect(r.body.errmsg).toContain('「他校也在」');
    const still = await t.call('POST', '/v1/auth/login', {
      body: { request: { username: a.username, password: 'Old-Orchard-Pass-2028' } },
    });
    expect(still.status).toBe(200);
  });

  it('only the agency admin resets; a foreign id answers 404', async () => {
    const a = await createStudent('重置丁');
    expectError(await t.call('POST', '/v1/users/students/bulk/passwords', demo(studentAdmin, ids([a.id]))), 403);
    expectError(
      await t.call('POST', '/v1/users/students/bulk/passwords', demo(agency, ids([a.id, otherStudentId]))),
      404,
    );
  });
});

describe('bulk export', () => {
  it('writes the selected rows only, formula-like names as text, with an encoded file name', async () => {
    const evil = await createStudent('=HYPERLINK("http://x")');
    const plain = await createStudent('导出乙');
    await createStudent('不导出');
    const file = await t.call('POST', '/v1/users/students/bulk/export', demo(studentAdmin, ids([evil.id, plain.id])));
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('学生')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['姓名', '用户名', '年级', '学科', '状态', '待改密码', '创建时间']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['\'=HYPERLINK("http://x")', '导出乙'].sort());
    expectError(
      await t.call('POST', '/v1/users/students/bulk/export', demo(agency, ids([plain.id, otherStudentId]))),
      404,
    );
  });
});

describe('bulk leave', () => {
  it('marks every selected student as left in one call; a foreign id: 404 and nobody leaves', async () => {
    const a = await createStudent('离开甲');
    const b = await createStudent('离开乙');
    const refused = await t.call('DELETE', '/v1/users/students/membership', demo(agency, ids([a.id, otherStudentId])));
    expectError(refused, 404);
    expect(await student(a.id)).toBeDefined();
    const r = expectOk(
      await t.call<{ changed: number }>(
        'DELETE',
        '/v1/users/students/membership',
        demo(studentAdmin, ids([a.id, b.id])),
      ),
    );
    expect(r.changed).toBe(2);
    expect(await student(a.id)).toBeUndefined();
    expect(await student(b.id)).toBeUndefined();
    const left = expectOk(await t.call<Page<{ id: string }>>('GET', '/v1/users/students/left?size=200', demo(agency)));
    expect(left.list.map((u) => u.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Those who left already stay as they are.
    const again = expectOk(
      await t.call<{ changed: number }>('DELETE', '/v1/users/students/membership', demo(agency, ids([a.id]))),
    );
    expect(again.changed).toBe(0);
  });
});
