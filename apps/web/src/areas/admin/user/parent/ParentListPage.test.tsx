// admin/user/parent/list over a fake API: paging and search, a new parent account (validated, with children), linking
// a student and unlinking one after a confirmation.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyParent } from '@edu/contract';
import { buttonIn, openDialog } from '../../../../test/antd';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';

const parent = (id: string, name: string, over: Partial<AgencyParent> = {}): AgencyParent => ({
  id,
  username: `p${id}`,
  name,
  mustChangePassword: false,
  createdHere: false,
  children: [],
  canResetPassword: false,
  ...over,
});
const LI = parent('1', '李小明家长', {
  children: [{ id: '11', username: 'student', name: '李小明' }],
  canResetPassword: true,
});
const STUDENTS = [
  { id: '11', username: 'student', name: '李小明' },
  { id: '12', username: 'xiaohong', name: '王小红' },
];

async function open(routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/admin/parents': (c: RecordedCall) => {
      const q = new URL(c.url, 'http://x').searchParams;
      return { json: envelope({ total: 41, list: q.get('keyword') ? [LI] : [LI, parent('2', '王小红家长')] }) };
    },
    'GET /v1/admin/parent/students': STUDENTS,
    ...routes,
  });
  renderApp(s.session, ['/admin/user/parent/list']);
  // The page is a lazy chunk: its first load in a test file may take a while on a loaded machine.
  await screen.findByText('李小明家长', undefined, { timeout: 15_000 });
  return s;
}

describe('admin/user/parent/list', () => {
  it('lists parents with their children, pages and searches', async () => {
    const { calls } = await open();
    expect(screen.getByText('共 41 位家长')).toBeTruthy();
    const row = screen.getByText('李小明家长').closest('tr') as HTMLElement;
    expect(within(row).getByText('李小明')).toBeTruthy();
    expect(within(screen.getByText('王小红家长').closest('tr') as HTMLElement).getByText('未关联')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/parents')?.url).toBe('/v1/admin/parents?start=0&size=20');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/v1/admin/parents?start=20&size=20'));
    const search = screen.getByPlaceholderText('搜索家长姓名或用户名');
    fireEvent.change(search, { target: { value: '李' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(`/v1/admin/parents?start=0&size=20&keyword=${encodeURIComponent('李')}`),
    );
  });

  it('creates a parent: required fields checked first, then the account with its children', async () => {
    const { calls } = await open({ 'PUT /v1/admin/parent': parent('3', '新家长', { createdHere: true }) });
    fireEvent.click(buttonIn(document.body, '新建家长'));
    const d = await openDialog();
    fireEvent.click(buttonIn(d, '保存'));
    expect(await within(d).findByText('请输入姓名')).toBeTruthy();
    expect(within(d).getByText('请输入初始密码')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: '新家长' } });
    fireEvent.change(within(d).getByLabelText('用户名'), { target: { value: 'newp' } });
    fireEvent.change(within(d).getByLabelText('初始密码'), { target: { value: 'Tall-Green-Kettle-42' } });
    fireEvent.mouseDown(d.querySelector('.ant-select') as HTMLElement);
    fireEvent.click(await screen.findByTitle('王小红（xiaohong）'));
    fireEvent.click(buttonIn(d, '保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/admin/parent')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { name: '新家长', username: 'newp', password: 'Tall-Green-Kettle-42', childIds: ['12'] },
    });
  });

  it('links a student, and unlinks one only after confirming', async () => {
    const { calls } = await open({
      'PUT /v1/admin/parent/2/child/12': parent('2', '王小红家长'),
      'DELETE /v1/admin/parent/1/child/11': parent('1', '李小明家长'),
    });
    const row2 = screen.getByText('王小红家长').closest('tr') as HTMLElement;
    fireEvent.click(buttonIn(row2, '关联学生'));
    const d = await openDialog();
    fireEvent.mouseDown(d.querySelector('.ant-select-selector, .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByTitle('王小红（xiaohong）'));
    fireEvent.click(buttonIn(d, '关联学生'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/admin/parent/2/child/12')).toBe(true),
    );
    const row1 = screen.getByText('李小明家长').closest('tr') as HTMLElement;
    fireEvent.click(row1.querySelector('button[aria-label="解除 李小明"]') as HTMLElement);
    expect(await screen.findByText('确定解除 李小明家长 与 李小明 的关联吗？')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(document.querySelector('.ant-popover') as HTMLElement, '确定'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/admin/parent/1/child/11')).toBe(true),
    );
  });

  it('resets a password only where the agency may, after confirming, and shows the new one once', async () => {
    const { calls } = await open({
      'POST /v1/admin/parent/1/password': { username: 'p1', password: 'abcd-efgh-jkmn' },
    });
    const row2 = screen.getByText('王小红家长').closest('tr') as HTMLElement;
    expect(within(row2).queryByText('重置密码')).toBeNull();
    const row1 = screen.getByText('李小明家长').closest('tr') as HTMLElement;
    fireEvent.click(buttonIn(row1, '重置密码'));
    const [confirm] = await screen.findAllByText('重置「李小明家长」的密码？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(buttonIn(confirm.closest('.ant-modal') as HTMLElement, '确定'));
    expect((await screen.findByTestId('shown-password')).textContent).toContain('abcd-efgh-jkmn');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/admin/parent/1/password')).toBe(true);
  });
});
