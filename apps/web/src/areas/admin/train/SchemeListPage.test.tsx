import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog, pickOption } from '../../../test/antd';
import { paper, queryOf, REF_REPO, scheme, trainRoutes } from './train-test-kit';

const SHARED = scheme({ schemeId: '31', title: '共享练习', trainRepoId: REF_REPO.id, status: 'on', kpRange: [] });
const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

async function open(extra: Record<string, unknown> = {}) {
  const s = await makeSession(
    loginInfo(['edu:agency:demo:teacher']),
    trainRoutes({
      'GET /v1/train/control/schemes': { total: 3, list: [scheme(), paper(), SHARED] },
      'GET /v1/train/control/schemes/byme': { total: 1, list: [paper()] },
      ...extra,
    }),
  );
  renderApp(s.session, ['/admin/train/list']);
  await screen.findByText('分层练习');
  return s;
}

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/v1/train/control/schemes'));

describe('admin/train/list', () => {
  it('shows own and referenced schemes; a referenced one is read-only', async () => {
    await open();
    expect(within(row('分层练习')).getByText('普通方案')).toBeTruthy();
    expect(within(row('分层练习')).getByText('七年级')).toBeTruthy();
    expect(within(row('期中测试')).getByText('试卷')).toBeTruthy();
    expect(within(row('期中测试')).getByText('2 道题 · 20 分钟')).toBeTruthy();
    await waitFor(() => expect(within(row('共享练习')).getByText('共享方案库')).toBeTruthy());
    expect(within(row('共享练习')).getByText('查看')).toBeTruthy();
    expect(within(row('共享练习')).getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect(within(row('分层练习')).getByText('编辑')).toBeTruthy();
    expect(screen.getByText('共 3 个方案')).toBeTruthy();
  });

  it('switching on asks first, then calls …/on', async () => {
    const { calls } = await open({ 'POST /v1/train/scheme/11/on': scheme({ status: 'on' }) });
    await waitFor(() => expect(within(row('分层练习')).getByRole('switch').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(row('分层练习')).getByRole('switch'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('开启「分层练习」？');
    expect(calls.some((c) => c.path.endsWith('/on'))).toBe(false);
    fireEvent.click(buttonIn(d, '开启'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/train/scheme/11/on')).toBe(true),
    );
  });

  it('filters and the 我创建的 tab build the list request', async () => {
    const { calls } = await open();
    await pickOption('类型', '试卷');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)! as never).type).toBe('paper'));
    await pickOption('方案库', '演示方案库');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)! as never).trainRepoId).toBe('1'));
    fireEvent.click(screen.getByRole('tab', { name: '我创建的' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.path).toBe('/v1/train/control/schemes/byme'));
    expect(queryOf(listCalls(calls).at(-1)! as never)).toMatchObject({ type: 'paper', trainRepoId: '1', start: '0' });
    await waitFor(() => expect(screen.queryByText('分层练习')).toBeNull());
  });

  it('edit opens the editor, a paper opens the paper builder', async () => {
    await open();
    fireEvent.click(within(row('期中测试')).getByText('编辑'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/train/create/paper/edit/12'));
  });
});
