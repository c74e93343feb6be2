import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo, repo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog } from '../../../test/antd';

const OWN = repo('r1', '七年级题库', { questionCount: 0 });
const REF = repo('s1', '名校题库', { owned: false, agencyId: 'other', agencyName: '名校', shared: true });
const OTHER = repo('s2', '中考真题', { owned: false, agencyId: 'other', agencyName: '名校', shared: true });
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function open(extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/exam/repositories': { total: 2, list: [OWN, REF] },
    'GET /v1/exam/repositories/store': { total: 2, list: [REF, OTHER] },
    ...extra,
  });
  renderApp(s.session, ['/admin/question/repository']);
  await screen.findByText('七年级题库', {}, { timeout: 15_000 });
  return s;
}

describe('admin/question/repository', () => {
  it('lists owned and referenced repositories; deletes an empty one after confirmation', async () => {
    const { calls } = await open({ 'DELETE /v1/exam/repository/r1': null });
    expect(within(row('七年级题库')).getByText('自有')).toBeTruthy();
    expect(within(row('名校题库')).getByText('引用')).toBeTruthy();
    fireEvent.click(within(row('七年级题库')).getByText('删除'));
    const d = await openDialog('.ant-modal-confirm');
    fireEvent.click(buttonIn(d, '删除'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('the store subscribes to a shared repository and marks those already referenced', async () => {
    const { calls } = await open({ 'POST /v1/exam/repository/s2/subscribe': OTHER });
    fireEvent.click(screen.getByRole('tab', { name: '题库商店' }));
    expect(await screen.findByText('中考真题')).toBeTruthy();
    expect(within(row('中考真题')).getByText('引用')).toBeTruthy();
    const refRows = screen.getAllByText('名校题库').map((e) => e.closest('tr') as HTMLElement);
    expect(refRows.some((r) => within(r).queryByText('已引用'))).toBe(true);
    fireEvent.click(within(row('中考真题')).getByText('引用').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/exam/repository/s2/subscribe')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/exam/repository/s2/subscribe')?.method).toBe('POST');
  });

  it('toggles sharing of an owned repository', async () => {
    const { calls } = await open({ 'POST /v1/exam/repository/r1': { ...OWN, shared: true } });
    fireEvent.click(screen.getByRole('switch', { name: '共享到题库商店 七年级题库' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/exam/repository/r1')?.body).toEqual({
        request: { name: '七年级题库', description: '', shared: true },
      }),
    );
  });

  it('shows its owner that a platform admin withdrew a repository, and why', async () => {
    await open({
      'GET /v1/exam/repositories': {
        total: 1,
        list: [{ ...OWN, shared: true, withdrawal: { reason: '含有错误答案', time: 0 } }],
      },
    });
    expect(within(row('七年级题库')).getByText('已被平台下架')).toBeTruthy();
    expect(within(row('七年级题库')).getByText('下架原因：含有错误答案')).toBeTruthy();
  });
});
