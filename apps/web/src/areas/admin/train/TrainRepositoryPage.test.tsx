import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog } from '../../../test/antd';
import { OWN_REPO, REF_REPO, scheme, trainRepo, trainRoutes } from './train-test-kit';

const EMPTY = trainRepo('2', '空方案库', { schemeCount: 0 });
const STORE = trainRepo('4', '名校方案库', { owned: false, shared: true, agencyId: 'x', agencyName: '名校' });
const row = (name: string) => screen.getAllByText(name).at(-1)!.closest('tr') as HTMLElement;

async function open(extra: Record<string, unknown> = {}) {
  const s = await makeSession(
    loginInfo(['edu:agency:demo:admin']),
    trainRoutes({
      'GET /v1/train/repositories': { total: 3, list: [OWN_REPO, EMPTY, REF_REPO] },
      'GET /v1/train/repositories/store': { total: 2, list: [{ ...REF_REPO, subscribed: true }, STORE] },
      ...extra,
    }),
  );
  renderApp(s.session, ['/admin/train/repository']);
  await screen.findByText('空方案库', {}, { timeout: 15_000 });
  return s;
}

describe('admin/train/repository', () => {
  it('owned and referenced repositories; only an empty one can be deleted, after confirmation', async () => {
    const { calls } = await open({ 'DELETE /v1/train/repository/2': null });
    expect(within(row('演示方案库')).getByText('自有')).toBeTruthy();
    expect(within(row('共享方案库')).getByText('取消引用')).toBeTruthy();
    expect(within(row('演示方案库')).getByText('删除').closest('button')!.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row('空方案库')).getByText('删除'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('删除方案库「空方案库」？');
    fireEvent.click(buttonIn(d, '删除'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/train/repository/2')).toBe(true),
    );
  });

  it('creates a repository in the modal', async () => {
    const { calls } = await open({ 'PUT /v1/train/repository': trainRepo('9', '新库') });
    fireEvent.click(screen.getAllByText('新建方案库')[0].closest('button')!);
    const d = await openDialog();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: ' 新库 ' } });
    fireEvent.click(buttonIn(d, '确定'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        request: { name: '新库', description: '', shared: false, subjectId: null, gradeId: null },
      }),
    );
  });

  it('the store subscribes; one already used shows 已引用 with 取消引用', async () => {
    const { calls } = await open({ 'POST /v1/train/repository/4/subscribe': STORE });
    fireEvent.click(screen.getByRole('tab', { name: '方案库商店' }));
    await screen.findByText('名校方案库');
    expect(within(row('共享方案库')).getByText('已引用')).toBeTruthy();
    expect(within(row('共享方案库')).getByText('取消引用')).toBeTruthy();
    fireEvent.click(within(row('名校方案库')).getByText('引用').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/train/repository/4/subscribe')).toBe(true));
  });

  it('detail lists the schemes of the repository with its type in the path', async () => {
    const s = await makeSession(
      loginInfo(['edu:agency:demo:admin']),
      trainRoutes({
        'GET /v1/train/repository/1': OWN_REPO,
        'GET /v1/train/control/schemes': { total: 1, list: [scheme()] },
      }),
    );
    renderApp(s.session, ['/admin/train/repository/detail/1/paper']);
    expect(await screen.findByText('方案库：演示方案库')).toBeTruthy();
    await screen.findByText('分层练习');
    const list = s.calls.filter((c) => c.path === '/v1/train/control/schemes').at(-1)!;
    expect(Object.fromEntries(new URL(list.url, 'http://x').searchParams)).toMatchObject({
      trainRepoId: '1',
      type: 'paper',
    });
  });
});
