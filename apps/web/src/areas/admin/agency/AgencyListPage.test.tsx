import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyListItem } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const agency = (id: string, name: string, over: Partial<AgencyListItem> = {}): AgencyListItem => ({
  id,
  name,
  domain: null,
  profile: '',
  logo: null,
  createTime: 0,
  lastUpdate: 1_700_000_000_000,
  admins: [],
  ...over,
});
const DEMO = agency('demo', '演示机构', {
  domain: 'demo.example.com',
  profile: '示例',
  logo: 'f1',
  admins: [{ id: '2', username: 'agency', name: '演示机构管理员' }],
});

async function open(routes: Record<string, unknown> = {}, roles = ['edu:admin']) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/agencies': (c: RecordedCall) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const list = q.get('keyword') ? [DEMO] : [DEMO, agency('other', '其他机构')];
      return { json: envelope({ total: 45, list }) };
    },
    'GET /v1/wrong/fsrs-fits': { total: 0, list: [] },
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

// docs/users.md "An agency's first admin"
describe('admin/agency/list: an agency’s admins', () => {
  const adminButton = (row: string, text: string) =>
    within(screen.getByText(row).closest('tr') as HTMLElement)
      .getByText(text)
      .closest('button') as HTMLElement;

  it('shows each agency’s admins, and 设置管理员 where there is none', async () => {
    await open();
    expect(await screen.findByText('演示机构管理员（agency）')).toBeTruthy();
    expect(within(screen.getByText('其他机构').closest('tr') as HTMLElement).getByText('尚无管理员')).toBeTruthy();
    expect(adminButton('演示机构', '添加管理员')).toBeTruthy();
    expect(adminButton('其他机构', '设置管理员')).toBeTruthy();
  });

  it('creates a new account as admin and shows its one-time password once', async () => {
    const { calls } = await open({
      'PUT /v1/agency/other/admin': {
        admin: { id: '9', username: 'other_boss', name: '王校长' },
        password: 'abcd-efgh-jkmn',
      },
    });
    await screen.findByText('其他机构');
    fireEvent.click(adminButton('其他机构', '设置管理员'));
    const d = await modal();
    expect(within(d).getByText('设置「其他机构」的管理员')).toBeTruthy();
    fireEvent.click(button(d, '保存'));
    expect(await within(d).findByText('请输入姓名')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: ' 王校长 ' } });
    fireEvent.change(within(d).getByLabelText('用户名'), { target: { value: 'boss' } });
    fireEvent.click(button(d, '保存'));
    expect(await screen.findByTestId('shown-password')).toHaveProperty('textContent', 'abcd-efgh-jkmn');
    expect(screen.getByText('other_boss')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ request: { name: '王校长', username: 'boss' } });
    // The list is read again to show the new admin.
    expect(calls.filter((c) => c.path === '/v1/agencies').length).toBeGreaterThan(1);
  });

  it('makes an existing account admin by username, and puts the server’s 400 on the field', async () => {
    let attempt = 0;
    const { calls } = await open({
      'POST /v1/agency/demo/admins/add': () =>
        ++attempt === 1
          ? {
              status: 400,
              json: envelope(
                { fields: [{ path: 'request.username', message: '没有用户名为 nobody 的账号' }] },
                400,
                '请求参数有误',
              ),
            }
          : { json: envelope({ id: '3', username: 'teacher', name: '张老师' }) },
    });
    await screen.findByText('演示机构');
    fireEvent.click(adminButton('演示机构', '添加管理员'));
    const d = await modal();
    fireEvent.click(within(d).getByText('已有账号'));
    const username = await within(d).findByLabelText('已有账号的用户名');
    fireEvent.change(username, { target: { value: 'nobody' } });
    fireEvent.click(button(d, '保存'));
    expect(await within(d).findByText('没有用户名为 nobody 的账号')).toBeTruthy();
    fireEvent.change(username, { target: { value: ' teacher ' } });
    fireEvent.click(button(d, '保存'));
    expect(await screen.findByText('已将 张老师 设为管理员')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { request: { username: 'nobody' } },
      { request: { username: 'teacher' } },
    ]);
    expect(screen.queryByTestId('shown-password')).toBeNull();
  });

  it('offers no admin action to an agency manager, whom the calls refuse', async () => {
    await open({}, ['edu:agency:admin']);
    expect(await screen.findByText('演示机构管理员（agency）')).toBeTruthy();
    expect(screen.queryByText('设置管理员')).toBeNull();
    expect(screen.queryByText('添加管理员')).toBeNull();
  });
});
