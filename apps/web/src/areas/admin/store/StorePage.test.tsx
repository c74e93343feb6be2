// The store page (docs/store.md): agency staff search, preview without answers, subscribe and unsubscribe after a
// confirmation; the platform admin withdraws with a required reason and restores; empty and error states.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StoreRepo } from '@edu/contract';
import { loginInfo, repo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog } from '../../../test/antd';

const storeRepo = (id: string, name: string, over: Partial<StoreRepo> = {}): StoreRepo => ({
  id,
  kind: 'question',
  agencyId: 'other',
  agencyName: '其他机构',
  name,
  description: '共享的题目',
  subjectId: 'en',
  subjectName: '英语',
  gradeId: 'g8',
  gradeName: '初二',
  itemCount: 3,
  subscribed: false,
  withdrawal: null,
  lastUpdate: 1_700_000_000_000,
  ...over,
});
const SHARED = storeRepo('3', '其他机构共享题库');
const USED = storeRepo('4', '名校题库', { subscribed: true });
const QUESTION = {
  id: '7',
  type: 'singleChoice',
  title: '',
  question: '<p>Which is ____, the sun or the moon?</p>',
  options: [
    { key: 'A', content: 'big' },
    { key: 'B', content: 'bigger' },
  ],
  subCount: 0,
  knowledgeName: '比较级',
  answer: null,
  explanation: null,
};
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const page = (list: StoreRepo[]) => ({ total: list.length, list });

async function openAs(roles: string[], routes: Record<string, unknown>) {
  const s = await makeSession(loginInfo(roles), routes);
  renderApp(s.session, ['/admin/store']);
  return s;
}

describe('admin/store for agency staff', () => {
  it('searches, previews without answers, subscribes and unsubscribes after a confirmation', async () => {
    const { calls } = await openAs(['edu:agency:demo:admin'], {
      'GET /v1/store/repositories': page([SHARED, USED]),
      'GET /v1/store/question-repository/3/questions': { total: 1, list: [QUESTION] },
      'POST /v1/exam/repository/3/subscribe': repo('3', '其他机构共享题库', {
        agencyId: 'other',
        agencyName: '其他机构',
        shared: true,
        owned: false,
      }),
      'POST /v1/exam/repository/4/unsubscribe': null,
    });
    expect(await screen.findByText('其他机构共享题库', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(row('其他机构共享题库')).getByText('英语 / 初二')).toBeTruthy();
    expect(within(row('名校题库')).getByText('已引用')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('搜索名称、说明或机构'), { target: { value: ' 共享 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索名称、说明或机构'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('keyword=%E5%85%B1%E4%BA%AB'))).toBe(true));

    fireEvent.click(within(row('其他机构共享题库')).getByText('预览'));
    expect(await screen.findByText(/the sun or the moon/)).toBeTruthy();
    expect(screen.getByText('引用前只显示题干与选项，引用后可以看到答案与解析。')).toBeTruthy();
    expect(screen.queryByText(/答案：/)).toBeNull();

    fireEvent.click(within(row('其他机构共享题库')).getByText('引用').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/exam/repository/3/subscribe')).toBe(true));

    fireEvent.click(within(row('名校题库')).getByText('取消引用'));
    const d = await openDialog('.ant-modal-confirm');
    expect(within(d).getByText(/训练方案将不再抽到它们/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/unsubscribe'))).toBe(false);
    fireEvent.click(buttonIn(d, '取消引用'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/exam/repository/4/unsubscribe')).toBe(true));
  });

  it('lists train repositories on their tab; a teacher browses but does not subscribe to question repositories', async () => {
    const { calls } = await openAs(['edu:agency:demo:teacher'], {
      'GET /v1/store/repositories': (c: { url: string }) => ({
        json: {
          errno: 0,
          errmsg: '',
          error: '',
          response: c.url.includes('kind=train')
            ? page([storeRepo('5', '共享方案库', { kind: 'train' })])
            : page([SHARED]),
        },
      }),
    });
    expect(await screen.findByText('其他机构共享题库', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(row('其他机构共享题库')).queryByText('引用')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '训练方案库' }));
    expect(await screen.findByText('共享方案库')).toBeTruthy();
    expect(within(row('共享方案库')).getByText('引用')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('kind=train'))).toBe(true);
  });

  it('shows the empty text', async () => {
    await openAs(['edu:agency:demo:admin'], { 'GET /v1/store/repositories': page([]) });
    expect(await screen.findByText('商店里还没有其他机构共享的题库', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows the error of a failed read', async () => {
    await openAs(['edu:agency:demo:admin'], {
      'GET /v1/store/repositories': () => ({
        status: 500,
        json: { errno: 500, errmsg: '服务器出错了', error: 'internal', response: null },
      }),
    });
    expect(await screen.findByText('服务器出错了', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('admin/store for the platform admin', () => {
  it('withdraws with a required reason and restores', async () => {
    const withdrawn = storeRepo('4', '名校题库', { withdrawal: { reason: '答案有误', time: 0 } });
    const { calls } = await openAs(['edu:admin'], {
      'GET /v1/agencies': { total: 0, list: [] },
      'GET /v1/store/admin/repositories': page([SHARED, withdrawn]),
      'POST /v1/store/admin/question/3/withdraw': { ...SHARED, withdrawal: { reason: '重复内容', time: 0 } },
      'POST /v1/store/admin/question/4/restore': { ...withdrawn, withdrawal: null },
    });
    expect(await screen.findByText('其他机构共享题库', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(row('名校题库')).getByText('已下架')).toBeTruthy();

    fireEvent.click(within(row('其他机构共享题库')).getByText('下架'));
    const d = await openDialog();
    fireEvent.click(buttonIn(d, '下架'));
    expect(await within(d).findByText('请填写下架原因')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    fireEvent.change(within(d).getByLabelText('下架原因'), { target: { value: ' 重复内容 ' } });
    fireEvent.click(buttonIn(d, '下架'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/store/admin/question/3/withdraw')?.body).toEqual({
        request: { reason: '重复内容' },
      }),
    );

    fireEvent.click(within(row('名校题库')).getByText('恢复上架'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/store/admin/question/4/restore')).toBe(true));
  });
});
