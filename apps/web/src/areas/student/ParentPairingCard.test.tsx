// The student's 家长绑定 card: no code yet → 生成配对码; a code is shown with its expiry, and a new one only after a
// confirmation; not shown to users who are not students of the agency.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';

const STUDENT = ['edu:agency:demo:student'];

describe('student home: 家长绑定', () => {
  it('generates a code, then asks before replacing it', async () => {
    let code: { code: string; expiresAt: number } | null = null;
    let n = 0;
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/pairing-code': () => ({ json: envelope(code) }),
      'PUT /v1/student/pairing-code': () => {
        code = { code: ['ABC234', 'XYZ789'][n++], expiresAt: Date.UTC(2026, 0, 12, 8, 0) };
        return { json: envelope(code) };
      },
    });
    renderApp(s.session, ['/student/home']);
    expect(await screen.findByText('还没有有效的配对码。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成配对码' }));
    expect(await screen.findByText('ABC234')).toBeTruthy();
    expect(screen.getByText(/有效期至 2026-01-12 .*只能使用一次/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    // The app's confirm dialog (its title is also the dialog's accessible title: two nodes).
    expect((await screen.findAllByText('重新生成后，旧的配对码立即失效。确定吗？')).length).toBeGreaterThan(0);
    expect(n).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('XYZ789')).toBeTruthy();
    await waitFor(() => expect(n).toBe(2));
  });

  it('is not shown to a user who is no student of the agency', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {});
    renderApp(s.session, ['/student/home']);
    await screen.findByText(/您好|你好/);
    expect(screen.queryByText('家长绑定')).toBeNull();
    expect(s.calls.some((c) => c.path === '/v1/student/pairing-code')).toBe(false);
  });
});
