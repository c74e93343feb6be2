import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { UnderConstruction } from '../components/UnderConstruction';
import { ISSUES } from '../app/route-types';
import { makeSession, renderApp } from '../test/render';
import { loginInfo, question } from '../test/fixtures';

const location = () => screen.getByTestId('location').textContent;

describe('not-found page (docs/product.md §2)', () => {
  it('logged in: 404 页面不存在 with 返回 going back in history', async () => {
    const { session } = await makeSession(loginInfo(['edu:agency:demo:student']));
    renderApp(session, ['/student/home', '/no/such/page']);
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(document.querySelector('.ant-result-404')).not.toBeNull();
    expect(screen.queryByText('尚未登录')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(location()).toBe('/student/home');
  });

  it('visitor: 403 尚未登录 with 前往登录 going to /', async () => {
    const { session } = await makeSession(null);
    renderApp(session, ['/somewhere/else']);
    expect(await screen.findByText('尚未登录')).toBeTruthy();
    expect(document.querySelector('.ant-result-403')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '前往登录' }));
    expect(location()).toBe('/');
    // The login page is its own chunk (lazy): give its first import time.
    expect(await screen.findByRole('button', { name: '登录' }, { timeout: 5000 })).toBeTruthy();
  });

  it('a route the roles do not allow is not registered: the student gets 页面不存在 on the agency page', async () => {
    const { session } = await makeSession(loginInfo(['edu:agency:demo:student']));
    renderApp(session, ['/admin/agency/list']);
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });

  it('a visitor on a role-guarded admin page gets 尚未登录', async () => {
    const { session } = await makeSession(null);
    renderApp(session, ['/admin/knowledge/list/en']);
    expect(await screen.findByText('尚未登录')).toBeTruthy();
  });

  it('logging out while on a guarded page unregisters it', async () => {
    const { session } = await makeSession(loginInfo(['edu:admin']), { 'GET /v1/agencies': { total: 0, list: [] } });
    renderApp(session, ['/admin/eventutor/history/1']);
    // The lesson's replay page, whose read answers 404 here.
    expect(await screen.findByText('课程不存在或无权查看', {}, { timeout: 5000 })).toBeTruthy();
    session.userStore.remove();
    expect(await screen.findByText('尚未登录')).toBeTruthy();
  });
});

describe('registered pages', () => {
  it('a page a later issue builds shows 建设中 naming the page', () => {
    // Every route of the table is built today; the placeholder stays for the next one a later issue brings.
    render(
      <MemoryRouter>
        <UnderConstruction page="辅导测试" when={ISSUES.later.ui} />
      </MemoryRouter>,
    );
    expect(screen.getByText('建设中')).toBeTruthy();
    expect(screen.getByText(/「辅导测试」页面正在建设中，将在后续版本中提供/)).toBeTruthy();
  });

  it('optional parameters match with and without the value', async () => {
    const { session } = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/q1': question({ id: 'q1' }),
    });
    renderApp(session, ['/admin/question/create/singleChoice']);
    expect(await screen.findByText('新建单选题', {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    renderApp(session, ['/admin/question/create/singleChoice/q1']);
    expect(await screen.findByText('新建单选题（以已有题目为模板）', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('student home at the bare prefix and at /student/home', async () => {
    const { session } = await makeSession(loginInfo(['edu:agency:demo:student']));
    renderApp(session, ['/student/']);
    expect(await screen.findByText('你好，张老师')).toBeTruthy();
  });

  it('a user who must change the password is held on /password', async () => {
    const { session } = await makeSession(loginInfo(['edu:admin'], ['demo'], { mustChangePassword: true }));
    renderApp(session, ['/admin/agency/list']);
    expect(await screen.findByText('首次登录或密码已重置，请先修改密码再继续使用。')).toBeTruthy();
    expect(location()).toBe('/password');
  });
});

describe('admin side menu (only sections the roles allow)', () => {
  const menuTexts = () =>
    within(document.querySelector('.ant-layout-sider') as HTMLElement)
      .getAllByRole('menuitem')
      .map((e) => e.textContent);

  it('platform admin: knowledge and agencies, no question bank', async () => {
    const { session } = await makeSession(loginInfo(['edu:admin']));
    renderApp(session, ['/admin']);
    await screen.findByText('欢迎，张老师');
    const items = menuTexts();
    expect(items).toEqual(expect.arrayContaining(['首页', '知识点', '知识图谱', '机构', '商店']));
    expect(items).not.toContain('标签');
  });

  it('agency admin: question bank, tags and users, no knowledge or agencies', async () => {
    const { session } = await makeSession(loginInfo(['edu:agency:demo:admin']));
    renderApp(session, ['/admin']);
    await screen.findByText('欢迎，张老师');
    const items = menuTexts();
    expect(items).toEqual(expect.arrayContaining(['首页', '标签', '任务']));
    expect(items).not.toContain('知识点');
    expect(items).not.toContain('机构');
    // Cards on the home page follow the same rule.
    expect(screen.queryByText('机构的名称、域名、简介与标志')).toBeNull();
    expect(screen.getByText('题目的录入、编辑与预览')).toBeTruthy();
  });

  it('shows the agency switcher only with more than one agency', async () => {
    const one = await makeSession(loginInfo(['edu:agency:demo:admin']));
    const r = renderApp(one.session, ['/admin']);
    await screen.findByText('欢迎，张老师');
    expect(screen.queryByLabelText('机构')).toBeNull();
    r.unmount();
    const two = await makeSession(loginInfo(['edu:admin'], ['demo', 'other']));
    renderApp(two.session, ['/admin']);
    await screen.findByText('欢迎，张老师');
    // The select is a chunk of its own (AgencySelect), shown once loaded.
    expect(await screen.findByLabelText('机构')).toBeTruthy();
  });
});
