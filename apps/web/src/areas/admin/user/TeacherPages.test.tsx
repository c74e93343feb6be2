import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HomeworkTeacher, TeacherProfile } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { agencyListItem, loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const PROFILE: TeacherProfile = {
  id: '3',
  username: 'teacher',
  name: '赵老师',
  avatar: null,
  subjectIds: ['en'],
  introduction: '旧简介',
  published: false,
  canRename: false,
};
const SUBJECTS = [{ id: 'en', name: '英语', sort: 3 }];
const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLElement;

describe('admin/user/teacher/:id/profile', () => {
  it('loads the profile, locks the name of an account the agency does not own, and saves', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/general/data/subjects': SUBJECTS,
      'GET /v1/users/teacher/3/profile': PROFILE,
      'POST /v1/users/teacher/3/profile': { ...PROFILE, introduction: '新简介', published: true },
    });
    renderApp(s.session, ['/admin/user/teacher/3/profile']);
    const intro = await screen.findByDisplayValue('旧简介', {}, { timeout: 10_000 });
    expect(screen.getByDisplayValue('赵老师').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('此账号不是本机构创建的，姓名只能由本人修改')).toBeTruthy();
    fireEvent.change(intro, { target: { value: '新简介' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(button(document.body, /保\s*存/));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(s.calls.find((c) => c.method === 'POST')?.body).toEqual({
      request: { avatar: null, subjectIds: ['en'], introduction: '新简介', published: true },
    });
  });

  it('opens to a plain agency teacher for their own profile, without the list the teacher cannot open', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/general/data/subjects': SUBJECTS,
      'GET /v1/users/teacher/3/profile': { ...PROFILE, canRename: true },
      'POST /v1/users/teacher/3/profile': PROFILE,
    });
    renderApp(s.session, ['/admin/user/teacher/3/profile']);
    const intro = await screen.findByDisplayValue('旧简介', {}, { timeout: 10_000 });
    expect(screen.queryByText('返回教师列表')).toBeNull();
    fireEvent.change(intro, { target: { value: '我的简介' } });
    fireEvent.click(button(document.body, /保\s*存/));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(s.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      request: { name: '赵老师', introduction: '我的简介' },
    });
  });

  it('is reached from the side menu’s 我的资料 by an agency teacher only (issue 18)', async () => {
    const teacher = await makeSession(loginInfo(['edu:agency:demo:teacher'], ['demo'], { id: '3' }), {
      'GET /v1/general/data/subjects': SUBJECTS,
      'GET /v1/users/teacher/3/profile': PROFILE,
    });
    const view = renderApp(teacher.session, ['/admin/user/teacher/3/profile']);
    await screen.findByDisplayValue('旧简介', {}, { timeout: 10_000 });
    const entry = screen.getByRole('link', { name: '我的资料' });
    expect(entry.getAttribute('href')).toBe('/admin/user/teacher/3/profile');
    expect(entry.closest('.ant-menu-item-selected')).not.toBeNull();
    view.unmount();

    const admin = await makeSession(loginInfo(['edu:agency:demo:admin'], ['demo'], { id: '3' }), {
      'GET /v1/general/data/subjects': SUBJECTS,
      'GET /v1/users/teacher/3/profile': PROFILE,
    });
    renderApp(admin.session, ['/admin/user/teacher/3/profile']);
    await screen.findByDisplayValue('旧简介', {}, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: '我的资料' })).toBeNull();
  });

  it('shows not found for a teacher outside the agency', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {});
    renderApp(s.session, ['/admin/user/teacher/99/profile']);
    expect(await screen.findByText('教师不存在', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('admin/user/teacher/list/classInfo/:id/:teacherName', () => {
  it('pages the teacher’s classes through the server', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/users/teacher/3/classes': (c: RecordedCall) => {
        const start = Number(new URL(c.url, 'http://x').searchParams.get('start'));
        const list = Array.from({ length: start === 0 ? 20 : 5 }, (_, i) => ({
          id: String(start + i + 1),
          kind: 'ordinary',
          name: `班级${start + i + 1}`,
          gradeName: '初一',
          subjectName: null,
          memberCount: 3,
        }));
        return { json: envelope({ total: 25, list }) };
      },
    });
    renderApp(s.session, [`/admin/user/teacher/list/classInfo/3/${encodeURIComponent('赵老师')}`]);
    expect(await screen.findByText('班级1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('赵老师 的班级')).toBeTruthy();
    expect(screen.getByText('共 25 个班级')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/users/teacher/3/classes')?.url).toBe(
      '/v1/users/teacher/3/classes?start=0&size=20',
    );
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('班级21')).toBeTruthy();
    expect(s.calls.at(-1)?.url).toBe('/v1/users/teacher/3/classes?start=20&size=20');
  });
});

describe('admin/user/WTteacher/list', () => {
  const HW: HomeworkTeacher = {
    id: '6',
    username: 'tutor',
    name: '王老师',
    agencies: [{ id: 'demo', name: '演示机构' }],
    mustChangePassword: false,
    createTime: 1_700_000_000_000,
  };
  it('lists homework teachers with their agencies and creates one, showing the password once', async () => {
    const s = await makeSession(loginInfo(['edu:admin']), {
      'GET /v1/agencies': { total: 1, list: [agencyListItem('demo', '演示机构')] },
      'GET /v1/users/homework-teachers': { total: 1, list: [HW] },
      'PUT /v1/users/homework-teacher': {
        user: { ...HW, id: '9', username: 'hw2', name: '新老师' },
        password: 'Abcd-efgh-2345',
      },
    });
    renderApp(s.session, ['/admin/user/WTteacher/list']);
    expect(await screen.findByText('王老师', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('演示机构').length).toBeGreaterThan(0);
    fireEvent.click(button(document.body, '新建辅导老师'));
    const d = await waitFor(() => {
      const m = document.querySelector<HTMLElement>('.ant-modal');
      if (!m) throw new Error('no dialog');
      return m;
    });
    fireEvent.click(button(d, /保\s*存/));
    expect(await within(d).findByText('请输入用户名')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: '新老师' } });
    fireEvent.change(within(d).getByLabelText('用户名'), { target: { value: 'hw2' } });
    fireEvent.click(button(d, /保\s*存/));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(s.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { name: '新老师', username: 'hw2', agencyIds: [] },
    });
    expect((await screen.findByTestId('shown-password')).textContent).toContain('Abcd-efgh-2345');
  });
});
