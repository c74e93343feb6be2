// Row selection in a class's members (docs/users.md "Bulk actions"): the selected students removed in one call
// after a confirmation; no selection for a reader.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { cls } from '../../class/class-test-kit';

const MEMBERS = {
  total: 2,
  list: [
    { id: '11', username: 'student', name: '李小明', joinTime: Date.UTC(2026, 0, 1) },
    { id: '12', username: 'xiaohong', name: '王小红', joinTime: Date.UTC(2026, 0, 2) },
  ],
};
const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLElement;

async function openDrawer(roles: string[], routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/class/list': { total: 1, list: [cls({ canManage: roles.includes('edu:agency:demo:admin') })] },
    'GET /v1/class/5/members': MEMBERS,
    'GET /v1/class/5/teachers': [],
    ...routes,
  });
  renderApp(s.session, ['/admin/class/ordinary/list']);
  await screen.findByText('初一（1）班');
  fireEvent.click(button(screen.getByRole('table'), '成员'));
  const drawer = (await screen.findByText('成员：初一（1）班')).closest<HTMLElement>('.ant-drawer')!;
  await within(drawer).findByText('王小红');
  return { ...s, drawer };
}

describe("a class's members: bulk removal", () => {
  it('removes the selected students in one call after a confirmation', async () => {
    const { calls, drawer } = await openDrawer(['edu:agency:demo:admin'], {
      'POST /v1/class/5/members/remove': { changed: 2 },
    });
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '李小明' }));
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '王小红' }));
    const bar = within(drawer).getByRole('toolbar');
    expect(within(bar).getByText('已选 2 人')).toBeTruthy();
    fireEvent.click(button(bar, '移出班级'));
    const title = (await screen.findAllByText('将所选的 2 名学生移出班级？'))[0];
    expect(calls.some((c) => c.path === '/v1/class/5/members/remove')).toBe(false);
    fireEvent.click(button(title.closest('.ant-modal-confirm') as HTMLElement, /确\s*定/));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/class/5/members/remove')?.body).toEqual({
        request: { userIds: ['11', '12'] },
      }),
    );
  });

  it('offers no selection to a teacher who reads the class', async () => {
    const { drawer } = await openDrawer(['edu:agency:demo:teacher']);
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
  });
});
