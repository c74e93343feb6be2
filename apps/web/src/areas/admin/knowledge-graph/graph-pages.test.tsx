// The knowledge-graph admin pages against a fake API: the groups list (search, subject filter, paging, the
// create dialog's Chinese validation, delete after a confirmation naming the graph, moving a group up) and the editor (a refused
// edge shows the server's message naming the cycle and leaves the graph as it was; unplaced items are laid out
// and their positions saved at once; deleting an item asks first and shows its usage).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GraphDetail, GraphGroup, GraphItem } from '@edu/contract';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { buttonIn, openDialog, pickOption } from '../../../test/antd';
import { makeSession, renderApp } from '../../../test/render';

const GRAPH_ADMIN = ['edu:knowledgraph:admin'];

const group = (over: Partial<GraphGroup> = {}): GraphGroup => ({
  id: '7',
  name: '初中英语时态',
  subjectId: 'en',
  gradeId: null,
  description: '',
  sort: 1,
  itemCount: 3,
  edgeCount: 2,
  createTime: 0,
  lastUpdate: Date.UTC(2026, 0, 5),
  ...over,
});
const item = (id: string, name: string, over: Partial<GraphItem> = {}): GraphItem => ({
  id,
  groupId: '7',
  knowledgeCode: `c${id}`,
  knowledgeName: name,
  description: '',
  x: Number(id) * 200,
  y: 0,
  resources: { schemeIds: [], questionIds: [], videoUrl: null },
  ...over,
});
/** Whether closing the tab now would be held (beforeunload cancelled). */
const unload = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};
const DICTS = {
  'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
  'GET /v1/general/data/subjects': [
    { id: 'en', name: '英语', sort: 3 },
    { id: 'ma', name: '数学', sort: 2 },
  ],
};

/** With two selects of the same options open, typing the name and Enter picks it in the named select itself. */
async function typeOption(label: string, option: string, root: HTMLElement = document.body) {
  const box = within(root).getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: option } });
  await waitFor(() =>
    expect([...document.querySelectorAll('.ant-select-item-option-active')].some((e) => e.textContent === option)).toBe(
      true,
    ),
  );
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin/knowledgraph/groups', () => {
  it('searches, pages, validates the create dialog in Chinese and deletes after confirming', async () => {
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      ...DICTS,
      'GET /v1/knowledgraph/groups': { total: 45, list: [group()] },
      'PUT /v1/knowledgraph/group': group({ id: '8', name: '一般现在时' }),
      'DELETE /v1/knowledgraph/group/7': { deleted: true },
      'GET /v1/knowledgraph/group/8': { group: group({ id: '8', name: '一般现在时' }), items: [], edges: [] },
    });
    renderApp(session, ['/admin/knowledgraph/groups']);
    // The first test loads the page's lazy chunk: a loaded machine takes seconds.
    expect(await screen.findByText('初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('共 45 个图谱')).toBeTruthy();
    expect(screen.getByText('全部年级')).toBeTruthy();
    const row = screen.getByText('初中英语时态').closest('tr')!;
    expect(within(row).getByText('编辑图谱').closest('a')?.getAttribute('href')).toBe(
      '/admin/knowledgraph/group/7/items',
    );
    expect(within(row).getByText('预览').closest('a')?.getAttribute('href')).toBe(
      '/admin/knowledgraph/group/7/preview',
    );
    expect(within(row).getByText('统计').closest('a')?.getAttribute('href')).toBe('/admin/knowledgraph/group/7/stats');
    expect(within(row).getByText('添加知识点').closest('a')?.getAttribute('href')).toBe(
      '/admin/knowledgraph/group/7/create',
    );
    const lists = () => calls.filter((c) => c.path === '/v1/knowledgraph/groups').map((c) => c.url);
    expect(lists()[0]).toBe('/v1/knowledgraph/groups?start=0&size=20');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists().at(-1)).toBe('/v1/knowledgraph/groups?start=20&size=20'));
    // A new filter goes back to page 1.
    fireEvent.change(screen.getByPlaceholderText('搜索图谱名称'), { target: { value: ' 时态 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索图谱名称'), { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lists().at(-1)).toBe('/v1/knowledgraph/groups?keyword=%E6%97%B6%E6%80%81&start=0&size=20'),
    );

    // Delete asks first, naming the graph.
    fireEvent.click(buttonIn(row, '删除'));
    const confirm = await openDialog('.ant-modal-confirm');
    expect(within(confirm).getAllByText('删除知识图谱「初中英语时态」？').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/3 个知识点和 2 条先修关系/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(confirm, '删除'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/knowledgraph/group/7')).toBe(true),
    );

    // Create: empty fields are refused in Chinese, then a valid graph is created and its add page opens.
    fireEvent.click(screen.getByText('新建图谱').closest('button')!);
    const form = await openDialog();
    fireEvent.click(buttonIn(form, '保存'));
    expect(await within(form).findByText('请填写图谱名称')).toBeTruthy();
    expect(within(form).getByText('请选择学科')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: 'x'.repeat(61) } });
    expect(await within(form).findByText('图谱名称最多 60 个字')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 一般现在时 ' } });
    await pickOption('学科', '英语', form);
    fireEvent.click(buttonIn(form, '保存'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/knowledgraph/group')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { name: '一般现在时', subjectId: 'en', gradeId: null, description: '' },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/knowledgraph/group/8/create'));
  });

  it('moves a group up or down within its subject, the ends of a subject not movable past', async () => {
    let order = ['1', '2', '3'];
    const byId: Record<string, GraphGroup> = {
      '1': group({ id: '1', name: '英语甲', sort: 1 }),
      '2': group({ id: '2', name: '英语乙', sort: 2 }),
      '3': group({ id: '3', name: '数学甲', subjectId: 'ma', sort: 1 }),
    };
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      ...DICTS,
      // New objects at each read, as from the server (their places changed).
      'GET /v1/knowledgraph/groups': () => ({
        json: envelope({ total: 3, list: order.map((id, i) => ({ ...byId[id], sort: i + 1 })) }),
      }),
      'POST /v1/knowledgraph/group/2/move': () => {
        order = ['2', '1', '3'];
        return { json: envelope({ moved: true }) };
      },
    });
    renderApp(session, ['/admin/knowledgraph/groups']);
    expect(await screen.findByText('英语乙')).toBeTruthy();
    const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    // The first of the list and the last of each subject on it cannot go further.
    expect(button('上移「英语甲」').disabled).toBe(true);
    expect(button('下移「英语乙」').disabled).toBe(true);
    expect(button('上移「数学甲」').disabled).toBe(true);
    expect(button('下移「数学甲」').disabled).toBe(true);
    fireEvent.click(button('上移「英语乙」'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ request: { direction: 'up' } }));
    expect(await screen.findByText('顺序已调整')).toBeTruthy();
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('tr.ant-table-row')].map((r) => r.querySelector('strong')?.textContent),
      ).toEqual(['英语乙', '英语甲', '数学甲']),
    );
    // The ends follow the new order.
    await waitFor(() => expect(button('上移「英语乙」').disabled).toBe(true));
    expect(button('下移「英语乙」').disabled).toBe(false);
    expect(button('上移「英语甲」').disabled).toBe(false);
    expect(button('下移「英语甲」').disabled).toBe(true);
  });

  it('filters by subject', async () => {
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      ...DICTS,
      'GET /v1/knowledgraph/groups': { total: 1, list: [group()] },
    });
    renderApp(session, ['/admin/knowledgraph/groups']);
    expect(await screen.findByText('初中英语时态')).toBeTruthy();
    await pickOption('学科', '数学');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/v1/knowledgraph/groups').at(-1)?.url).toBe(
        '/v1/knowledgraph/groups?subjectId=ma&start=0&size=20',
      ),
    );
  });
});

describe('admin/knowledgraph/group/:id/items', () => {
  const detail: GraphDetail = {
    group: group(),
    items: [item('1', '一般现在时'), item('2', '一般过去时'), item('3', '现在完成时')],
    edges: [
      { id: 'e1', fromItemId: '1', toItemId: '2' },
      { id: 'e2', fromItemId: '2', toItemId: '3' },
    ],
  };

  it("shows the server's refusal of a cycle in place and keeps the graph as it was", async () => {
    const cycle = '不能添加：会形成环（现在完成时 → 一般现在时 → 一般过去时 → 现在完成时）';
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      'GET /v1/knowledgraph/group/7': detail,
      'PUT /v1/knowledgraph/group/7/edges': () => ({ status: 400, json: envelope(null, 400, cycle) }),
    });
    const { container } = renderApp(session, ['/admin/knowledgraph/group/7/items']);
    expect(await screen.findByText('编辑图谱：初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('3 个知识点 · 2 条先修关系')).toBeTruthy();
    await typeOption('先修知识点', '现在完成时');
    await typeOption('后续知识点', '一般现在时');
    expect(document.querySelector('[aria-label="添加先修关系"]')?.textContent).toContain('现在完成时→一般现在时');
    fireEvent.click(screen.getByText('添加').closest('button')!);
    await waitFor(() => expect(calls.map((c) => c.method)).toContain('PUT'));
    const alert = await waitFor(() => {
      const a = container.querySelector<HTMLElement>('.graph-edge-error');
      if (!a) throw new Error('no alert');
      return a;
    });
    expect(within(alert).getByText('无法添加先修关系')).toBeTruthy();
    expect(within(alert).getByText(cycle)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ request: { fromItemId: '3', toItemId: '1' } });
    // Nothing was refetched or saved: the graph is the one loaded.
    expect(calls.filter((c) => c.path === '/v1/knowledgraph/group/7')).toHaveLength(1);
    expect(screen.getByText('3 个知识点 · 2 条先修关系')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/layout'))).toBe(false);
  });

  it('lays out unplaced items on load and saves their positions at once', async () => {
    const unplaced: GraphDetail = {
      ...detail,
      items: [item('1', '一般现在时', { x: null, y: null }), item('2', '一般过去时', { x: null, y: null })],
      edges: [{ id: 'e1', fromItemId: '1', toItemId: '2' }],
    };
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      'GET /v1/knowledgraph/group/7': unplaced,
      'POST /v1/knowledgraph/group/7/layout': { saved: 2 },
    });
    renderApp(session, ['/admin/knowledgraph/group/7/items']);
    expect(await screen.findByText('编辑图谱：初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    const layout = await waitFor(
      () => {
        const c = calls.find((x) => x.method === 'POST' && x.path === '/v1/knowledgraph/group/7/layout');
        if (!c) throw new Error('no layout saved');
        return c;
      },
      { timeout: 10_000 },
    );
    const { positions } = (layout.body as { request: { positions: { itemId: string; x: number; y: number }[] } })
      .request;
    expect(positions.map((p) => p.itemId).sort()).toEqual(['1', '2']);
    const y = new Map(positions.map((p) => [p.itemId, p.y]));
    // The prerequisite above the item that needs it.
    expect(y.get('1')!).toBeLessThan(y.get('2')!);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls.filter((c) => c.path.endsWith('/layout'))).toHaveLength(1);
  });

  it('deleting an item asks first and says where it is used', async () => {
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      'GET /v1/knowledgraph/group/7': detail,
      'GET /v1/knowledgraph/item/2/usage': { schemes: [{ id: '5', name: '时态专项' }], studentsWithMastery: 12 },
      'DELETE /v1/knowledgraph/item/2': { deleted: true },
    });
    const { container } = renderApp(session, ['/admin/knowledgraph/group/7/items']);
    expect(await screen.findByText('编辑图谱：初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    const node = await waitFor(
      () => {
        const n = container.querySelector<HTMLElement>('.react-flow__node[data-id="2"]');
        if (!n) throw new Error('no node');
        return n;
      },
      { timeout: 10_000 },
    );
    fireEvent.click(node);
    fireEvent.click(await screen.findByText('从图谱中删除'));
    const dialog = await openDialog();
    expect(within(dialog).getByText('从图谱中删除「一般过去时」？')).toBeTruthy();
    expect(await within(dialog).findByText('被这些训练方案使用：时态专项')).toBeTruthy();
    expect(within(dialog).getByText(/12 名学生/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(dialog, '删除'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/knowledgraph/item/2')).toBe(true),
    );
  });

  it('closing the tab while positions are being saved asks first (docs/web.md "Unsaved changes")', async () => {
    const unplaced: GraphDetail = {
      ...detail,
      items: [item('1', '一般现在时', { x: null, y: null }), item('2', '一般过去时', { x: null, y: null })],
      edges: [],
    };
    let answer: () => void = () => {};
    const { session } = await makeSession(loginInfo(GRAPH_ADMIN), {
      'GET /v1/knowledgraph/group/7': unplaced,
      'POST /v1/knowledgraph/group/7/layout': () =>
        new Promise((done) => (answer = () => done({ json: envelope({ saved: 2 }) }))),
    });
    renderApp(session, ['/admin/knowledgraph/group/7/items']);
    expect(await screen.findByText('编辑图谱：初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    await screen.findByText(/正在保存位置/, {}, { timeout: 10_000 });
    expect(unload()).toBe(true);
    answer();
    await waitFor(() => expect(unload()).toBe(false));
  });
});

describe('admin/knowledgraph/item/:id/modify', () => {
  it('leaving with the form changed asks first; once saved it leaves without asking', async () => {
    let stored = item('1', '一般现在时', { description: '旧说明' });
    const { session, calls } = await makeSession(loginInfo(GRAPH_ADMIN), {
      'GET /v1/knowledgraph/item/1': () => ({ json: envelope(stored) }),
      'POST /v1/knowledgraph/item/1': () => {
        stored = { ...stored, description: '新说明' };
        return { json: envelope(stored) };
      },
      'GET /v1/knowledgraph/group/7': { group: group(), items: [stored], edges: [] },
    });
    renderApp(session, ['/admin/knowledgraph/item/1/modify']);
    const box = await screen.findByDisplayValue('旧说明', {}, { timeout: 15_000 });
    expect(unload()).toBe(false);
    fireEvent.change(box, { target: { value: '新说明' } });
    await waitFor(() => expect(unload()).toBe(true));
    fireEvent.click(screen.getByText('返回图谱编辑'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    const dialog = await openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
    expect(dialog.textContent).toContain('有未保存的修改，确定离开吗？');
    fireEvent.click(buttonIn(dialog, '留下'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId('location').textContent).toBe('/admin/knowledgraph/item/1/modify');
    expect(screen.getByDisplayValue('新说明')).toBeTruthy();

    fireEvent.click(screen.getByText('保存').closest('button')!);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/knowledgraph/item/1')).toBe(true),
    );
    await screen.findByText('已保存');
    fireEvent.click(screen.getByText('返回图谱编辑'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/knowledgraph/group/7/items'));
  });
});
