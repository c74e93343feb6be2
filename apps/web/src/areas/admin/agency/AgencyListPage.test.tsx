import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Agency } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const agency = (id: string, name: string, over: Partial<Agency> = {}): Agency => ({
  id,
  name,
  domain: null,
  profile: '',
  logo: null,
  createTime: 0,
  lastUpdate: 1_700_000_000_000,
  ...over,
});
const DEMO = agency('demo', '演示机构', { domain: 'demo.example.com', profile: '示例', logo: 'f1' });

async function open(routes: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(['edu:admin']), {
    'GET /v1/agencies': (c: RecordedCall) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const list = q.get('keyword') ? [DEMO] : [DEMO, agency('other', '其他机构')];
      return { json: envelope({ total: 45, list }) };
    },
    ...routes,
  });
  renderApp(s.session, ['/admin/agency/list']);
  return s;
}

const modal = () =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    if (!d) throw new Error('no dialog');
    return d;
  });
const button = (root: HTMLElement, text: string) => within(root).getByText(text).closest('button') as HTMLElement;

describe('admin/agency/list', () => {
  it('lists agencies with logo, domain and paging; searches by keyword', async () => {
    const { calls } = await open();
    expect(await screen.findByText('演示机构')).toBeTruthy();
    expect(screen.getByText('demo.example.com')).toBeTruthy();
    expect(screen.getByAltText<HTMLImageElement>('演示机构').getAttribute('src')).toBe('/v1/files/f1');
    expect(screen.getByText('共 45 个机构')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/agencies')?.url).toBe('/v1/agencies?start=0&size=20');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/v1/agencies?start=20&size=20'));
    fireEvent.change(screen.getByPlaceholderText('搜索机构标识或名称'), { target: { value: '演示' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索机构标识或名称'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(`/v1/agencies?start=0&size=20&keyword=${encodeURIComponent('演示')}`),
    );
  });

  it('creates an agency with a validated id', async () => {
    const { calls } = await open({ 'PUT /v1/agency': agency('acme', '阿克米') });
    await screen.findByText('演示机构');
    fireEvent.click(
      screen
        .getAllByText('新建机构')
        .map((e) => e.closest('button'))
        .find(Boolean) as HTMLElement,
    );
    const d = await modal();
    fireEvent.change(within(d).getByLabelText('机构标识'), { target: { value: 'Bad Id' } });
    fireEvent.click(button(d, '保存'));
    expect(await within(d).findByText('只能包含小写字母、数字和连字符（2–32 位）')).toBeTruthy();
    expect(within(d).getByText('请输入机构名称')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('机构标识'), { target: { value: 'acme' } });
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '阿克米' } });
    fireEvent.click(button(d, '保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/agency')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { id: 'acme', name: '阿克米', domain: null, profile: '', logo: null },
    });
  });

  it('edits an agency without changing its id', async () => {
    const { calls } = await open({ 'POST /v1/agency/demo': DEMO });
    await screen.findByText('演示机构');
    fireEvent.click(screen.getAllByText('编辑')[0].closest('button') as HTMLElement);
    const d = await modal();
    const id = within(d).getByLabelText<HTMLInputElement>('机构标识');
    await waitFor(() => expect(id.value).toBe('demo'));
    expect(id.disabled).toBe(true);
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '演示机构二' } });
    fireEvent.click(button(d, '保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/agency/demo')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      request: { name: '演示机构二', domain: 'demo.example.com', profile: '示例', logo: 'f1' },
    });
  });
});

describe('admin/agency/list: server validation', () => {
  it('puts the server’s 400 field messages on the fields', async () => {
    await open({
      'PUT /v1/agency': () => ({
        status: 400,
        json: envelope({ fields: [{ path: 'request.id', message: '机构标识已存在' }] }, 400, '请求参数有误'),
      }),
    });
    await screen.findByText('演示机构');
    fireEvent.click(
      screen
        .getAllByText('新建机构')
        .map((e) => e.closest('button'))
        .find(Boolean) as HTMLElement,
    );
    const d = await modal();
    fireEvent.change(within(d).getByLabelText('机构标识'), { target: { value: 'demo' } });
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '重复' } });
    fireEvent.click(button(d, '保存'));
    expect(await within(d).findByText('机构标识已存在')).toBeTruthy();
  });
});
