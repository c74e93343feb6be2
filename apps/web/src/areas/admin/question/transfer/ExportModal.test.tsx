import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportJob } from '@edu/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { openDialog, pickOption } from '../../../../test/antd';
import { ExportModal } from './ExportModal';
import { TemplateLink } from './TemplateLink';
import { fileReply, queryOf, renderInSession, spyDownloads, transferSession } from './transfer-test-kit';

const START = 'POST /v1/exam/questions/export';
const exportCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/exam/questions/export');
const partPath = (n: number) => `GET /v1/exam/questions/export/e1/parts/${n}`;

function exportJob(over: Partial<ExportJob>): ExportJob {
  return {
    jobId: 'e1',
    status: 'done',
    format: 'gift',
    total: 4,
    processed: 4,
    exported: 3,
    skipped: 1,
    parts: [{ part: 1, filename: 'questions-2026-01-02.gift.txt', count: 3, bytes: 40 }],
    message: null,
    createTime: 0,
    lastUpdate: 0,
    ...over,
  };
}

/** Answers the job calls with the given states in turn, repeating the last. */
function jobSequence(states: ExportJob[]) {
  let i = 0;
  return () => ({ json: envelope(states[Math.min(i++, states.length - 1)]) });
}

/** The routes of an export job that runs, then ends as `done`. */
const exporting = (done: ExportJob) => ({
  [START]: { jobId: 'e1' },
  'GET /v1/exam/questions/export/e1': jobSequence([exportJob({ status: 'exporting', processed: 1 }), done]),
});
const okButton = (d: HTMLElement) =>
  within(d.querySelector<HTMLElement>('.ant-modal-footer')!).getByRole('button', { name: '导出' });

// The dialog polls its job on timers: fake ones, moved by hand (they also follow real time for the waits).
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Opens the TreeSelect named `label` and clicks the node titled `title`. */
async function pickTreeNode(label: string, title: string, root: HTMLElement) {
  fireEvent.mouseDown(within(root).getByRole('combobox', { name: label }));
  const node = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-tree-title')).find(
      (e) => e.textContent === title,
    );
    if (!found) throw new Error(`no tree node ${title}`);
    return found;
  });
  fireEvent.click(node);
}

describe('export dialog', () => {
  it('exports the page scope in the chosen format as a job, saves its one file and reports the counts', async () => {
    const saved = spyDownloads();
    const { session, calls } = await transferSession(exporting(exportJob({})), {
      [partPath(1)]: fileReply('::Sun::The sun rises in the east.{T}', {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': 'attachment; filename="questions-2026-01-02.gift.txt"',
        'X-Export-Count': '3',
        'X-Export-Skipped': '1',
      }),
    });
    const onClose = vi.fn();
    renderInSession(session, <ExportModal repoId="r3" initial={{ type: 'trueFalse' }} onClose={onClose} />);
    const d = await openDialog();
    // The page's repository is fixed (a referenced one may be exported too) and its type filter preset.
    await within(d).findByText('共享题库');
    expect(within(d).getByText('判断题')).toBeTruthy();
    expect(within(d).getByText('Moodle XML 不支持翻译题和英语阅读，这些题目不会导出。')).toBeTruthy();
    fireEvent.click(within(d).getByRole('radio', { name: 'GIFT' }));
    expect(await within(d).findByText('GIFT 不支持翻译题和英语阅读，这些题目不会导出。')).toBeTruthy();
    await pickTreeNode('知识点', '英语', d);
    fireEvent.click(okButton(d));
    expect(await within(d).findByText('正在导出')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(600);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(queryOf(exportCalls(calls)[0])).toEqual({
      format: 'gift',
      repoId: 'r3',
      knowledgeId: 'en',
      type: 'trueFalse',
    });
    expect(exportCalls(calls)[0].method).toBe('POST');
    expect(exportCalls(calls)[0].headers['X-Agency-Id']).toBe('demo');
    expect(saved.map((s) => s.name)).toEqual(['questions-2026-01-02.gift.txt']);
    expect(await saved[0].blob.text()).toContain('The sun rises in the east.');
    expect(await screen.findByText('已导出 3 道题，1 道题的题型该格式不支持')).toBeTruthy();
  });

  it('without a page repository, all visible repositories may be chosen or none', async () => {
    spyDownloads();
    const empty = exportJob({ format: 'moodle', exported: 0, skipped: 0, total: 0, processed: 0 });
    const { session, calls } = await transferSession(exporting(empty), { [partPath(1)]: fileReply('<quiz/>') });
    renderInSession(session, <ExportModal onClose={() => {}} />);
    const d = await openDialog();
    await pickOption('题库', '共享题库', d);
    fireEvent.click(okButton(d));
    await waitFor(() => expect(exportCalls(calls)).toHaveLength(1));
    expect(queryOf(exportCalls(calls)[0])).toEqual({ format: 'moodle', repoId: 'r3' });
    await vi.advanceTimersByTimeAsync(600);
    expect(await screen.findByText('已导出 0 道题')).toBeTruthy();
  });

  it('a large export lists its parts, each downloaded on demand, and the dialog stays open', async () => {
    const saved = spyDownloads();
    const parts = [1, 2, 3].map((part) => ({
      part,
      filename: `questions-2026-01-02-${part}.gift.txt`,
      count: part < 3 ? 20_000 : 5_000,
      bytes: 3 * 1024 * 1024,
    }));
    const big = exportJob({ total: 45_000, processed: 45_000, exported: 45_000, skipped: 0, parts });
    const { session } = await transferSession(exporting(big), { [partPath(2)]: fileReply('::b::c{T}') });
    const onClose = vi.fn();
    renderInSession(session, <ExportModal onClose={onClose} />);
    const d = await openDialog();
    fireEvent.click(okButton(d));
    await vi.advanceTimersByTimeAsync(600);
    expect(
      await within(d).findByText('题目较多，已拆分为 3 个文件（共 45000 道题）；每个文件都可以单独导入。'),
    ).toBeTruthy();
    expect(within(d).getByText('questions-2026-01-02-3.gift.txt（5000 道题，3 MB）')).toBeTruthy();
    fireEvent.click(within(d).getAllByRole('button', { name: '下载' })[1]);
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['questions-2026-01-02-2.gift.txt']));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal in the dialog and keeps it open', async () => {
    const saved = spyDownloads();
    const { session } = await transferSession({
      [START]: () => ({ status: 404, json: envelope(null, 404, '题库不存在') }),
    });
    const onClose = vi.fn();
    renderInSession(session, <ExportModal repoId="gone" onClose={onClose} />);
    const d = await openDialog();
    fireEvent.click(okButton(d));
    expect(await within(d).findByText('题库不存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toHaveLength(0);
  });
});

describe('template link', () => {
  it('downloads the Excel template under its Chinese name', async () => {
    const saved = spyDownloads();
    const { session, calls } = await transferSession(
      {},
      {
        'GET /v1/exam/questions/import/template': fileReply('PK', {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('题目导入模板.xlsx')}`,
        }),
      },
    );
    renderInSession(session, <TemplateLink />);
    fireEvent.click(await screen.findByRole('button', { name: /下载 Excel 模板/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['题目导入模板.xlsx']));
    expect(calls.at(-1)?.headers.Authorization).toMatch(/^Bearer /);
    expect(await screen.findByText('已下载 Excel 模板')).toBeTruthy();
  });
});
