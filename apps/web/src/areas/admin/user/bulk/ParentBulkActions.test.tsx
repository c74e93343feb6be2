// Row selection and the bulk actions of the parent list (docs/parents.md "Bulk actions"): the bar, the reset offered
// only when every selected parent may be reset here, its confirmation and one-time passwords, the export.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyParent } from '@edu/contract';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';

const parent = (id: string, name: string, over: Partial<AgencyParent> = {}): AgencyParent => ({
  id,
  username: `p${id}`,
  name,
  mustChangePassword: false,
  createdHere: true,
  children: [],
  canResetPassword: true,
  ...over,
});
const LI = parent('1', '李小明家长');
const WANG = parent('2', '王小红家长', { canResetPassword: false, createdHere: false });

async function open(routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:parent:admin']), {
    'GET /v1/admin/parents': { total: 2, list: [LI, WANG] },
    ...routes,
  });
  renderApp(s.session, ['/admin/user/parent/list']);
  // The page is a lazy chunk: its first load in a test file may take a while on a loaded machine.
  await screen.findByText('李小明家长', undefined, { timeout: 15_000 });
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

describe('bulk actions on the parent list', () => {
  it('resets only parents the agency may reset, after a confirmation, and shows the passwords once', async () => {
    const { calls } = await open({
      'POST /v1/admin/parents/bulk/passwords': {
        list: [{ id: '1', name: '李小明家长', username: 'p1', password: 'abcd-EFGH-2345' }],
      },
    });
    expect(screen.queryByRole('toolbar')).toBeNull();
    select('李小明家长');
    select('王小红家长');
    expect(within(bar()).getByText('已选 2 人')).toBeTruthy();
    expect(button(bar(), '重置密码').disabled).toBe(true);
    select('王小红家长');
    expect(button(bar(), '重置密码').disabled).toBe(false);
    fireEvent.click(button(bar(), '重置密码'));
    const ask = await confirmDialog('重置所选 1 人的密码？');
    expect(calls.some((c) => c.path.endsWith('/bulk/passwords'))).toBe(false);
    fireEvent.click(button(ask, /确\s*定/));
    expect(await screen.findByText('abcd-EFGH-2345')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/admin/parents/bulk/passwords')?.body).toEqual({
      request: { userIds: ['1'] },
    });
    // The selection clears and the list is read again.
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/admin/parents').length).toBeGreaterThan(1));
  });

  it('exports the selection, parents the agency may not reset included', async () => {
    const { calls } = await open({ 'POST /v1/admin/parents/bulk/export': () => ({ text: 'xlsx' }) });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    select('李小明家长');
    select('王小红家长');
    fireEvent.click(button(bar(), '导出所选'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/admin/parents/bulk/export')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/admin/parents/bulk/export')?.body).toEqual({
      request: { userIds: ['1', '2'] },
    });
  });
});
