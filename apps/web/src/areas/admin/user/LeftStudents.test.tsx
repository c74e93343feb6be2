import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgencyUser, LeftStudent } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const A: AgencyUser = {
  id: '1',
  username: 'demo_s0001',
  name: '王小明',
  avatar: null,
  disabled: false,
  createdHere: true,
  canResetPassword: false,
  canRename: true,
  gradeId: 'g7',
  gradeName: '初一',
  subjectIds: [],
  mustChangePassword: false,
  roleKinds: ['student'],
  createTime: 1_700_000_000_000,
};
const LEFT: LeftStudent = {
  id: '9',
  username: 'demo_s0009',
  name: '赵离开',
  gradeName: null,
  leftAt: Date.UTC(2026, 0, 5),
  purgeAt: Date.UTC(2027, 0, 5),
  trainings: 4,
};

const button = (root: HTMLElement, text: RegExp | string) =>
  within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLElement;

async function open() {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
    'GET /v1/general/data/subjects': [],
    'GET /v1/users/students': { total: 1, list: [A] },
    'GET /v1/users/leaving/policy': { retentionDays: 365 },
    'GET /v1/users/students/left': { total: 1, list: [LEFT] },
    'DELETE /v1/users/student/1/membership': { agencyId: 'demo', userId: '1', leftAt: 1, purgeAt: 2 },
    'POST /v1/users/student/9/rejoin': null,
  });
  renderApp(s.session, ['/admin/user/student/list']);
  await screen.findByText('王小明', {}, { timeout: 10_000 });
  return s;
}

describe('leaving on admin/user/student/list', () => {
  it('marks a student as left after a confirmation naming the retention', async () => {
    const { calls } = await open();
    const row = screen.getByText('王小明').closest('tr') as HTMLElement;
    await waitFor(() => expect(button(row, '离开').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button(row, '离开'));
    const title = await screen.findAllByText('将「王小明」标记为已离开？');
    const ask = title[0].closest('.ant-modal-confirm') as HTMLElement;
    expect(ask.textContent).toContain('保留其练习记录 365 天');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(button(ask, '确认离开'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/users/student/1/membership')).toBe(true),
    );
  });

  it('lists leavers with when their records go, and restores one after a confirmation', async () => {
    const { calls } = await open();
    fireEvent.click(button(document.body, '已离开的学生'));
    expect(await screen.findByText('赵离开')).toBeTruthy();
    const row = screen.getByText('赵离开').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('2027-01-05');
    fireEvent.click(button(row, '恢复'));
    const title = await screen.findAllByText('恢复「赵离开」为本机构学生？');
    fireEvent.click(button(title[0].closest('.ant-modal-confirm') as HTMLElement, /^恢\s*复$/));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/student/9/rejoin')).toBe(true));
  });
});
