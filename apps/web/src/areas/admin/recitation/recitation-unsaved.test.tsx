// The recitation editor keeps its work (docs/recitation.md "Unsaved work"), on fake timers: a new image on a sentence,
// an edited description and edited text survive a trip to 文本比对 and back (before, they were dropped without a
// word); leaving asks first; 保存 sends them and forgets the kept draft; 放弃这些修改 goes back to the stored text.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sentenceSpans, type Recitation } from '@edu/contract';
import { buttonIn, openDialog } from '../../../test/antd';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';

const TEACHER = ['edu:agency:demo:teacher'];
const TEXT = 'The cat sat on the mat. It was warm! 猫在垫子上，很暖和。';
const MORE = `${TEXT} Good night.`;
const spans = sentenceSpans(TEXT, 's');
const OLD_IMG = '/v1/files/AAAAAAAAAAAAAAAAAAAAAA';
const NEW_FILE = 'BBBBBBBBBBBBBBBBBBBBBB';

const recitation = (over: Partial<Recitation> = {}): Recitation => ({
  id: '5',
  title: '小猫',
  text: TEXT,
  sentences: spans,
  images: [{ value: spans[1].id, img: OLD_IMG, desc: '暖和的猫' }],
  sentenceCount: spans.length,
  imageCount: 1,
  creatorName: '张老师',
  updatedAt: Date.UTC(2026, 0, 5),
  createdAt: Date.UTC(2026, 0, 5),
  ...over,
});

const routes = () => ({
  'GET /v1/recitation/5': recitation(),
  'GET /v1/recitation/list': { total: 1, list: [recitation()] },
  'PUT /v1/files': { id: NEW_FILE, url: `/v1/files/${NEW_FILE}`, type: 'image/png', size: 100 },
  'POST /v1/recitation/5': recitation({ text: MORE, updatedAt: Date.UTC(2026, 0, 6) }),
});

const location = () => screen.getByTestId('location').textContent;
const rows = () => screen.getAllByTestId('sentence-row');
const settle = () => act(() => vi.advanceTimersByTimeAsync(1000));
/** The dialog open now (one closing keeps playing its leave motion in jsdom). */
const asking = () => openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
const menuLink = (text: string) => within(document.querySelector<HTMLElement>('.ant-menu')!).getByText(text);

/** On the editor of text 5: a new image on sentence 1, sentence 2's description changed, a sentence added. */
async function editEverything() {
  await screen.findByText('分句预览（4 句）', {}, { timeout: 15_000 });
  fireEvent.click(within(rows()[0]).getByText('配图').closest('button')!);
  const png = new File([new Uint8Array(100)], 'a.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('sentence-image-input'), { target: { files: [png] } });
  expect(await within(rows()[0]).findByAltText('第 1 句配图')).toBeTruthy();
  fireEvent.change(within(rows()[1]).getByPlaceholderText('图片说明（可选）'), { target: { value: '很暖和的猫' } });
  fireEvent.change(screen.getByLabelText('背诵文本'), { target: { value: MORE } });
  expect(screen.getByText('分句预览（5 句）')).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the recitation editor’s unsaved work', () => {
  it('asks before 文本比对, keeps everything through the trip and back, then saves it', async () => {
    const { session, calls } = await makeSession(loginInfo(TEACHER), routes());
    renderApp(session, ['/admin/recitation/5/edit']);
    await editEverything();

    fireEvent.click(menuLink('文本比对'));
    await settle();
    let dialog = await asking();
    expect(dialog.textContent).toContain('有未保存的修改，确定离开吗？');
    expect(dialog.textContent).toContain('未保存的修改会暂存在本标签页');
    fireEvent.click(buttonIn(dialog, '留下'));
    await settle();
    expect(location()).toBe('/admin/recitation/5/edit');
    expect(screen.getByLabelText<HTMLTextAreaElement>('背诵文本').value).toBe(MORE);

    fireEvent.click(menuLink('文本比对'));
    await settle();
    dialog = await asking();
    fireEvent.click(buttonIn(dialog, '离开'));
    await settle();
    expect(await screen.findByLabelText('原文')).toBeTruthy();
    expect(location()).toBe('/admin/recitation/compare');

    // Back through the list to the text: the work is there again, said so.
    fireEvent.click(screen.getByText('返回列表').closest('button')!);
    fireEvent.click(within((await screen.findByText('小猫')).closest('tr')!).getByText('编辑'));
    expect(await screen.findByText('已恢复上次未保存的修改（标题、文本、配图与说明）。')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('背诵文本').value).toBe(MORE);
    expect(screen.getByText('分句预览（5 句）')).toBeTruthy();
    expect(within(rows()[0]).getByAltText<HTMLImageElement>('第 1 句配图').getAttribute('src')).toBe(
      `/v1/files/${NEW_FILE}`,
    );
    expect(within(rows()[1]).getByPlaceholderText<HTMLInputElement>('图片说明（可选）').value).toBe('很暖和的猫');

    fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/recitation/5')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/v1/recitation/5')!.body as {
      request: { text: string; images: { value: string; img: string; desc: string }[] };
    };
    expect(sent.request.text).toBe(MORE);
    expect(sent.request.images).toEqual([
      { value: spans[0].id, img: `/v1/files/${NEW_FILE}`, desc: '' },
      { value: spans[1].id, img: OLD_IMG, desc: '很暖和的猫' },
    ]);
    // Saved: leaving asks nothing, and nothing is kept for next time.
    await waitFor(() => expect(screen.queryByText('已恢复上次未保存的修改（标题、文本、配图与说明）。')).toBeNull());
    fireEvent.click(menuLink('文本比对'));
    await settle();
    expect(location()).toBe('/admin/recitation/compare');
    expect(sessionStorage.length).toBe(0);
  });

  it('放弃这些修改 goes back to the stored text and keeps nothing', async () => {
    const { session } = await makeSession(loginInfo(TEACHER), routes());
    const view = renderApp(session, ['/admin/recitation/5/edit']);
    await editEverything();
    view.unmount();

    renderApp(session, ['/admin/recitation/5/edit']);
    fireEvent.click((await screen.findByText('放弃这些修改', {}, { timeout: 15_000 })).closest('button')!);
    expect(screen.getByLabelText<HTMLTextAreaElement>('背诵文本').value).toBe(TEXT);
    expect(within(rows()[0]).queryByAltText('第 1 句配图')).toBeNull();
    expect(within(rows()[1]).getByPlaceholderText<HTMLInputElement>('图片说明（可选）').value).toBe('暖和的猫');
    expect(screen.queryByText('已恢复上次未保存的修改（标题、文本、配图与说明）。')).toBeNull();
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    // Clean again: leaving asks nothing.
    fireEvent.click(menuLink('文本比对'));
    await settle();
    expect(location()).toBe('/admin/recitation/compare');
  });
});
