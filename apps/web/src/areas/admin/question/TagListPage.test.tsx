import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tag } from '@edu/contract';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog, pickOption } from '../../../test/antd';

const TAGS: Tag[] = [
  { id: 't0', name: '例题', key: 'example', questionCount: 4 },
  { id: 't1', name: '易错', key: null, questionCount: 2 },
  { id: 't2', name: '重点', key: null, questionCount: 5 },
];
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function open(extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), { 'GET /v1/exam/tags': TAGS, ...extra });
  renderApp(s.session, ['/admin/tag/list']);
  await screen.findByText('易错');
  return s;
}

describe('admin/tag/list', () => {
  it('marks system tags and offers them no actions', async () => {
    await open();
    expect(within(row('例题')).getByText('系统标签')).toBeTruthy();
    expect(within(row('例题')).queryByText('删除')).toBeNull();
    expect(within(row('易错')).getByText('合并')).toBeTruthy();
  });

  it('merges a tag into another chosen tag', async () => {
    const { calls } = await open({ 'POST /v1/exam/tag/t1/merge': TAGS[2] });
    fireEvent.click(within(row('易错')).getByText('合并'));
    const d = await openDialog();
    expect(within(d).getByText('把标签「易错」合并到…')).toBeTruthy();
    fireEvent.click(buttonIn(d, '确定'));
    expect(await within(d).findByText('请选择目标标签')).toBeTruthy();
    await pickOption('目标标签', '重点', d);
    fireEvent.click(buttonIn(d, '确定'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/exam/tag/t1/merge')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/exam/tag/t1/merge')?.body).toEqual({ request: { into: 't2' } });
  });

  it('deletes only after confirmation', async () => {
    const { calls } = await open({ 'DELETE /v1/exam/tag/t2': null });
    fireEvent.click(within(row('重点')).getByText('删除'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('删除标签「重点」？');
    expect(d.textContent).toContain('5 道题目上的这个标签会一并移除。');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(buttonIn(d, '删除'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/exam/tag/t2')).toBe(true));
  });

  it('creates a tag with the contract’s name rule', async () => {
    const { calls } = await open({ 'PUT /v1/exam/tag': { id: 't3', name: '新', key: null, questionCount: 0 } });
    fireEvent.click(screen.getByText('新建标签').closest('button')!);
    const d = await openDialog();
    fireEvent.click(buttonIn(d, '确定'));
    expect(await within(d).findByText('请输入标签名称')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: ' 新 ' } });
    fireEvent.click(buttonIn(d, '确定'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ request: { name: '新' } }));
  });

  it('a name the server refuses (409): its message on the name field, the dialog stays open, a toast only on success', async () => {
    const taken = { status: 409, json: envelope(null, 409, '已有名为“重点”的标签') };
    await open({ 'PUT /v1/exam/tag': () => taken });
    fireEvent.click(screen.getByText('新建标签').closest('button')!);
    const d = await openDialog();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '重点' } });
    fireEvent.click(buttonIn(d, '确定'));
    expect(await within(d).findByText('已有名为“重点”的标签')).toBeTruthy();
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('已保存');
  });
});
