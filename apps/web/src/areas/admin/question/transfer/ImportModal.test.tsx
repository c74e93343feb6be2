import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportJob, ImportReport } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { openDialog, pickOption } from '../../../../test/antd';
import { DICTIONARY_KEYS } from '../../../../app/dictionaries';
import { ImportModal } from './ImportModal';
import { LIMITS, queryOf, renderInSession, transferSession } from './transfer-test-kit';

// The dialog polls its jobs on timers: fake ones, moved by hand (they also advance with real time, so that
// the testing library's own waits still settle).
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const REPORT: ImportReport = {
  format: 'gift',
  total: 5,
  valid: 4,
  errors: [{ index: 3, line: 12, title: 'No right answer', reasons: ['答案：请选择正确答案', '选项 B：不能为空'] }],
  unsupported: [{ index: 6, line: 20, title: 'Capitals', reasons: ['匹配题不支持导入'] }],
};

function job(over: Partial<ImportJob>): ImportJob {
  return {
    jobId: 'j1',
    preview: false,
    status: 'validating',
    format: 'gift',
    mode: 'valid',
    repoId: 'r2',
    total: 5,
    processed: 0,
    imported: 0,
    skipped: 0,
    valid: 0,
    errorCount: 0,
    errors: [],
    unsupportedCount: 0,
    unsupported: [],
    message: null,
    createTime: 0,
    lastUpdate: 0,
    ...over,
  };
}

/** A preview job that ended with `report` (the report is on the job). */
const previewDone = (report: ImportReport, over: Partial<ImportJob> = {}) =>
  job({
    jobId: 'p1',
    preview: true,
    status: 'done',
    ...report,
    processed: report.total,
    errorCount: report.errors.length,
    unsupportedCount: report.unsupported.length,
    ...over,
  });

/** The routes of a preview that answers `report`. */
const previewing = (report: ImportReport, over: Partial<ImportJob> = {}) => ({
  'POST /v1/exam/questions/import/preview': { jobId: 'p1' },
  'GET /v1/exam/questions/import/p1': jobSequence([
    job({ jobId: 'p1', preview: true, status: 'validating', processed: 1, total: report.total }),
    previewDone(report, over),
  ]),
});

/** Answers the job calls with the given states in turn, repeating the last. */
function jobSequence(states: ImportJob[]) {
  let i = 0;
  return () => ({ json: envelope(states[Math.min(i++, states.length - 1)]) });
}

const dialog = () => openDialog();
/** A button of the dialog, the footer's first (the title bar's × is also named 关闭). */
const buttonIn = (d: HTMLElement, name: string) => {
  const footer = d.querySelector<HTMLElement>('.ant-modal-footer');
  const inFooter = footer ? within(footer).queryByRole('button', { name }) : null;
  return inFooter ?? within(d).getByRole('button', { name });
};
/** The label of the checked format button (jsdom leaves `input.checked` stale on button radios). */
const chosenFormat = (d: HTMLElement) => d.querySelector('.ant-radio-button-wrapper-checked')?.textContent;
const fileInput = (d: HTMLElement) => d.querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (d: HTMLElement, file: File) => fireEvent.change(fileInput(d), { target: { files: [file] } });
const previewCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/exam/questions/import/preview');

async function open(routes: Record<string, unknown> = {}, repoId?: string) {
  const s = await transferSession(routes);
  const onClose = vi.fn();
  const { queryClient } = renderInSession(s.session, <ImportModal repoId={repoId} onClose={onClose} />);
  const d = await dialog();
  await waitFor(() => expect(s.calls.some((c) => c.path === '/v1/exam/repositories')).toBe(true));
  return { ...s, d, onClose, queryClient };
}

describe('import dialog: choosing', () => {
  it('says what is missing, in Chinese, before calling anything', async () => {
    const { d, calls } = await open();
    fireEvent.click(buttonIn(d, '校验'));
    expect(await within(d).findByText('请选择要导入的文件')).toBeTruthy();
    expect(within(d).getByText('请选择文件格式')).toBeTruthy();
    expect(within(d).getByText('请选择目标题库')).toBeTruthy();
    expect(previewCalls(calls)).toHaveLength(0);
  });

  it("states the server's limits, refuses a file over its size and infers the format (changeable)", async () => {
    const { d } = await open();
    expect(await within(d).findByText('文件不超过 50 MB，题目不超过 300,000 道（Excel 为数据行）')).toBeTruthy();
    const big = new File(['x'], 'huge.xml');
    Object.defineProperty(big, 'size', { value: LIMITS.maxBytes + 1 });
    pick(d, big);
    expect(await within(d).findByText('文件「huge.xml」超过 50 MB，不能导入')).toBeTruthy();
    expect(within(d).queryByText('huge.xml')).toBeNull();

    pick(d, new File(['::a::b{T}'], 'quiz.txt'));
    expect(await within(d).findByText('quiz.txt')).toBeTruthy();
    await waitFor(() => expect(within(d).queryByText('文件「huge.xml」超过 50 MB，不能导入')).toBeNull());
    expect(chosenFormat(d)).toBe('GIFT');
    expect(within(d).getByText('已按文件扩展名自动选择，可以修改')).toBeTruthy();
    fireEvent.click(within(d).getByRole('radio', { name: 'Moodle XML' }));
    await waitFor(() => expect(chosenFormat(d)).toBe('Moodle XML'));
  });

  it('offers only owned repositories, preset from the page', async () => {
    const { d } = await open({}, 'r2');
    expect(within(d).getByText('八年级题库')).toBeTruthy();
    fireEvent.mouseDown(within(d).getByRole('combobox', { name: '目标题库' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const names = Array.from(document.querySelectorAll('.ant-select-item-option')).map((e) => e.textContent);
    expect(names).toEqual(['七年级题库', '八年级题库']);
  });

  it('shows the server refusing the file (400) on the form', async () => {
    const { d } = await open({
      'POST /v1/exam/questions/import/preview': () => ({
        status: 400,
        json: envelope(
          { fields: [{ path: 'file', message: 'XML 第 3 行有错误' }] },
          400,
          '请求参数有误：XML 第 3 行有错误',
        ),
      }),
    });
    pick(d, new File(['<quiz>'], 'broken.xml'));
    await pickOption('目标题库', '七年级题库', d);
    fireEvent.click(buttonIn(d, '校验'));
    expect(await within(d).findByText('请求参数有误：XML 第 3 行有错误')).toBeTruthy();
    expect(within(d).getByText('XML 第 3 行有错误')).toBeTruthy();
  });

  it('shows why a preview job failed (the file cannot be read), and stays on the form', async () => {
    const { d } = await open({
      'POST /v1/exam/questions/import/preview': { jobId: 'p1' },
      'GET /v1/exam/questions/import/p1': job({
        jobId: 'p1',
        preview: true,
        status: 'failed',
        message: '导入失败：Excel 文件中的 xl/worksheets/sheet1.xml 压缩比超过上限 200（压缩比上限），可能是压缩炸弹',
      }),
    });
    pick(d, new File(['PK'], 'bomb.xlsx'));
    await pickOption('目标题库', '七年级题库', d);
    fireEvent.click(buttonIn(d, '校验'));
    expect(await within(d).findByText(/可能是压缩炸弹/)).toBeTruthy();
    expect(within(d).getByText('bomb.xlsx')).toBeTruthy();
  });
});

describe('import dialog: encoding', () => {
  it('shows the detected encoding and previews again with the one the user picks', async () => {
    const { d, calls } = await open(previewing({ ...REPORT, encoding: 'gb18030' }), 'r1');
    pick(d, new File(['x'], 'quiz.gift'));
    fireEvent.click(buttonIn(d, '校验'));
    expect(await within(d).findByText('已按 GB18030 / GBK 读取；如有乱码，请选择其他编码重新校验')).toBeTruthy();
    await pickOption('文本编码', 'UTF-16 LE', d);
    await waitFor(() => expect(previewCalls(calls)).toHaveLength(2));
    expect(queryOf(previewCalls(calls)[0]).encoding).toBeUndefined();
    expect(queryOf(previewCalls(calls)[1])).toMatchObject({ format: 'gift', repoId: 'r1', encoding: 'utf-16le' });
  });
});

describe('import dialog: report and job', () => {
  it('previews, explains why mode all cannot import, imports the valid ones and follows the job to the end', async () => {
    const { d, calls, queryClient } = await open(
      {
        ...previewing(REPORT),
        'PUT /v1/exam/questions/import': { jobId: 'j1' },
        'GET /v1/exam/questions/import/j1': jobSequence([
          job({ status: 'validating', processed: 2 }),
          job({ status: 'importing', processed: 3, skipped: 1, errors: REPORT.errors }),
          job({ status: 'done', processed: 4, imported: 4, skipped: 1, errors: REPORT.errors }),
        ]),
      },
      'r2',
    );
    const file = new File(['::Sun::The sun rises in the east.{T}'], 'quiz.gift');
    pick(d, file);
    fireEvent.click(buttonIn(d, '校验'));

    // The preview job's progress, then its report: the bad item with its line and reasons, the unsupported apart.
    expect(await within(d).findByText('正在校验')).toBeTruthy();
    expect(within(d).getByText('1 / 5')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(600);
    expect(await within(d).findByText('第 12 行')).toBeTruthy();
    const preview = previewCalls(calls)[0];
    expect(preview.method).toBe('POST');
    expect(queryOf(preview)).toMatchObject({ format: 'gift', repoId: 'r2', mode: 'all' });
    expect(preview.init.body).toBe(file);
    expect(within(d).getByText('No right answer')).toBeTruthy();
    expect(within(d).getByText('答案：请选择正确答案')).toBeTruthy();
    expect(within(d).getByText('选项 B：不能为空')).toBeTruthy();
    expect(within(d).getByText('未通过校验的题目（1）')).toBeTruthy();
    expect(within(d).getByText(/不支持的题型（1）/)).toBeTruthy();
    expect(within(d).getByText('匹配题不支持导入')).toBeTruthy();
    expect(within(d).getByText('第 20 行')).toBeTruthy();

    // Mode all: blocked, with the reason; one click switches to importing the valid ones.
    const start = buttonIn(d, '开始导入');
    expect(start).toHaveProperty('disabled', true);
    expect(within(d).getByText('按“全部成功才导入”不能导入')).toBeTruthy();
    fireEvent.click(buttonIn(d, '改为只导入通过校验的题目'));
    expect(await within(d).findByText('将导入 4 道题，跳过 1 道未通过校验的题目。')).toBeTruthy();
    expect(buttonIn(d, '开始导入')).toHaveProperty('disabled', false);
    fireEvent.click(buttonIn(d, '开始导入'));

    // The job: polled until done; closing is impossible meanwhile.
    await waitFor(() => expect(within(d).queryByText(/正在(校验|导入)/)).toBeTruthy());
    expect(buttonIn(d, '关闭')).toHaveProperty('disabled', true);
    await vi.advanceTimersByTimeAsync(1200);
    expect(await within(d).findByText('导入完成')).toBeTruthy();
    expect(within(d).getByText('已导入 4 道题，跳过 1 道')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/v1/exam/questions/import')!;
    expect(queryOf(put)).toMatchObject({ format: 'gift', repoId: 'r2', mode: 'valid' });
    expect(put.init.body).toBe(file);
    const polls = calls.filter((c) => c.path === '/v1/exam/questions/import/j1').length;
    expect(polls).toBeGreaterThanOrEqual(3);
    // Knowledge-point counts change with new questions: the tree is stale (loaded again where it is shown).
    await waitFor(() => expect(queryClient.getQueryState(DICTIONARY_KEYS.knowledgeTree)?.isInvalidated).toBe(true));
    // Done: no more polls.
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.path === '/v1/exam/questions/import/j1').length).toBe(polls);
    expect(buttonIn(d, '关闭')).toHaveProperty('disabled', false);
  });

  it('a failed job shows its message and errors; 继续导入其他文件 starts over', async () => {
    const { d } = await open(
      {
        ...previewing({ ...REPORT, errors: [], valid: 5 }),
        'PUT /v1/exam/questions/import': { jobId: 'j1' },
        'GET /v1/exam/questions/import/j1': jobSequence([
          job({ status: 'failed', message: '导入失败：数据库不可用', errors: REPORT.errors }),
        ]),
      },
      'r1',
    );
    pick(d, new File(['x'], 'quiz.xml'));
    fireEvent.click(buttonIn(d, '校验'));
    expect(await within(d).findByText('全部 5 道题都通过了校验，可以导入。')).toBeTruthy();
    fireEvent.click(buttonIn(d, '开始导入'));
    expect(await within(d).findByText('导入失败：数据库不可用')).toBeTruthy();
    expect(within(d).getByText('第 12 行')).toBeTruthy();
    fireEvent.click(buttonIn(d, '继续导入其他文件'));
    expect(await within(d).findByText('点击或拖拽文件到此处')).toBeTruthy();
    expect(within(d).queryByText('quiz.xml')).toBeNull();
  });

  it('a lost job (404 while polling) stops polling and can be closed', async () => {
    const { d, onClose } = await open(
      {
        ...previewing({ ...REPORT, errors: [], valid: 5 }),
        'PUT /v1/exam/questions/import': { jobId: 'j1' },
      },
      'r1',
    );
    pick(d, new File(['x'], 'quiz.xml'));
    fireEvent.click(buttonIn(d, '校验'));
    fireEvent.click(await waitFor(() => buttonIn(d, '开始导入')));
    expect(await within(d).findByText('无法获取导入进度')).toBeTruthy();
    expect(within(d).getByText('请求的资源不存在')).toBeTruthy();
    fireEvent.click(buttonIn(d, '关闭'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('import dialog: template', () => {
  it('is linked from the form', async () => {
    const { d } = await open();
    expect(screen.getAllByText('下载 Excel 模板').length).toBe(1);
    expect(within(d).getByText('下载 Excel 模板').closest('button')).toBeTruthy();
  });
});
