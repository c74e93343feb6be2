// Bulk actions on selected parents (docs/parents.md "Bulk actions"): every id a parent the agency sees (else 404),
// the single reset's rule for every row (else 403 naming them), all or nothing, bounded; one-time passwords; the
// export's cells escaped (docs/security.md "Exports").
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_BULK_MAX, type BulkPasswords } from '@edu/contract';
import { parentChildren, users } from '../../db/schema.js';
import { agencyParents } from '../../db/schema-parents.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin
let parentAdmin: string; // edu:agency:demo:parent:admin
const ids: Record<string, string> = {};

const demo = (token: string, userIds: string[]) => ({ token, agency: 'demo', body: { request: { userIds } } });
const hashOf = async (id: string) =>
  (
    await t.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, Number(id)))
  )[0].h;

/** A parent account of `agency` (agency_parents) linked to `kids`; its id. */
async function parent(username: string, name: string, kids: string[], agencyId = 'demo', roles: string[] = []) {
  const id = await addUser(t, username, name, ['edu:parent', ...roles]);
  await t.db.insert(agencyParents).values({ agencyId, parentId: id });
  for (const k of kids) await t.db.insert(parentChildren).values({ parentId: id, childId: Number(k) });
  ids[username] = String(id);
  return ids[username];
}

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  await addUser(t, 'bp-padmin', '家长管理员', ['edu:agency:demo:parent:admin']);
  parentAdmin = await t.login('bp-padmin');
  await addUser(t, 'bp-sadmin', '学生管理员', ['edu:agency:demo:student:admin']);
  const kid = String(await addUser(t, 'bp-kid', '本机构孩子', ['edu:agency:demo:student']));
  const kidBoth = String(
    await addUser(t, 'bp-kid2', '两机构孩子', ['edu:agency:demo:student', 'edu:agency:other:student']),
  );
  const otherKid = String(await addUser(t, 'bp-okid', '他校孩子', ['edu:agency:other:student']));
  await parent('bp-a', '批量家长甲', [kid]);
  await parent('bp-b', '=HYPERLINK("http://x")', []);
  await parent('bp-two', '两校家长', [kid, kidBoth]);
  await parent('bp-staff', '兼任老师', [kid], 'demo', ['edu:agency:other:teacher']);
  await parent('bp-foreign', '他校家长', [otherKid], 'other');
});
afterAll(() => t.close());

describe('bulk password reset of parents', () => {
  it('answers each new password once: initial passwords, old sessions ended, new ones log in', async () => {
    const old = await t.login('bp-a');
    const r = expectOk(
      await t.call<BulkPasswords>(
        'POST',
        '/v1/admin/parents/bulk/passwords',
        demo(parentAdmin, [ids['bp-a'], ids['bp-b']]),
      ),
    );
    expect(r.list.map((p) => p.username).sort()).toEqual(['bp-a', 'bp-b']);
    expectError(await t.call('GET', '/v1/auth/me', { token: old }), 401);
    for (const p of r.list) {
      expect(p.password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
        body: { request: { username: p.username, password: p.password } },
      });
      expect(expectOk(login).user.mustChangePassword).toBe(true);
    }
    expect(await hashOf(ids['bp-a'])).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
  });

  it('a parent the agency may not reset: 403 naming each with its reason, and no password changes', async () => {
    const before = await hashOf(ids['bp-a']);
    const r = await t.call(
      'POST',
      '/v1/admin/parents/bulk/passwords',
      demo(agency, [ids['bp-a'], ids['bp-two'], ids['bp-staff']]),
    );
    expectError(r, 403);
    expect(r.body.errmsg).toContain('「两校家长」孩子不都只在本机构学习');
    expect(r.body.errmsg).toContain('「兼任老师」账号除家长外还有其他身份');
    expect(r.body.errmsg).toContain('未做任何修改');
    expect(await hashOf(ids['bp-a'])).toBe(before);
  });

  it("another agency's parent or an unknown id: 404 and nothing changes", async () => {
    const before = await hashOf(ids['bp-a']);
    for (const foreign of [ids['bp-foreign'], '999999999', 'x']) {
      const r = await t.call('POST', '/v1/admin/parents/bulk/passwords', demo(agency, [ids['bp-a'], foreign]));
      expectError(r, 404);
      expect(r.body.errmsg).toBe('所选家长中有 1 人不存在或不属于本机构，未做任何修改');
    }
    expect(await hashOf(ids['bp-a'])).toBe(before);
    // The other agency resets its own parent.
    const other = await t.login('other');
    const own = await t.call<BulkPasswords>('POST', '/v1/admin/parents/bulk/passwords', {
      token: other,
      agency: 'other',
      body: { request: { userIds: [ids['bp-foreign']] } },
    });
    expect(expectOk(own).list.map((p) => p.username)).toEqual(['bp-foreign']);
  });

  it(`is the parent admins' call, with 1 to ${USER_BULK_MAX} ids`, async () => {
    const studentAdmin = await t.login('bp-sadmin');
    expectError(await t.call('POST', '/v1/admin/parents/bulk/passwords', demo(studentAdmin, [ids['bp-a']])), 403);
    const many = Array.from({ length: USER_BULK_MAX + 1 }, (_, i) => String(i + 1));
    const r = await t.call('POST', '/v1/admin/parents/bulk/passwords', demo(agency, many));
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain(`一次最多选择 ${USER_BULK_MAX} 人`);
    expectError(await t.call('POST', '/v1/admin/parents/bulk/passwords', demo(agency, [])), 400);
  });
});

describe('bulk export of parents', () => {
  it('writes the selected rows as the list shows them, formula-like names as text, with an encoded name', async () => {
    const file = await t.call(
      'POST',
      '/v1/admin/parents/bulk/export',
      demo(parentAdmin, [ids['bp-a'], ids['bp-b'], ids['bp-two']]),
    );
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('家长')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['姓名', '用户名', '孩子（本机构学生）', '来源', '待改密码', '创建时间']);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byName.keys()].sort()).toEqual(['\'=HYPERLINK("http://x")', '批量家长甲', '两校家长'].sort());
    expect(byName.get('两校家长')?.slice(1, 4)).toEqual(['bp-two', '本机构孩子、两机构孩子', '本机构创建']);
    expect(byName.get('批量家长甲')?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expectError(
      await t.call('POST', '/v1/admin/parents/bulk/export', demo(agency, [ids['bp-a'], ids['bp-foreign']])),
      404,
    );
  });
});
