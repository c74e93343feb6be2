import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KnowledgePoint } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { KPS, kp, loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { codesToDepth, countNodes, subtree } from './kp-tree';

const SUBJECTS = KPS.filter((p) => p.lv === 'subject');
const admin = loginInfo(['edu:admin']);
const location = () => screen.getByTestId('location').textContent;

async function open(path: string, extra: Record<string, unknown> = {}, points: KnowledgePoint[] = KPS) {
  let current = points;
  // The page reads the subjects, then the shown subject's descendants (never the whole tree).
  const descendants = Object.fromEntries(
    SUBJECTS.map((s) => [
      `GET /v1/exam/question/knowledgepoints/parent/${s.code}`,
      () => ({ json: envelope(current.filter((p) => p.code.startsWith(`${s.code}.`))) }),
    ]),
  );
  const s = await makeSession(admin, {
    'GET /v1/exam/question/subjects': SUBJECTS,
    ...descendants,
    ...extra,
  });
  renderApp(s.session, [path]);
  return { ...s, setPoints: (p: KnowledgePoint[]) => (current = p) };
}

const dialog = (selector = '.ant-modal:not(.ant-modal-confirm)') =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>(selector);
    if (!d) throw new Error('no dialog');
    return d;
  });
const button = (root: HTMLElement, text: string) => within(root).getByText(text).closest('button') as HTMLElement;
const node = (code: string) => document.querySelector(`.kp-node[data-code="${code}"]`) as HTMLElement;

describe('kp-tree', () => {
  it('builds the subject subtree in order and counts it', () => {
    const t = subtree(KPS, 'en');
    expect(t?.children.map((c) => c.point.code)).toEqual(['en.g7', 'en.g8']);
    expect(countNodes(t)).toBe(5);
    expect(codesToDepth(t, 1)).toEqual(['en', 'en.g7', 'en.g8']);
    expect(subtree(KPS, 'nope')).toBeNull();
  });
});

describe('admin/knowledge/list/{subject}', () => {
  it('shows subject tabs and the tree with counts', async () => {
    await open('/admin/knowledge/list/en');
    expect(await screen.findByRole('tab', { name: '英语' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '数学' })).toBeTruthy();
    // The subject's points load after the subjects: a spinner meanwhile, then the tree.
    expect(await screen.findByText('共 4 个知识点')).toBeTruthy();
    expect(within(node('en.g7.c1')).getByText(/题目 7 · 例题 2/)).toBeTruthy();
    expect(within(node('en')).getByText('学科')).toBeTruthy();
  });

  it('an unknown subject goes to the first subject', async () => {
    await open('/admin/knowledge/list/first');
    await waitFor(() => expect(location()).toBe('/admin/knowledge/list/en'));
  });

  it('switching tabs changes the subject in the path', async () => {
    await open('/admin/knowledge/list/en');
    fireEvent.click(await screen.findByRole('tab', { name: '数学' }));
    await waitFor(() => expect(location()).toBe('/admin/knowledge/list/ma'));
    expect(await screen.findByText('共 1 个知识点')).toBeTruthy();
  });

  it('adds a child: PUT {parent, name}, then loads the subject’s points again', async () => {
    const created = kp('en.g8.c1', '第一章', 'chapter');
    const t = await open('/admin/knowledge/list/en', { 'PUT /v1/exam/question/knowledgepoint': created });
    await screen.findByText('共 4 个知识点');
    t.setPoints([...KPS, created]);
    fireEvent.click(within(node('en.g8')).getByLabelText('添加子知识点 八年级'));
    const d = await dialog();
    fireEvent.click(button(d, '确定'));
    expect(await within(d).findByText('请输入名称')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '  第一章 ' } });
    fireEvent.click(button(d, '确定'));
    await waitFor(() =>
      expect(t.calls.filter((c) => c.path === '/v1/exam/question/knowledgepoints/parent/en')).toHaveLength(2),
    );
    const put = t.calls.find((c: RecordedCall) => c.method === 'PUT');
    expect(put?.body).toEqual({ request: { parent: 'en.g8', name: '第一章' } });
    expect(await screen.findByText('共 5 个知识点')).toBeTruthy();
  });

  it('renames: POST …/knowledgepoint/{code} {name}', async () => {
    const t = await open('/admin/knowledge/list/en', { 'POST /v1/exam/question/knowledgepoint/en.g7.c1': KPS[2] });
    await screen.findByText('共 4 个知识点');
    fireEvent.click(within(node('en.g7.c1')).getByLabelText('重命名 第一章 词汇'));
    const d = await dialog();
    const input = within(d).getByLabelText<HTMLInputElement>('名称');
    await waitFor(() => expect(input.value).toBe('第一章 词汇'));
    fireEvent.change(input, { target: { value: '第一章 单词' } });
    fireEvent.click(button(d, '确定'));
    await waitFor(() => expect(t.calls.some((c) => c.method === 'POST' && c.path.endsWith('/en.g7.c1'))).toBe(true));
    expect(t.calls.find((c) => c.method === 'POST' && c.path.endsWith('/en.g7.c1'))?.body).toEqual({
      request: { name: '第一章 单词' },
    });
  });

  it('delete asks first and shows the server’s 409 message', async () => {
    const t = await open('/admin/knowledge/list/en', {
      'DELETE /v1/exam/question/knowledgepoint/en.g7': () => ({
        status: 409,
        json: envelope(null, 409, '该知识点下还有子知识点，不能删除'),
      }),
    });
    await screen.findByText('共 4 个知识点');
    fireEvent.click(within(node('en.g7')).getByLabelText('删除 七年级'));
    const d = await dialog('.ant-modal-confirm');
    expect(d.querySelector('.ant-modal-confirm-title')?.textContent).toBe('删除知识点「七年级」？');
    expect(t.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(button(d, '删除'));
    expect(await screen.findByText('该知识点下还有子知识点，不能删除')).toBeTruthy();
    expect(t.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('an empty subject shows the empty state', async () => {
    await open('/admin/knowledge/list/ma', {}, [...KPS.filter((p) => !p.code.startsWith('ma.'))]);
    expect(await screen.findByText('该学科下还没有知识点')).toBeTruthy();
  });

  it('no subjects at all: an empty state with 新增学科', async () => {
    await open('/admin/knowledge/list/first', { 'GET /v1/exam/question/subjects': [] }, []);
    expect(await screen.findByText('还没有学科，先新增一个学科吧')).toBeTruthy();
    expect(screen.getByText('新增学科').closest('button')).toBeTruthy();
  });
});
