// The enrolment wizard in its teacher and parent kinds (docs/enrolment.md "Kinds"): each through its own calls —
// template, upload, progress by polling, per-row report and its download, cancel, the passwords once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrolmentJob } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { openDialog } from '../../../../test/antd';
import { renderInSession, spyDownloads, transferSession } from '../../question/transfer/transfer-test-kit';
import { EnrolButton, EnrolModal } from './EnrolModal';
import { POLL_MS } from './use-enrolment';

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
  total: 40,
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

const xlsxResponse = (name: string) => () =>
  new Response('xlsx', {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename*=UTF-8''${name}`,
    },
  });

type Kind = 'teacher' | 'parent';
const base = (kind: Kind) => `/v1/user/${kind}-enrolment`;
const onPath = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path);

async function open(kind: Kind, answers: () => EnrolmentJob) {
  const b = base(kind);
  const s = await transferSession(
    {
      [`GET ${b}/limits`]: { maxRows: 5000, maxBytes: 10 * 1024 * 1024 },
      [`PUT ${b}`]: { jobId: 'e1' },
      [`GET ${b}/e1`]: () => ({ json: envelope(answers()) }),
      [`POST ${b}/e1/cancel`]: () => ({ json: envelope(job({ status: 'failed', message: '任务已取消' })) }),
    },
    {
      [`GET ${b}/template`]: xlsxResponse('template.xlsx'),
      [`GET ${b}/e1/errors`]: xlsxResponse('report.xlsx'),
      [`POST ${b}/e1/passwords`]: xlsxResponse('pw.xlsx'),
    },
  );
  renderInSession(s.session, <EnrolModal kind={kind} onClose={vi.fn()} />);
  const d = await openDialog();
  return { ...s, d };
}

const upload = (d: HTMLElement) => {
  const f = new File(['x'], 'people.xlsx');
  fireEvent.change(d.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [f] } });
  fireEvent.click(within(d).getByRole('button', { name: '开始导入' }));
};

describe.each([
  ['teacher', '教师', '姓名必填；用户名、学科、初始密码可空'],
  ['parent', '家长', '孩子用户名（本机构学生的用户名，多个用顿号分隔）必填'],
] as const)('the wizard for %s', (kind, who, help) => {
  it('shows its title, help and limits, downloads its template, uploads and follows its job to the report', async () => {
    const saved = spyDownloads();
    let state = job({ status: 'validating', processed: 10 });
    const { d, calls } = await open(kind, () => state);
    expect(screen.getByText(`从 Excel 导入${who}`)).toBeTruthy();
    expect(within(d).getByText(new RegExp(help))).toBeTruthy();
    expect(await within(d).findByText(`文件不超过 10 MB，${who}不超过 5,000 行`)).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: /下载 Excel 模板/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['template.xlsx']));

    upload(d);
    await waitFor(() => expect(onPath(calls, base(kind))).toHaveLength(1));
    expect(onPath(calls, base(kind))[0].method).toBe('PUT');
    expect(onPath(calls, '/v1/user/enrolment')).toHaveLength(0);
    expect(await within(d).findByText('10 / 40')).toBeTruthy();
    state = job({
      status: 'failed',
      badRows: 1,
      errorCount: 1,
      errors: [{ row: 3, column: '姓名', message: '姓名不能为空' }],
      message: `有 1 行存在错误，未注册任何${who}`,
    });
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(d).findByText(`有 1 行存在错误，未注册任何${who}`)).toBeTruthy();
    expect(within(d).getByText('姓名不能为空')).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: /下载错误报告/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['template.xlsx', 'report.xlsx']));
    expect(onPath(calls, `${base(kind)}/e1/errors`)).toHaveLength(1);
    // Ended: the poll stops.
    const polls = onPath(calls, `${base(kind)}/e1`).length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 4));
    expect(onPath(calls, `${base(kind)}/e1`)).toHaveLength(polls);
  });

  it('cancels a running job through its own call after a confirmation', async () => {
    let state = job({});
    const { d, calls } = await open(kind, () => state);
    upload(d);
    fireEvent.click(await within(d).findByRole('button', { name: '取消导入' }));
    const ask = (await screen.findAllByText(`取消这次${who}导入？`))[0].closest('.ant-modal-confirm') as HTMLElement;
    expect(within(ask).getByText(new RegExp(`不导入任何${who}`))).toBeTruthy();
    state = job({ status: 'failed', message: '任务已取消' });
    fireEvent.click(within(ask).getByRole('button', { name: '取消导入' }));
    await waitFor(() => expect(onPath(calls, `${base(kind)}/e1/cancel`)).toHaveLength(1));
    expect(await within(d).findByText('任务已取消')).toBeTruthy();
  });

  it('says how many were imported and downloads the initial passwords once', async () => {
    const saved = spyDownloads();
    const { d, calls } = await open(kind, () =>
      job({ status: 'done', processed: 2, total: 2, enrolled: 2, passwordsAvailable: true }),
    );
    upload(d);
    expect(await within(d).findByText(`已导入 2 名${who}`)).toBeTruthy();
    fireEvent.click(await within(d).findByRole('button', { name: /下载初始密码/ }));
    const confirm = await screen.findByText('下载后服务器将删除这些密码，无法再次下载。确定现在下载吗？');
    fireEvent.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /^下\s*载$/ }),
    );
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['pw.xlsx']));
    expect(onPath(calls, `${base(kind)}/e1/passwords`)).toHaveLength(1);
  });
});

describe('the 导入 buttons', () => {
  it.each([
    ['teacher', '导入教师'],
    ['parent', '导入家长'],
  ] as const)('%s: %s opens the wizard of that kind', async (kind, label) => {
    const s = await transferSession({
      [`GET ${base(kind)}/limits`]: { maxRows: 5000, maxBytes: 10 * 1024 * 1024 },
    });
    renderInSession(s.session, <EnrolButton kind={kind} />);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    const d = await openDialog();
    expect(await within(d).findByText(/不超过 5,000 行/)).toBeTruthy();
    expect(onPath(s.calls, `${base(kind)}/limits`)).toHaveLength(1);
  });
});
