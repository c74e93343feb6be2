import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT } from '../../../test/trainings';

const AGENCIES = {
  retentionDays: 365,
  list: [
    { id: 'demo', name: '演示机构', leftAt: null, purgeAt: null, trainings: 3 },
    { id: 'old', name: '旧机构', leftAt: Date.UTC(2026, 0, 5), purgeAt: Date.UTC(2027, 0, 5), trainings: 2 },
  ],
};

async function open(roles: string[]) {
  const s = await makeSession(loginInfo(roles), {
    'GET /v1/train/history': { total: 0, list: [] },
    'GET /v1/users/me/history/agencies': AGENCIES,
    'DELETE /v1/users/me/membership': { agencyId: 'demo', userId: '1', leftAt: 1, purgeAt: 2 },
  });
  renderApp(s.session, ['/student/train/history']);
  await screen.findByText('我的练习记录与机构', {}, { timeout: 10_000 });
  return s;
}

describe('my records on student/train/history', () => {
  it('offers the export of all agencies or one, and states the cap', async () => {
    await open(STUDENT);
    expect(screen.getByText(/一次最多导出 50,000 条答题记录/)).toBeTruthy();
    expect(screen.getByText('导出我的练习记录')).toBeTruthy();
  });

  it('leaves the agency only after a confirmation stating the retention', async () => {
    const { calls } = await open(STUDENT);
    const leave = () => screen.getByText('退出机构').closest('button') as HTMLElement;
    await waitFor(() => expect(leave().hasAttribute('disabled')).toBe(false));
    fireEvent.click(leave());
    const ask = (await screen.findAllByText(/^退出「/))[0].closest('.ant-modal-confirm') as HTMLElement;
    expect(ask.textContent).toContain('保留你的练习记录 365 天');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(ask).getByText('确认退出').closest('button') as HTMLElement);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/users/me/membership')).toBe(true),
    );
  });
});
