// Row selection and the bulk actions of the student list (docs/users.md "Bulk actions"): the bar, confirmations,
// the calls with the selected ids, the one-time passwords and who is offered what.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyTeacher } from '@edu/contract';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';

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

async function open(roles: string[], routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
    'GET /v1/general/data/subjects': [{ id: 'en', name: '英语', sort: 3 }],
    'GET /v1/users/students': { total: 2, list: [A, B] },
    ...routes,
  });
  renderApp(s.session, ['/admin/user/student/list']);
  await screen.findByText('王小明', {}, { timeout: 10_000 });
  return s;
}

const select = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));
const bar = () => screen.getByRole<HTMLElement>('toolbar');
const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLButtonElement;
const confirmDialog = (title: string) =>
  waitFor(() => {
    const t = screen.getAllByText(title).find((e) => e.closest('.ant-modal-confirm'));
    if (!t) throw new Error('no confirmation');
    return t.closest('.ant-modal-confirm') as HTMLElement;
  });

describe('bulk actions on the student list', () => {
  it('shows the bar for a selection and disables every selected student after a confirmation', async () => {
    const { calls } = await open(['edu:agency:demo:admin'], {
      'POST /v1/users/students/bulk/disable': { changed: 2 },
    });
    expect(screen.queryByRole('toolbar')).toBeNull();
    select('王小明');
    select('李小红');
    expect(within(bar()).getByText('已选 2 人')).toBeTruthy();
    fireEvent.click(button(bar(), '停用'));
    const ask = await confirmDialog('停用所选的 2 人？');
    expect(calls.some((c) => c.path.endsWith('/bulk/disable'))).toBe(false);
    fireEvent.click(button(ask, /确\s*定/));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/students/bulk/disable')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/users/students/bulk/disable')?.body).toEqual({
      request: { userIds: ['1', '2'] },
    });
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
  });

  it('resets passwords only for accounts the agency owns, shows them once and downloads them', async () => {
    const { calls } = await open(['edu:agency:demo:admin'], {
      'POST /v1/users/students/bulk/passwords': {
        list: [{ id: '1', name: '王小明', username: 'demo_s0001', password: 'abcd-EFGH-2345' }],
      },
    });
    select('王小明');
    select('李小红');
    expect(button(bar(), '重置密码').disabled).toBe(true);
    select('李小红');
    expect(button(bar(), '重置密码').disabled).toBe(false);
    fireEvent.click(button(bar(), '重置密码'));
    fireEvent.click(button(await confirmDialog('重置所选 1 人的密码？'), /确\s*定/));
    expect(await screen.findByText('abcd-EFGH-2345')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/users/students/bulk/passwords')?.body).toEqual({
      request: { userIds: ['1'] },
    });
    // Closing before the download asks first; cancelling keeps the passwords on screen.
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    const ask = await confirmDialog('新密码还没有下载，确定关闭吗？');
    fireEvent.click(button(ask, /取\s*消/));
    expect(screen.getByText('abcd-EFGH-2345')).toBeTruthy();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: '下载密码表' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const confirmations = document.querySelectorAll('.ant-modal-confirm').length;
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(confirmations);
  });

  it('marks the selected students as left after a confirmation, and exports the selection', async () => {
    const { calls } = await open(['edu:agency:demo:admin'], {
      'DELETE /v1/users/students/membership': { changed: 1 },
      'POST /v1/users/students/bulk/export': () => ({ text: 'xlsx' }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    select('李小红');
    fireEvent.click(button(bar(), '导出所选'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/students/bulk/export')).toBe(true));
    fireEvent.click(button(bar(), '标记为已离开'));
    fireEvent.click(button(await confirmDialog('将所选的 1 名学生标记为已离开？'), /确\s*定/));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/students/membership')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/users/students/membership')?.body).toEqual({
      request: { userIds: ['2'] },
    });
  });

  it('offers a student admin neither 加入班级 nor 重置密码', async () => {
    await open(['edu:agency:demo:student:admin']);
    select('王小明');
    expect(within(bar()).queryByText('重置密码')).toBeNull();
    expect(within(bar()).queryByText('加入班级')).toBeNull();
    expect(within(bar()).getByText('停用')).toBeTruthy();
  });
});
