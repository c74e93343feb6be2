import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';

const location = () => screen.getByTestId('location').textContent;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// Fake timers that still move on their own: antd's and testing-library's timers run, no test waits for real.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('login page (/)', () => {
  it('validates in Chinese before calling the server', async () => {
    const { session, calls } = await makeSession(null);
    renderApp(session, ['/']);
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(false);
  });

  it('stores the login info and goes to the user’s area', async () => {
    const info = loginInfo(['edu:agency:demo:student']);
    const { session, calls, storage } = await makeSession(null, { 'POST /v1/auth/login': info });
    renderApp(session, ['/']);
    fill('用户名', ' student ');
    fill('密码', 'edu-demo-2026');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/student/home'));
    expect(calls.find((c) => c.path === '/v1/auth/login')?.body).toEqual({
      request: { username: 'student', password: 'edu-demo-2026' },
    });
    expect(JSON.parse(storage.getItem('userinfo') ?? 'null')).toEqual(info);
    expect(await screen.findByText('你好，张老师')).toBeTruthy();
  });

  it('shows the server’s message on wrong credentials and stays logged out', async () => {
    const { session, notify } = await makeSession(null, {
      'POST /v1/auth/login': () => ({ status: 401, json: envelope(null, 401, '用户名或密码错误') }),
    });
    renderApp(session, ['/']);
    fill('用户名', 'admin');
    fill('密码', 'nope');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
    expect(location()).toBe('/');
  });

  it('shows how long to wait after too many failures (429), and lets the user try again', async () => {
    let refuse = true;
    const info = loginInfo(['edu:agency:demo:student']);
    const { session, calls } = await makeSession(null, {
      'POST /v1/auth/login': () =>
        refuse
          ? { status: 429, json: envelope(null, 429, '登录失败次数过多，请 30 秒后再试') }
          : { json: envelope(info) },
    });
    renderApp(session, ['/']);
    fill('用户名', 'student');
    fill('密码', 'edu-demo-2026');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录失败次数过多，请 30 秒后再试')).toBeTruthy();
    expect(location()).toBe('/');
    refuse = false;
    await vi.advanceTimersByTimeAsync(30_000);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/student/home'));
    expect(calls.filter((c) => c.path === '/v1/auth/login')).toHaveLength(2);
  });

  it('sends a user who must change the password to /password', async () => {
    const info = loginInfo(['edu:admin'], ['demo'], { mustChangePassword: true });
    const { session } = await makeSession(null, { 'POST /v1/auth/login': info });
    renderApp(session, ['/']);
    fill('用户名', 'admin');
    fill('密码', 'x');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/password'));
  });

  it('already logged in: offers to continue to the area or log out', async () => {
    const { session } = await makeSession(loginInfo(['edu:parent'], []), { 'POST /v1/auth/logout': null });
    renderApp(session, ['/']);
    expect(await screen.findByText('你已登录为 张老师')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '进入' }));
    await waitFor(() => expect(location()).toBe('/parent/'));
  });

  it('already logged in: 退出登录 revokes the token and clears the login', async () => {
    const { session, calls, storage } = await makeSession(loginInfo(['edu:parent'], []), {
      'POST /v1/auth/logout': null,
    });
    renderApp(session, ['/']);
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/auth/logout')).toBe(true);
    expect(storage.getItem('userinfo')).toBeNull();
  });
});

describe('change password (/password)', () => {
  it('checks length and confirmation, then posts and continues to the area', async () => {
    const info = loginInfo(['edu:agency:demo:student'], ['demo'], { mustChangePassword: true });
    const { session, calls } = await makeSession(info, {
      'POST /v1/auth/password': null,
      'GET /v1/auth/me': { ...info, user: { ...info.user, mustChangePassword: false } },
    });
    renderApp(session, ['/password']);
    fill('原密码', 'edu-demo-2026');
    fill('新密码', 'short');
    fill('确认新密码', 'different1');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('新密码至少 8 个字符')).toBeTruthy();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    fill('新密码', 'a-better-pass');
    fill('确认新密码', 'a-better-pass');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(location()).toBe('/student/home'));
    expect(calls.find((c) => c.path === '/v1/auth/password')?.body).toEqual({
      request: { oldPassword: 'edu-demo-2026', newPassword: 'a-better-pass' },
    });
    expect(session.userStore.get()?.user.mustChangePassword).toBe(false);
  });

  const changeFrom = async (reply: (body: unknown) => unknown) => {
    const info = loginInfo(['edu:agency:demo:student']);
    const made = await makeSession(info, { 'POST /v1/auth/password': reply });
    renderApp(made.session, ['/password']);
    return made;
  };
  const submitChange = async (oldPassword: string, newPassword: string) => {
    await screen.findByLabelText('原密码');
    fill('原密码', oldPassword);
    fill('新密码', newPassword);
    fill('确认新密码', newPassword);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
  };
  const refusal = (path: string, message: string) => () => ({
    status: 400,
    json: { ...envelope({ fields: [{ path, message }] }, 400, `参数错误：${message}`), error: 'invalid_input' },
  });

  it('pre-checks the length with the contract rule (characters of the NFC form), before any call', async () => {
    const { calls } = await changeFrom(() => ({ json: envelope(null) }));
    // "é" typed as e + combining accent, five times: ten units, five characters.
    await submitChange('edu-demo-2026', 'e\u0301'.repeat(5));
    expect(await screen.findByText('新密码至少 8 个字符')).toBeTruthy();
    await submitChange('edu-demo-2026', 'x'.repeat(129));
    expect(await screen.findByText('新密码不能超过 128 个字符')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/auth/password')).toBe(false);
  });

  it('shows the server’s reason for a weak new password on its field', async () => {
    const reason = '新密码是常见密码，很容易被猜到：再加几个不常见的词';
    await changeFrom(refusal('request.newPassword', reason));
    await submitChange('edu-demo-2026', 'password');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(location()).toBe('/password');
    expect(screen.getByRole('button', { name: '修改密码' })).toBeTruthy();
  });

  it('shows a wrong old password on its field', async () => {
    await changeFrom(refusal('request.oldPassword', '原密码不正确'));
    await submitChange('not-mine', 'maple river lantern');
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
  });
});
