// 邀请已有账号 on the user lists over a fake API (docs/users.md "Inviting an existing account"): only the agency admin
// is offered it; the role starts as the list's kind; the server's sentence is shown as it is (the same whether the
// username exists or not); a refusal shows its message on the field or in a toast; an unanswered invitation is
// withdrawn after a confirmation.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVITATION_SENT, type AgencyInvitation } from '@edu/contract';
import { buttonIn, openDialog, pickOption } from '../../../../test/antd';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';

const invitation = (id: string, username: string, over: Partial<AgencyInvitation> = {}): AgencyInvitation => ({
  id,
  username,
  role: 'student',
  status: 'pending',
  invitedBy: '演示机构管理员',
  createTime: Date.UTC(2026, 0, 5, 2),
  expiresAt: Date.UTC(2026, 0, 12, 2),
  answeredAt: null,
  ...over,
});
const LIST = [
  invitation('3', 'other_s0001'),
  invitation('2', 'other_t0001', { role: 'teacher', status: 'accepted', answeredAt: Date.UTC(2026, 0, 6) }),
  invitation('1', 'nobody', { status: 'expired' }),
];

/** Each list page: its list call and its create button (there once the page is drawn). */
const LISTS: Record<string, [string, string]> = {
  '/admin/user/student/list': ['/v1/users/students', '新建学生'],
  '/admin/user/teacher/list': ['/v1/users/teachers', '新建教师'],
  '/admin/user/parent/list': ['/v1/admin/parents', '新建家长'],
};

async function open(page: string, roles = ['edu:agency:demo:admin'], routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/general/data/grades': [],
    'GET /v1/general/data/subjects': [],
    'GET /v1/users/leaving/policy': { retentionDays: 365 },
    [`GET ${LISTS[page][0]}`]: { total: 0, list: [] },
    'GET /v1/users/invitations': { total: LIST.length, list: LIST },
    'PUT /v1/users/invitation': { message: INVITATION_SENT, expiresAt: Date.UTC(2026, 0, 12, 2) },
    'DELETE /v1/users/invitation/3': null,
    ...routes,
  });
  renderApp(s.session, [page]);
  // The page is a lazy chunk: its first load in a test file may take a while on a loaded machine.
  await waitFor(() => expect(screen.getAllByText(LISTS[page][1]).length).toBeGreaterThan(0), { timeout: 15_000 });
  return s;
}

async function openInvite() {
  fireEvent.click(await screen.findByText('邀请已有账号'));
  const dialog = await openDialog();
  await within(dialog).findByText('other_s0001');
  return dialog;
}

const sendAs = async (dialog: HTMLElement, username: string) => {
  fireEvent.change(within(dialog).getByPlaceholderText(/对方完整的用户名/), { target: { value: username } });
  fireEvent.click(buttonIn(dialog, '发送邀请'));
};

describe('邀请已有账号', () => {
  it('is offered to the agency admin only', async () => {
    await open('/admin/user/student/list', ['edu:agency:demo:student:admin']);
    expect(screen.queryByText('邀请已有账号')).toBeNull();
  });

  it('invites by username with the list kind as the role and shows the server sentence', async () => {
    const { calls } = await open('/admin/user/student/list');
    const dialog = await openInvite();
    // The agency's invitations and their state.
    const row = (u: string) => within(dialog).getByText(u).closest('tr') as HTMLElement;
    expect(row('other_s0001').textContent).toContain('待接受');
    expect(row('other_t0001').textContent).toContain('已接受');
    expect(row('other_t0001').textContent).toContain('教师');
    expect(row('nobody').textContent).toContain('已过期');
    expect(within(row('other_t0001')).queryByText('撤回')).toBeNull();

    await sendAs(dialog, ' other_s0002 ');
    await within(dialog).findByText(new RegExp(`^${INVITATION_SENT}，有效期至 2026-01-12`));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ request: { username: 'other_s0002', role: 'student' } });
    // The list is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/users/invitations').length).toBe(2));
  });

  it.each([
    ['/admin/user/teacher/list', 'teacher'],
    ['/admin/user/parent/list', 'parent'],
  ])('on %s starts with the role %s, which may be changed', async (page, role) => {
    const { calls } = await open(page);
    const dialog = await openInvite();
    await sendAs(dialog, 'someone');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ request: { username: 'someone', role } }),
    );
    await pickOption('身份', '学生', dialog);
    await sendAs(dialog, 'someone');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        request: { username: 'someone', role: 'student' },
      }),
    );
  });

  it('shows a refusal: a member of the agency (409) in a toast, a bad username on its field', async () => {
    let n = 0;
    await open('/admin/user/student/list', undefined, {
      'PUT /v1/users/invitation': (_c: RecordedCall) =>
        ++n === 1
          ? { status: 409, json: envelope(null, 409, 'student 已是本机构的成员，无需邀请') }
          : {
              status: 400,
              json: envelope({ fields: [{ path: 'request.username', message: '用户名过长' }] }, 400, '用户名过长'),
            },
    });
    const dialog = await openInvite();
    await sendAs(dialog, 'student');
    expect(await screen.findByText('student 已是本机构的成员，无需邀请')).toBeTruthy();
    expect(within(dialog).queryByText(new RegExp(`^${INVITATION_SENT}，有效期至`))).toBeNull();
    await sendAs(dialog, 'x'.repeat(20));
    await waitFor(() => expect(within(dialog).getAllByText('用户名过长').length).toBeGreaterThan(0));
  });

  it('withdraws an unanswered invitation after a confirmation', async () => {
    const { calls } = await open('/admin/user/student/list');
    const dialog = await openInvite();
    fireEvent.click(buttonIn(within(dialog).getByText('other_s0001').closest('tr') as HTMLElement, '撤回'));
    const ask = (await screen.findAllByText('撤回发给「other_s0001」的邀请？'))[0].closest('.ant-modal-confirm');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(ask as HTMLElement, '确定'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/users/invitation/3')).toBe(true),
    );
  });
});
