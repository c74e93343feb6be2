// /invitations over a fake API (docs/users.md "Inviting an existing account"): a visitor is asked to log in; the
// signed-in user sees the invitations waiting for them, accepts one after a confirmation (the login info is read
// again and the new agency can be entered) or refuses one after a confirmation; nothing is sent before confirming.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvitationAnswer, LoginInfo, MyInvitation } from '@edu/contract';
import { buttonIn } from '../../test/antd';
import { envelope } from '../../test/fake-api';
import { emptyStudentHome, loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';

const INVITATION: MyInvitation = {
  id: '7',
  agency: { id: 'demo', name: '演示机构' },
  role: 'student',
  invitedBy: '演示机构管理员',
  createTime: Date.UTC(2026, 0, 5, 2),
  expiresAt: Date.UTC(2026, 0, 12, 2),
};
const answer = (status: InvitationAnswer['status']): InvitationAnswer => ({
  id: INVITATION.id,
  agency: INVITATION.agency,
  role: INVITATION.role,
  status,
});
const ME = loginInfo(['edu:agency:other:student'], ['other']);
const JOINED: LoginInfo = loginInfo(['edu:agency:other:student', 'edu:agency:demo:student'], ['other', 'demo']);

async function open(user: LoginInfo | null, mine: MyInvitation[] = [INVITATION]) {
  let waiting = mine;
  const s = await makeSession(user, {
    'GET /v1/invitation/mine': () => ({ json: envelope(waiting) }),
    'POST /v1/invitation/7/accept': () => {
      waiting = [];
      return { json: envelope(answer('accepted')) };
    },
    'POST /v1/invitation/7/refuse': () => {
      waiting = [];
      return { json: envelope(answer('refused')) };
    },
    'GET /v1/auth/me': JOINED,
    'GET /v1/student/home': emptyStudentHome(),
  });
  renderApp(s.session, ['/invitations']);
  await screen.findByText('机构邀请', { selector: 'h3' }, { timeout: 15_000 });
  return s;
}

const confirmDialog = async (title: string) =>
  (await screen.findAllByText(title))[0].closest('.ant-modal-confirm') as HTMLElement;

describe('/invitations', () => {
  it('asks a visitor to log in', async () => {
    const { calls } = await open(null);
    expect(await screen.findByText('请先登录，再查看发给你的机构邀请')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/invitation/mine')).toBe(false);
  });

  it('says when nothing waits', async () => {
    await open(ME, []);
    expect(await screen.findByText('暂无待处理的邀请')).toBeTruthy();
  });

  it('accepts after a confirmation, reads the login info again and enters the agency', async () => {
    const { calls, session } = await open(ME);
    expect(await screen.findByText('「演示机构」邀请你以学生身份加入')).toBeTruthy();
    expect(screen.getByText(/邀请人：演示机构管理员/).textContent).toContain('有效期至 2026-01-12');
    fireEvent.click(buttonIn(document.body, '接受'));
    const ask = await confirmDialog('以学生身份加入「演示机构」？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(buttonIn(ask, '接受'));
    expect(await screen.findByText('你已加入「演示机构」')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/invitation/7/accept')).toBe(true);
    await waitFor(() => expect(session.userStore.get()?.agencies.map((a) => a.id)).toEqual(['other', 'demo']));
    fireEvent.click(buttonIn(document.body, '进入「演示机构」'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/home'));
    expect(session.configStore.getState().agencyId).toBe('demo');
  });

  it('refuses after a confirmation, changing nothing else', async () => {
    const { calls, session } = await open(ME);
    await screen.findByText('「演示机构」邀请你以学生身份加入');
    fireEvent.click(buttonIn(document.body, '拒绝'));
    const ask = await confirmDialog('拒绝「演示机构」的邀请？');
    fireEvent.click(buttonIn(ask, '拒绝'));
    expect(await screen.findByText('暂无待处理的邀请')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/invitation/7/refuse')).toBe(true);
    expect(calls.some((c) => c.path === '/v1/auth/me')).toBe(false);
    expect(session.userStore.get()?.agencies.map((a) => a.id)).toEqual(['other']);
  });
});
