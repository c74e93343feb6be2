// Users API (docs/users.md): lists, create, edit, disable/enable, password reset, teacher profiles, homework
// teachers and public profiles, with the agency isolation rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTeacher, AgencyUser, CreatedUser, HomeworkTeacher, PublicTeacherProfile } from '@edu/contract';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { eq } from 'drizzle-orm';
import { userRoles, users } from '../../db/schema.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin
let other: string; // edu:agency:other:admin
let admin: string; // edu:admin
let teacher: string; // edu:agency:demo:teacher
let studentAdmin: string;
type Page<T> = { total: number; list: T[] };

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  other = await t.login('other');
  admin = await t.login('admin');
  teacher = await t.login('teacher');
  await addUser(t, 'sadmin', '学生管理员', ['edu:agency:demo:student:admin']);
  studentAdmin = await t.login('sadmin');
});
afterAll(() => t.close());

const demo = (token: string, body?: unknown) => ({ token, agency: 'demo', body });

async function createStudent(token: string, request: Record<string, unknown>) {
  return t.call<CreatedUser>('PUT', '/v1/users/student', { token, agency: 'demo', body: { request } });
}

describe('students', () => {
  it('creates with a prefixed generated username and shows the password once; lists and searches', async () => {
    const made = expectOk(await createStudent(agency, { name: '新学生甲', gradeId: 'g7', subjectIds: ['en', 'math'] }));
    expect(made.user.username).toMatch(/^demo_s\d{4}$/);
    expect(made.password.length).toBeGreaterThanOrEqual(12);
    expect(made.user).toMatchObject({ gradeId: 'g7', gradeName: '初一', createdHere: true, disabled: false });
    const page = expectOk(
      await t.call<Page<AgencyUser>>('GET', '/v1/users/students?keyword=新学生甲', demo(studentAdmin)),
    );
    expect(page.list.map((u) => u.id)).toEqual([made.user.id]);
    const all = expectOk(await t.call<Page<AgencyUser>>('GET', '/v1/users/students?size=1', demo(agency)));
    expect(all.list).toHaveLength(1);
    expect(Number(all.total)).toBeGreaterThanOrEqual(2);
    // The other agency does not see demo's students.
    const theirs = expectOk(
      await t.call<Page<AgencyUser>>('GET', '/v1/users/students?keyword=新学生甲', { token: other, agency: 'other' }),
    );
    expect(theirs.total).toBe(0);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const r = await createStudent(agency, { name: '弱密码', username: 'weakpw', password: 'password1' });
    expectError(r, 400);
    expect(r.body.errmsg).toMatch(/密码/);
    expectError(await createStudent(agency, { name: '', username: 'x1' }), 400);
    expectError(await createStudent(agency, { name: '坏年级', gradeId: 'nope' }), 400);
    const page = expectOk(await t.call<Page<AgencyUser>>('GET', '/v1/users/students?keyword=weakpw', demo(agency)));
    expect(page.total).toBe(0);
  });

  it('a username clash says nothing of other agencies', async () => {
    expectOk(await createStudent(agency, { name: '张三', username: 'zhang3' }));
    const r = await createStudent(agency, { name: '张三二', username: 'demo_zhang3' });
    expectError(r, 409);
    expect(r.body.errmsg).toBe('用户名已被使用，请换一个');
  });

  it('edits, disables and enables; a disabled student cannot act in demo', async () => {
    const pw = 'quiet-orchard-lantern-42';
    const made = expectOk(await createStudent(agency, { name: '停用测试', password: pw }));
    const edited = expectOk(
      await t.call<AgencyUser>(
        'POST',
        `/v1/users/student/${made.user.id}`,
        demo(agency, { request: { gradeId: 'g8', name: '停用测试二' } }),
      ),
    );
    expect(edited).toMatchObject({ gradeId: 'g8', name: '停用测试二' });
    const token = await t.login(made.user.username, pw);
    // mustChangePassword: change it, then act.
    expectOk(
      await t.call('POST', '/v1/auth/password', {
        token,
        body: { request: { oldPassword: pw, newPassword: 'amber-violin-thunder-77' } },
      }),
    );
    expectOk(await t.call('GET', '/v1/wrong/list', demo(token)));
    const off = expectOk(await t.call<AgencyUser>('POST', `/v1/users/student/${made.user.id}/disable`, demo(agency)));
    expect(off.disabled).toBe(true);
    // The session cache was forgotten: the very same token loses the role at once.
    expectError(await t.call('GET', '/v1/wrong/list', demo(token)), 403);
    const disabledList = expectOk(
      await t.call<Page<AgencyUser>>('GET', '/v1/users/students?status=disabled', demo(agency)),
    );
    expect(disabledList.list.map((u) => u.id)).toContain(made.user.id);
    expectOk(await t.call('POST', `/v1/users/student/${made.user.id}/enable`, demo(agency)));
    expectOk(await t.call('GET', '/v1/wrong/list', demo(token)));
  });

  it('resets the password (agency admin only) and forces a change at the next login', async () => {
    const made = expectOk(await createStudent(agency, { name: '重置测试' }));
    expectError(await t.call('POST', `/v1/users/student/${made.user.id}/password`, demo(studentAdmin)), 403);
    const reset = expectOk(
      await t.call<{ username: string; password: string }>(
        'POST',
        `/v1/users/student/${made.user.id}/password`,
        demo(agency),
      ),
    );
    expect(reset.password).not.toBe(made.password);
    const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
      body: { request: { username: made.user.username, password: reset.password } },
    });
    expect(expectOk(login).user.mustChangePassword).toBe(true);
    // An initial password: hashed at the initial cost (features/users/initial-password.ts).
    const [row] = await t.db.select().from(users).where(eq(users.username, made.user.username));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
  });

  it("refuses a reset for an account the agency did not create or that holds another agency's role", async () => {
    const seeded = expectOk(await t.call<Page<AgencyUser>>('GET', '/v1/users/students?keyword=student', demo(agency)));
    const demoStudent = seeded.list.find((u) => u.username === 'student')!;
    expect(demoStudent.canResetPassword).toBe(false);
    const r = await t.call('POST', `/v1/users/student/${demoStudent.id}/password`, demo(agency));
    expectError(r, 403);
    expect(r.body.errmsg).not.toMatch(/other|其他机构/);
    const made = expectOk(await createStudent(agency, { name: '两机构' }));
    await t.db.insert(userRoles).values({ userId: Number(made.user.id), role: 'edu:agency:other:student' });
    expectError(await t.call('POST', `/v1/users/student/${made.user.id}/password`, demo(agency)), 403);
  });

  it('answers 404 for a foreign id and for an id that is not a student of the agency', async () => {
    const made = expectOk(await createStudent(agency, { name: '外机构看不到' }));
    expectError(
      await t.call('POST', `/v1/users/student/${made.user.id}/disable`, { token: other, agency: 'other' }),
      404,
    );
    expectError(
      await t.call('POST', `/v1/users/student/${made.user.id}/password`, { token: other, agency: 'other' }),
      404,
    );
    expectError(await t.call('POST', '/v1/users/student/999999/enable', demo(agency)), 404);
    expectError(await t.call('POST', '/v1/users/student/abc/enable', demo(agency)), 404);
    // A teacher is not a student.
    const teachers = expectOk(await t.call<Page<AgencyTeacher>>('GET', '/v1/users/teachers', demo(agency)));
    expectError(await t.call('POST', `/v1/users/student/${teachers.list[0].id}/disable`, demo(agency)), 404);
    // The other agency's admin cannot even name demo.
    expectError(await t.call('GET', '/v1/users/students', demo(other)), 403);
    // A teacher may not manage students.
    expectError(await t.call('GET', '/v1/users/students', demo(teacher)), 403);
  });
});

describe('teachers and profiles', () => {
  it('a teacher edits their own profile and publishes it; the public pages show it', async () => {
    const list = expectOk(await t.call<Page<AgencyTeacher>>('GET', '/v1/users/teachers?keyword=teacher', demo(agency)));
    const me = list.list.find((u) => u.username === 'teacher')!;
    const saved = expectOk(
      await t.call(
        'POST',
        `/v1/users/teacher/${me.id}/profile`,
        demo(teacher, {
          request: { subjectIds: ['en'], introduction: '十年英语教学经验', published: true },
        }),
      ),
    );
    expect(saved).toMatchObject({ introduction: '十年英语教学经验', published: true, subjectIds: ['en'] });
    const pub = expectOk(await t.call<PublicTeacherProfile>('GET', `/v1/public/teacher/${me.id}/profile`));
    expect(pub).toEqual({
      id: me.id,
      name: me.name,
      avatar: null,
      subjects: [{ id: 'en', name: '英语' }],
      introduction: '十年英语教学经验',
      agencies: [{ id: 'demo', name: '演示机构' }],
    });
    expect(Object.keys(pub)).not.toContain('username');
    const listed = expectOk(await t.call<Page<PublicTeacherProfile>>('GET', '/v1/public/agency/demo/profiles'));
    expect(listed.list.map((p) => p.id)).toContain(me.id);
    const none = expectOk(await t.call<Page<PublicTeacherProfile>>('GET', '/v1/public/agency/other/profiles'));
    expect(none.list.map((p) => p.id)).not.toContain(me.id);
    expectError(await t.call('GET', '/v1/public/agency/nope-agency/profiles'), 404);
    // Unpublished or suspended: gone from the public.
    expectOk(await t.call('POST', `/v1/users/teacher/${me.id}/disable`, demo(agency)));
    expectError(await t.call('GET', `/v1/public/teacher/${me.id}/profile`), 404);
    expectOk(await t.call('POST', `/v1/users/teacher/${me.id}/enable`, demo(agency)));
    expectOk(
      await t.call('POST', `/v1/users/teacher/${me.id}/profile`, demo(teacher, { request: { published: false } })),
    );
    expectError(await t.call('GET', `/v1/public/teacher/${me.id}/profile`), 404);
  });

  it("a teacher cannot read another teacher's profile (404); the admin can; bad avatar 400", async () => {
    const made = expectOk(
      await t.call<CreatedUser>('PUT', '/v1/users/teacher', demo(agency, { request: { name: '新老师' } })),
    );
    expect(made.user.username).toMatch(/^demo_t\d{4}$/);
    expectError(await t.call('GET', `/v1/users/teacher/${made.user.id}/profile`, demo(teacher)), 404);
    expectOk(await t.call('GET', `/v1/users/teacher/${made.user.id}/profile`, demo(agency)));
    expectError(
      await t.call(
        'POST',
        `/v1/users/teacher/${made.user.id}/profile`,
        demo(agency, { request: { avatar: 'nofile' } }),
      ),
      400,
    );
    // Another agency's admin: a foreign id.
    expectError(
      await t.call('GET', `/v1/users/teacher/${made.user.id}/profile`, { token: other, agency: 'other' }),
      404,
    );
  });
});

describe('staff roles', () => {
  it('an agency admin grants and removes staff roles of the agency only; a teacher admin may not', async () => {
    const made = expectOk(
      await t.call<CreatedUser>('PUT', '/v1/users/teacher', demo(agency, { request: { name: '教研组长' } })),
    );
    expect(made.user.roleKinds).toEqual(['teacher']);
    const path = `/v1/users/teacher/${made.user.id}`;
    const granted = expectOk(
      await t.call<AgencyUser>(
        'POST',
        path,
        demo(agency, { request: { staffRoles: ['train:admin', 'question:admin'] } }),
      ),
    );
    expect(granted.roleKinds).toEqual(['question:admin', 'teacher', 'train:admin']);
    expectError(await t.call('POST', path, demo(agency, { request: { staffRoles: ['admin'] } })), 400);
    await addUser(t, 'tadmin2', '教师管理员二', ['edu:agency:demo:teacher:admin']);
    const teacherAdmin = await t.login('tadmin2');
    expectError(await t.call('POST', path, demo(teacherAdmin, { request: { staffRoles: [] } })), 403);
    const removed = expectOk(
      await t.call<AgencyUser>('POST', path, demo(agency, { request: { staffRoles: ['train:admin'] } })),
    );
    expect(removed.roleKinds).toEqual(['teacher', 'train:admin']);
  });
});

describe('suspending an agency admin', () => {
  it('takes an agency admin: a teacher admin may not suspend a teacher who is also the agency admin', async () => {
    const id = await addUser(t, 'admteacher', '管理员兼教师', ['edu:agency:demo:admin', 'edu:agency:demo:teacher']);
    await addUser(t, 'tadmin', '教师管理员', ['edu:agency:demo:teacher:admin']);
    const teacherAdmin = await t.login('tadmin');
    expectError(await t.call('POST', `/v1/users/teacher/${id}/disable`, demo(teacherAdmin)), 403);
    expectOk(await t.call('POST', `/v1/users/teacher/${id}/disable`, demo(agency)));
    expectOk(await t.call('POST', `/v1/users/teacher/${id}/enable`, demo(agency)));
  });
});

describe('homework teachers', () => {
  it('platform admins create, assign and list them; agency admins cannot', async () => {
    const made = expectOk(
      await t.call<{ user: HomeworkTeacher; password: string }>('PUT', '/v1/users/homework-teacher', {
        token: admin,
        body: { request: { name: '作业老师乙', username: 'hw-teacher-2', agencyIds: ['demo'] } },
      }),
    );
    expect(made.user.agencies).toEqual([{ id: 'demo', name: '演示机构' }]);
    const edited = expectOk(
      await t.call<HomeworkTeacher>('POST', `/v1/users/homework-teacher/${made.user.id}`, {
        token: admin,
        body: { request: { agencyIds: ['demo', 'other'] } },
      }),
    );
    expect(edited.agencies.map((a) => a.id).sort()).toEqual(['demo', 'other']);
    const tutorLogin = await t.login('hw-teacher-2', made.password);
    const me = expectOk(await t.call<{ agencies: { id: string }[] }>('GET', '/v1/auth/me', { token: tutorLogin }));
    expect(me.agencies.map((a) => a.id).sort()).toEqual(['demo', 'other']);
    const list = expectOk(
      await t.call<Page<HomeworkTeacher>>('GET', '/v1/users/homework-teachers?agencyId=other', { token: admin }),
    );
    expect(list.list.map((u) => u.id)).toEqual([made.user.id]);
    expectError(
      await t.call('PUT', '/v1/users/homework-teacher', {
        token: admin,
        body: { request: { name: '重名', username: 'hw-teacher-2' } },
      }),
      409,
    );
    expectError(
      await t.call('POST', `/v1/users/homework-teacher/${made.user.id}`, {
        token: admin,
        body: { request: { agencyIds: ['no-such'] } },
      }),
      400,
    );
    expectError(await t.call('GET', '/v1/users/homework-teachers', demo(agency)), 403);
    expectError(await t.call('POST', '/v1/users/homework-teacher/1', { token: admin, body: { request: {} } }), 404);
  });
});
