import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrolmentJob, EnrolmentLimits } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { openDialog } from '../../../../test/antd';
import { renderInSession, spyDownloads, transferSession } from '../../question/transfer/transfer-test-kit';
import { EnrolModal } from './EnrolModal';
import { POLL_MS } from './use-enrolment';

// The wizard polls its job on timers: fake ones, moved by hand (they also advance with real time, so that the
// testing library's own waits still settle).
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const LIMITS: EnrolmentLimits = { maxRows: 5000, maxBytes: 10 * 1024 * 1024 };

function job(over: Partial<EnrolmentJob>): EnrolmentJob {
  return {
    jobId: 'e1',
    status: 'validating',
    mode: 'valid',
    total: 200,
    processed: 0,
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
  };
}

/** Answers the job calls with the given states in turn, repeating the last. */
function jobSequence(states: EnrolmentJob[]) {
  let i = 0;
  return () => ({ json: envelope(states[Math.min(i++, states.length - 1)]) });
}

const xlsx = (name = 'students.xlsx', size = 2048) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const pick = (d: HTMLElement, file: File) =>
  fireEvent.change(d.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
const button = (d: HTMLElement, name: string) => within(d).getByRole('button', { name });
const startCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/user/enrolment');
const pollCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/user/enrolment/e1');

async function open(routes: Record<string, unknown> = {}, files: Record<string, () => Response> = {}) {
  const s = await transferSession({ 'GET /v1/user/enrolment/limits': LIMITS, ...routes }, files);
  const onClose = vi.fn();
  renderInSession(s.session, <EnrolModal onClose={onClose} />);
  const d = await openDialog();
  return { ...s, d, onClose };
}

describe('enrolment wizard', () => {
  it('states the limits and refuses a missing, non-xlsx or too large file without calling the server', async () => {
    const { d, calls } = await open();
    expect(await within(d).findByText('文件不超过 10 MB，学生不超过 5,000 行')).toBeTruthy();
    fireEvent.click(button(d, '开始注册'));
    expect(await within(d).findByText('请选择要上传的 Excel 文件')).toBeTruthy();
    pick(d, xlsx('students.csv'));
    expect(await within(d).findByText('文件「students.csv」不是 .xlsx 文件，请使用批量注册模板')).toBeTruthy();
    pick(d, xlsx('big.xlsx', LIMITS.maxBytes + 1));
    expect(await within(d).findByText('文件「big.xlsx」超过 10 MB，不能上传')).toBeTruthy();
    expect(startCalls(calls)).toHaveLength(0);
  });

  it('downloads the template', async () => {
    const saved = spyDownloads();
    const { d } = await open(
      {},
      {
        'GET /v1/user/enrolment/template': () =>
          new Response('xlsx', {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': "attachment; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.xlsx",
            },
          }),
      },
    );
    fireEvent.click(within(d).getByRole('button', { name: /下载 Excel 模板/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['模板.xlsx']));
  });

  it('uploads with the chosen mode, shows the progress bar while polling, then the per-row report', async () => {
    const { d, calls } = await open({
      'PUT /v1/user/enrolment': { jobId: 'e1' },
      'GET /v1/user/enrolment/e1': jobSequence([
        job({ status: 'validating', processed: 0, total: 0 }),
        job({ status: 'validating', processed: 50 }),
        job({ status: 'enrolling', processed: 90, total: 180 }),
        job({
          status: 'done',
          processed: 180,
          total: 180,
          enrolled: 180,
          badRows: 20,
          errorCount: 1,
          errors: [{ row: 7, column: '年级', message: '年级“九十年级”不存在' }],
          passwordsAvailable: true,
        }),
      ]),
    });
    pick(d, xlsx());
    fireEvent.click(within(d).getByLabelText('只注册正确的行'));
    fireEvent.click(button(d, '开始注册'));
    await waitFor(() => expect(startCalls(calls)).toHaveLength(1));
    const [start] = startCalls(calls);
    expect(start.method).toBe('PUT');
    expect(new URL(start.url, 'http://x').searchParams.get('mode')).toBe('valid');
    expect(start.body).toBeInstanceOf(File);

    // Rows still being read: no total yet, so no "0 / 0".
    expect(await within(d).findByText('正在读取表格…')).toBeTruthy();
    expect(within(d).queryByText('0 / 0')).toBeNull();
    expect(d.querySelector('.ant-progress-indicator, .ant-progress-text')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(d).findByText('正在校验每一行…')).toBeTruthy();
    expect(within(d).getByText('50 / 200')).toBeTruthy();
    expect(d.querySelector('.ant-progress-indicator, .ant-progress-text')).not.toBeNull();
    expect(d.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('25');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(d).findByText('正在创建账号…')).toBeTruthy();
    expect(within(d).getByText('90 / 180')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(d).findByText('已注册 180 名学生，20 行有错误未注册')).toBeTruthy();
    expect(within(d).getByText('第 7 行')).toBeTruthy();
    expect(within(d).getByText('年级“九十年级”不存在')).toBeTruthy();
    // Finished: polling stops.
    const polls = pollCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 4));
    expect(pollCalls(calls)).toHaveLength(polls);
  });

  it('shows the job’s Chinese failure (all-or-nothing with bad rows)', async () => {
    const { d } = await open({
      'PUT /v1/user/enrolment': { jobId: 'e1' },
      'GET /v1/user/enrolment/e1': jobSequence([
        job({
          status: 'failed',
          mode: 'all',
          badRows: 1,
          errorCount: 1,
          errors: [{ row: 3, column: '姓名', message: '姓名不能为空' }],
          message: '有 1 行存在错误，未注册任何学生',
        }),
      ]),
    });
    pick(d, xlsx());
    fireEvent.click(button(d, '开始注册'));
    expect(await within(d).findByText('有 1 行存在错误，未注册任何学生')).toBeTruthy();
    expect(within(d).getByText('姓名不能为空')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: /下载初始密码/ })).toBeNull();
  });

  it('downloads the initial passwords once, after a confirmation, and warns before closing without them', async () => {
    const saved = spyDownloads();
    const { d, calls, onClose } = await open(
      {
        'PUT /v1/user/enrolment': { jobId: 'e1' },
        'GET /v1/user/enrolment/e1': jobSequence([
          job({ status: 'done', enrolled: 2, processed: 2, total: 2, passwordsAvailable: true }),
        ]),
      },
      {
        'POST /v1/user/enrolment/e1/passwords': () =>
          new Response('xlsx-bytes', {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': "attachment; filename*=UTF-8''pw.xlsx",
            },
          }),
      },
    );
    pick(d, xlsx());
    fireEvent.click(button(d, '开始注册'));
    const download = await within(d).findByRole('button', { name: /下载初始密码/ });

    // Closing first asks: the passwords would be lost.
    fireEvent.click(button(d.querySelector<HTMLElement>('.ant-modal-footer')!, '关闭'));
    const ask = await openDialog('.ant-modal-confirm');
    expect(within(ask).getByText('初始密码还没有下载，关闭后将无法再下载。确定关闭吗？')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(download);
    const confirm = await screen.findByText('下载后服务器将删除这些密码，无法再次下载。确定现在下载吗？');
    fireEvent.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /^下\s*载$/ }),
    );
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['pw.xlsx']));
    expect(calls.filter((c) => c.path === '/v1/user/enrolment/e1/passwords')).toHaveLength(1);
    expect(await within(d).findByText('已下载初始密码，服务器已删除')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: /下载初始密码/ })).toBeNull();
    fireEvent.click(button(d.querySelector<HTMLElement>('.ant-modal-footer')!, '关闭'));
    expect(onClose).toHaveBeenCalled();
  });
});
