import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyTeacher } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const member = (id: string, name: string, over: Partial<AgencyTeacher> = {}): AgencyTeacher => ({
  id,
  username: `demo_s000${id}`,
  name,
  avatar: null,
  disabled: false,
  createdHere: true,
  canResetPassword: true,
  canRename: true,
  gradeId: 'g7',
  gradeName: '初一',
  subjectIds: ['en'],
  mustChangePassword: false,
  roleKinds: ['student'],
  createTime: 1_700_000_000_000,
  profilePublished: false,
  ...over,
});
const A = member('1', '王小明');
const B = member('2', '李小红', { canResetPassword: false, createdHere: false, canRename: false });

async function open(path: string, routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
    'GET /v1/general/data/subjects': [{ id: 'en', name: '英语', sort: 3 }],
    'GET /v1/users/students': (c: RecordedCall) => {
      const q = new URL(c.url, 'http://x').searchParams;
      return { json: envelope({ total: 45, list: q.get('keyword') ? [A] : [A, B] }) };
    },
    'GET /v1/users/teachers': { total: 1, list: [member('3', '赵老师', { username: 'demo_t0001' })] },
    ...routes,
  });
  renderApp(s.session, [path]);
  return s;
}

const dialog = (selector = '.ant-modal') =>
  waitFor(() => {
    const d = [...document.querySelectorAll<HTMLElement>(selector)].find(
      (e) => !e.closest('.ant-modal-wrap[style*="display: none"]'),
    );
    if (!d) throw new Error('no dialog');
    return d;
  });
const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLElement;

describe('admin/user/student/list', () => {
  it('lists students with grade, subjects and paging; searches and filters', async () => {
    const { calls } = await open('/admin/user/student/list');
    expect(await screen.findByText('王小明', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('共 45 人')).toBeTruthy();
    expect(screen.getAllByText('英语').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/v1/users/students')?.url).toBe(
      '/v1/users/students?start=0&size=20&status=all',
    );
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/v1/users/students?start=20&size=20&status=all'));
    const search = screen.getByPlaceholderText('搜索姓名或用户名');
    fireEvent.change(search, { target: { value: '王' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        `/v1/users/students?start=0&size=20&keyword=${encodeURIComponent('王')}&status=all`,
      ),
    );
    // Only accounts the agency owns offer a reset.
    expect(screen.getAllByText('重置密码')).toHaveLength(1);
  });

  it('creates a student with validation and shows the password once', async () => {
    const { calls } = await open('/admin/user/student/list', {
      'PUT /v1/users/student': {
        user: member('9', '新同学', { username: 'demo_s0009' }),
        password: 'abcd-EFGH-2345',
      },
    });
    await screen.findByText('王小明', {}, { timeout: 10_000 });
    fireEvent.click(button(document.body, '新建学生'));
    const d = await dialog();
    fireEvent.change(within(d).getByLabelText('用户名'), { target: { value: '-bad' } });
    fireEvent.click(button(d, /保\s*存/));
    expect(await within(d).findByText('请输入姓名')).toBeTruthy();
    expect(within(d).getByText('用户名只能包含字母、数字、下划线、点或连字符，以字母或数字开头')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(d).getByLabelText('用户名'), { target: { value: '' } });
    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: ' 新同学 ' } });
    fireEvent.click(button(d, /保\s*存/));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/users/student')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { name: '新同学', gradeId: null, subjectIds: [] },
    });
    expect((await screen.findByTestId('shown-password')).textContent).toContain('abcd-EFGH-2345');
    expect(screen.getByText('请记下新密码')).toBeTruthy();
  });

  it('disables after a confirmation, and resets a password showing the new one', async () => {
    const { calls } = await open('/admin/user/student/list', {
      'POST /v1/users/student/1/disable': { ...A, disabled: true },
      'POST /v1/users/student/1/password': { username: A.username, password: 'wxyz-PQRS-6789' },
    });
    await screen.findByText('王小明', {}, { timeout: 10_000 });
    const row = screen.getByText('王小明').closest('tr') as HTMLElement;
    fireEvent.click(button(row, '停用'));
    const ask = await dialog('.ant-modal-confirm');
    expect(within(ask).getAllByText('停用「王小明」？').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path.endsWith('/disable'))).toBe(false);
    fireEvent.click(button(ask, /确\s*定/));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/student/1/disable')).toBe(true));
    fireEvent.click(button(row, '重置密码'));
    const title = await screen.findAllByText('重置「王小明」的密码？');
    const ask2 = title[0].closest('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(button(ask2, /确\s*定/));
    expect((await screen.findByTestId('shown-password')).textContent).toContain('wxyz-PQRS-6789');
  });
});

describe('admin/user/teacher/list', () => {
  it('lists teachers with links to the profile and the classes', async () => {
    await open('/admin/user/teacher/list');
    expect(await screen.findByText('赵老师', {}, { timeout: 10_000 })).toBeTruthy();
    const row = screen.getByText('赵老师').closest('tr') as HTMLElement;
    expect(within(row).getByText('资料').closest('a')?.getAttribute('href')).toBe('/admin/user/teacher/3/profile');
    expect(within(row).getByText('班级').closest('a')?.getAttribute('href')).toBe(
      `/admin/user/teacher/list/classInfo/3/${encodeURIComponent('赵老师')}`,
    );
  });

  it('an agency admin gives a teacher staff roles in the edit dialog', async () => {
    const { calls } = await open('/admin/user/teacher/list', {
      'POST /v1/users/teacher/3': member('3', '赵老师', { roleKinds: ['teacher', 'train:admin'] }),
    });
    await screen.findByText('赵老师', {}, { timeout: 10_000 });
    const row = screen.getByText('赵老师').closest('tr') as HTMLElement;
    fireEvent.click(button(row, '编辑'));
    const d = await dialog();
    fireEvent.click(within(d).getByLabelText('训练管理员'));
    fireEvent.click(button(d, /保\s*存/));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/users/teacher/3')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      request: { name: '赵老师', subjectIds: ['en'], staffRoles: ['train:admin'] },
    });
  });
});
