import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionPublication } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { loginInfo, question } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { button, openDialog } from '../../../../test/antd';

const OFF: QuestionPublication = {
  questionId: 'q1',
  published: false,
  publishedAt: null,
  publishedBy: null,
  showAnswer: false,
};
const ON: QuestionPublication = {
  questionId: 'q1',
  published: true,
  publishedAt: Date.UTC(2026, 0, 5, 8, 0),
  publishedBy: '演示机构管理员',
  showAnswer: false,
};

/** The admin preview of q1 over a fake server that remembers whether q1 is published. */
async function open(initial: QuestionPublication, over: Partial<ReturnType<typeof question>> = {}) {
  let state = initial;
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/exam/question/q1': question(over),
    'GET /v1/exam/question/q1/public': () => ({ json: envelope(state) }),
    'PUT /v1/exam/question/q1/public': (c: RecordedCall) => {
      const { showAnswer } = (c.body as { request: { showAnswer: boolean } }).request;
      return { json: envelope((state = { ...ON, showAnswer })) };
    },
    'DELETE /v1/exam/question/q1/public': () => ({ json: envelope((state = OFF)) }),
  });
  renderApp(s.session, ['/admin/question/preview/q1']);
  await screen.findByText('题目预览');
  return s;
}

const panel = () => document.querySelector<HTMLElement>('.publication-panel')!;
const methods = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.path === '/v1/exam/question/q1/public').map((c) => c.method);
const putBodies = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/v1/exam/question/q1/public' && c.method === 'PUT').map((c) => c.body);
const answerSwitch = () => within(panel()).getByRole('switch', { name: '访客可查看答案与解析' });

afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('公开预览 on the admin question preview', () => {
  it('publishes after confirmation, then shows the badge and the public link', async () => {
    const { calls } = await open(OFF);
    await within(await waitFor(panel)).findByText('未公开');
    expect(screen.queryByLabelText('公开链接')).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: '公开预览' }));
    const dialog = await openDialog();
    expect(within(dialog).getAllByText('公开预览这道题？').length).toBeGreaterThan(0);
    expect(methods(calls)).toEqual(['GET']);
    fireEvent.click(within(dialog).getByText('公开').closest('button')!);
    const link = await screen.findByLabelText<HTMLInputElement>('公开链接');
    expect(link.value).toBe(`${window.location.origin}/public/question/preview?id=q1`);
    expect(methods(calls)).toEqual(['GET', 'PUT']);
    // Visitors see the verdict only unless the publisher switches the answers on.
    expect(putBodies(calls)).toEqual([{ request: { showAnswer: false } }]);
    expect(answerSwitch().getAttribute('aria-checked')).toBe('false');
    expect(within(panel()).getByText(/演示机构管理员 公开/)).toBeTruthy();
    expect(screen.getAllByText('已公开').length).toBeGreaterThanOrEqual(2); // title badge and panel
    const openLink = screen.getByText('打开').closest('a')!;
    expect(openLink.getAttribute('href')).toBe(link.value);
    expect(openLink.getAttribute('target')).toBe('_blank');
  });

  it('publishes with the answers shown when 访客可查看答案与解析 is switched on first', async () => {
    const { calls } = await open(OFF);
    await within(await waitFor(panel)).findByText('未公开');
    fireEvent.click(answerSwitch());
    fireEvent.click(within(panel()).getByRole('button', { name: '公开预览' }));
    const dialog = await openDialog();
    expect(within(dialog).getByText(/看到判分结果、标准答案和解析/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('公开').closest('button')!);
    await screen.findByLabelText('公开链接');
    expect(putBodies(calls)).toEqual([{ request: { showAnswer: true } }]);
    expect(answerSwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('switches the answers of a published question off', async () => {
    const { calls } = await open({ ...ON, showAnswer: true });
    await waitFor(() => expect(answerSwitch().getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(answerSwitch());
    expect(await screen.findByText('访客提交后只看到对错和得分')).toBeTruthy();
    await waitFor(() => expect(answerSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(putBodies(calls)).toEqual([{ request: { showAnswer: false } }]);
  });

  it('copies the link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open(ON);
    fireEvent.click(await waitFor(() => button('复制链接')));
    expect(await screen.findByText('链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/public/question/preview?id=q1`);
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { calls } = await open(ON);
    fireEvent.click(await waitFor(() => button('从公开预览撤下')));
    fireEvent.click(
      within(await openDialog())
        .getByText('取消')
        .closest('button')!,
    );
    // Let any pending work settle (no real wait).
    await act(() => Promise.resolve());
    expect(methods(calls)).toEqual(['GET']);
    expect(screen.getByLabelText('公开链接')).toBeTruthy();
  });

  it('withdraws after confirmation', async () => {
    const { calls } = await open(ON);
    fireEvent.click(await waitFor(() => button('从公开预览撤下')));
    const dialog = await openDialog();
    expect(within(dialog).getAllByText('从公开预览撤下这道题？').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByText('撤下').closest('button')!);
    expect(await within(panel()).findByText('未公开')).toBeTruthy();
    expect(methods(calls)).toEqual(['GET', 'DELETE']);
    expect(screen.queryByLabelText('公开链接')).toBeNull();
    expect(screen.queryByText('已公开')).toBeNull();
  });

  it("a subscribed repository's question: state only, no publish button", async () => {
    await open(OFF, { agencyId: 'other' });
    expect(await within(await waitFor(panel)).findByText(/只有所属机构可以公开/)).toBeTruthy();
    expect(within(panel()).queryByRole('button')).toBeNull();
    expect(within(panel()).queryByRole('switch')).toBeNull();
  });
});
