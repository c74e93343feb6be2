// The enrolment wizard's cancel (after a confirmation, only before the accounts are written) and the error report
// download (docs/enrolment.md "Cancelling", "Calls").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrolmentJob } from '@edu/contract';
import { envelope } from '../../../../test/fake-api';
import { openDialog } from '../../../../test/antd';
import { renderInSession, spyDownloads, transferSession } from '../../question/transfer/transfer-test-kit';
import { EnrolModal } from './EnrolModal';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const job = (over: Partial<EnrolmentJob>): EnrolmentJob => ({
  jobId: 'e1',
  status: 'validating',
  mode: 'all',
  total: 200,
  processed: 10,
  enrolled: 0,
  badRows: 0,
  errorCount: 0,
  errors: [],
  passwordsAvailable: false,
  passwordsDownloaded: false,
  message: null,
  createTime: 0,
  lastUpdate: 0,
  ...over,
});

async function start(jobAnswer: () => EnrolmentJob, files: Record<string, () => Response> = {}) {
  const s = await transferSession(
    {
      'GET /v1/user/enrolment/limits': { maxRows: 5000, maxBytes: 10 * 1024 * 1024 },
      'PUT /v1/user/enrolment': { jobId: 'e1' },
      'GET /v1/user/enrolment/e1': () => ({ json: envelope(jobAnswer()) }),
      'POST /v1/user/enrolment/e1/cancel': () => ({
        json: envelope(job({ status: 'failed', message: '任务已取消' })),
      }),
    },
    files,
  );
  renderInSession(s.session, <EnrolModal onClose={vi.fn()} />);
  const d = await openDialog();
  const f = new File(['x'], 'students.xlsx');
  fireEvent.change(d.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [f] } });
  fireEvent.click(within(d).getByRole('button', { name: '开始注册' }));
  return { ...s, d };
}

describe('enrolment wizard: cancel and error report', () => {
  it('cancels a running job after a confirmation; the job then reads as cancelled', async () => {
    let state = job({});
    const { d, calls } = await start(() => state);
    const cancel = await within(d).findByRole('button', { name: '取消注册' });
    fireEvent.click(cancel);
    const ask = (await screen.findAllByText('取消这次批量注册？'))[0].closest('.ant-modal-confirm') as HTMLElement;
    expect(calls.some((c) => c.path === '/v1/user/enrolment/e1/cancel')).toBe(false);
    state = job({ status: 'failed', message: '任务已取消' });
    fireEvent.click(within(ask).getByRole('button', { name: '取消注册' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/user/enrolment/e1/cancel')).toBe(true),
    );
    expect(await within(d).findByText('任务已取消')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: '取消注册' })).toBeNull();
  });

  it('offers no cancel while the accounts are being written', async () => {
    const { d } = await start(() => job({ status: 'enrolling' }));
    expect(await within(d).findByText('正在创建账号…')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: '取消注册' })).toBeNull();
  });

  it('downloads the error report of a job with bad rows', async () => {
    const saved = spyDownloads();
    const failed = job({
      status: 'failed',
      badRows: 1,
      errorCount: 1,
      errors: [{ row: 3, column: '姓名', message: '姓名不能为空' }],
      message: '有 1 行存在错误，未注册任何学生',
    });
    const { d } = await start(() => failed, {
      'GET /v1/user/enrolment/e1/errors': () =>
        new Response('xlsx', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename*=UTF-8''report.xlsx",
          },
        }),
    });
    fireEvent.click(await within(d).findByRole('button', { name: /下载错误报告/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['report.xlsx']));
  });
});
