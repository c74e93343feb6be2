// The header's notice bell (docs/notices.md "The bell"): the unread count polled every minute (fake timers), the
// drawer's loading, empty state and list, 全部已读, and a press on a notice marking it read, switching to its agency
// and opening its link; times in China Standard Time under another browser zone; in the student and admin layouts;
// nothing for a visitor.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@edu/contract';
import { envelope } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { UNREAD_POLL_MS } from './notice-keys';

const STUDENT = ['edu:agency:demo:student'];

const notice = (over: Partial<Notice>): Notice => ({
  id: '1',
  kind: 'task_assigned',
  agencyId: 'demo',
  title: '新任务：第一单元练习',
  body: '截止时间 1月12日 23:59，请在待办任务中完成。',
  link: '/student/tasks/todo',
  createdAt: Date.UTC(2026, 0, 5, 8, 0),
  readAt: null,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A server holding `items`; reads mark them as the server would. */
function server(items: Notice[]) {
  let unreadCalls = 0;
  const routes = {
    'GET /v1/notice/unread': () => {
      unreadCalls++;
      return { json: envelope({ unread: items.filter((n) => n.readAt === null).length }) };
    },
    'GET /v1/notice/list': () => ({ json: envelope({ total: items.length, list: items }) }),
    'POST /v1/notice/read-all': () => {
      const updated = items.filter((n) => n.readAt === null).length;
      items.forEach((n) => (n.readAt ??= 1));
      return { json: envelope({ updated }) };
    },
    'POST /v1/notice/2/read': () => {
      items[1].readAt = 1;
      return { json: envelope(items[1]) };
    },
  };
  return { routes, unreadCalls: () => unreadCalls };
}

describe('notice bell', () => {
  it('shows the unread count, polls it every minute and lists the notices; 全部已读 clears them', async () => {
    const items = [notice({ id: '1' }), notice({ id: '2', title: '作业已批改', link: '/student/train/report/9' })];
    const srv = server(items);
    const s = await makeSession(loginInfo(STUDENT), srv.routes);
    renderApp(s.session, ['/student/home']);
    const bell = await screen.findByRole('button', { name: '通知，2 条未读' });
    const before = srv.unreadCalls();
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    await waitFor(() => expect(srv.unreadCalls()).toBeGreaterThan(before));

    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('新任务：第一单元练习')).toBeTruthy();
    expect(within(drawer).getAllByLabelText('未读')).toHaveLength(2);
    fireEvent.click(within(drawer).getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('已全部标为已读')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '通知' })).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryAllByLabelText('未读')).toHaveLength(0));
  });

  it('marks a notice read and opens its link, in its agency', async () => {
    const items = [
      notice({ id: '1', readAt: 5 }),
      notice({ id: '2', agencyId: 'second', title: '作业已批改', link: '/student/train/report/9' }),
    ];
    const srv = server(items);
    const s = await makeSession(loginInfo(STUDENT, ['demo', 'second']), srv.routes);
    renderApp(s.session, ['/student/home']);
    fireEvent.click(await screen.findByRole('button', { name: '通知，1 条未读' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByText('作业已批改'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/train/report/9'));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST' && c.path === '/v1/notice/2/read')).toBe(true));
    expect(s.session.configStore.getState().agencyId).toBe('second');
    expect(await screen.findByRole('button', { name: '通知' })).toBeTruthy();
  });

  it('shows when in China Standard Time, labelled, whatever the browser zone', async () => {
    const zone = process.env.TZ;
    // New York: 2026-01-05 08:00 UTC is 03:00 there, 16:00 in Beijing.
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date(Date.UTC(2026, 0, 5, 8, 0)).getHours()).toBe(3);
      const s = await makeSession(loginInfo(STUDENT), server([notice({ id: '1' })]).routes);
      renderApp(s.session, ['/student/home']);
      fireEvent.click(await screen.findByRole('button', { name: '通知，1 条未读' }));
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText('01-05 16:00')).toBeTruthy();
      expect(within(drawer).getByText('时间均为北京时间')).toBeTruthy();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows the empty state, in the admin layout too', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), server([]).routes);
    renderApp(s.session, ['/admin']);
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    expect(await within(await screen.findByRole('dialog')).findByText('暂无通知')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部已读' })).toHaveProperty('disabled', true);
  });

  it('is not shown to a visitor', async () => {
    const s = await makeSession(null, server([]).routes);
    renderApp(s.session, ['/student/home']);
    await screen.findByRole('button', { name: '登录' });
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(screen.queryByRole('button', { name: /^通知/ })).toBeNull();
    expect(s.calls.some((c) => c.path.startsWith('/v1/notice'))).toBe(false);
  });
});
