import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo, question, repo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog, pickOption } from '../../../test/antd';

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/exam/question/list');
const last = (calls: RecordedCall[]) => {
  const c = listCalls(calls).at(-1)!;
  return { query: Object.fromEntries(new URL(c.url, 'http://x').searchParams), body: c.body };
};

async function open(extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'POST /v1/exam/question/list': () => ({
      json: envelope({ total: 45, list: [question(), question({ id: 'q2', title: '第二题', type: 'fillBlank' })] }),
    }),
    'GET /v1/exam/repositories': {
      total: 2,
      list: [repo('r1', '七年级题库'), repo('r2', '共享题库', { owned: false })],
    },
    'GET /v1/exam/tags': [{ id: 't1', name: '易错', key: null, questionCount: 2 }],
    ...extra,
  });
  renderApp(s.session, ['/admin/question/list']);
  await screen.findByText('第二题');
  return s;
}

describe('admin/question/list', () => {
  it('shows questions with Chinese type labels, knowledge point, tags and version', async () => {
    const { calls } = await open();
    expect(screen.getByText('Which is a noun?')).toBeTruthy();
    expect(screen.getAllByText('单选题').length).toBeGreaterThan(0);
    expect(screen.getAllByText('填空题').length).toBeGreaterThan(0);
    expect(screen.getAllByText('名词复数').length).toBeGreaterThan(0);
    expect(screen.getByText('共 45 道题')).toBeTruthy();
    expect(last(calls)).toEqual({
      query: { start: '0', size: '20', agencyId: 'demo' },
      body: { request: { knowledgeIds: [], orderBy: '-lastUpdate' } },
    });
  });

  it('filters build the request: knowledge subtree, type, tag, repository, keyword, paging', async () => {
    const { calls } = await open();
    await pickOption('学科', '英语');
    await waitFor(() =>
      expect(last(calls).body).toEqual({ request: { knowledgeIds: ['en'], orderBy: '-lastUpdate' } }),
    );
    fireEvent.click(screen.getByText('第一章 词汇'));
    await waitFor(() =>
      expect(last(calls).body).toEqual({ request: { knowledgeIds: ['en.g7.c1'], orderBy: '-lastUpdate' } }),
    );
    await pickOption('题型', '填空题');
    await waitFor(() => expect(last(calls).query.type).toBe('fillBlank'));
    await pickOption('标签', '易错');
    await waitFor(() => expect(last(calls).query.tag).toBe('易错'));
    await pickOption('题库', '七年级题库');
    await waitFor(() => expect(last(calls).query.repoId).toBe('r1'));
    const search = screen.getByPlaceholderText('搜索题干或标题');
    fireEvent.change(search, { target: { value: ' noun ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(last(calls).query.keyword).toBe('noun'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(last(calls).query).toEqual({
        start: '20',
        size: '20',
        agencyId: 'demo',
        repoId: 'r1',
        type: 'fillBlank',
        tag: '易错',
        keyword: 'noun',
      }),
    );
    expect(last(calls).body).toEqual({ request: { knowledgeIds: ['en.g7.c1'], orderBy: '-lastUpdate' } });
  });

  it('导出 starts from the filters in force', async () => {
    await open();
    await pickOption('题型', '填空题');
    await pickOption('题库', '七年级题库');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    const d = await openDialog();
    await within(d).findByText('七年级题库');
    expect(within(d).getByText('填空题')).toBeTruthy();
  });

  it('bulk move to a repository asks first, then posts the selected ids', async () => {
    const { calls } = await open({ 'POST /v1/exam/questions/move': { moved: 2 } });
    const boxes = within(document.querySelector('tbody')!).getAllByRole('checkbox');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    expect(await screen.findByText('已选 2 道题')).toBeTruthy();
    fireEvent.click(screen.getByText('移动到题库').closest('button')!);
    const d = await openDialog();
    expect(within(d).getByText('把 2 道题移动到题库')).toBeTruthy();
    fireEvent.click(buttonIn(d, '确定'));
    expect(await within(d).findByText('请选择目标')).toBeTruthy();
    await pickOption('目标', '七年级题库', d);
    fireEvent.click(buttonIn(d, '确定'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/exam/questions/move')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/exam/questions/move')?.body).toEqual({
      request: { ids: ['q1', 'q2'], repoId: 'r1' },
    });
  });

  it('delete asks for confirmation', async () => {
    const { calls } = await open({ 'DELETE /v1/exam/question/q1': null });
    fireEvent.click(screen.getAllByText('删除')[0].closest('button')!);
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('删除这道题目？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(d, '删除'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/exam/question/q1')).toBe(true),
    );
  });

  it('an empty result shows the empty state', async () => {
    await makeSession(loginInfo(['edu:agency:demo:admin']), {}).then(({ session }) => {
      renderApp(session, ['/admin/question/list']);
    });
    expect(await screen.findByText('没有符合条件的题目')).toBeTruthy();
  });
});
