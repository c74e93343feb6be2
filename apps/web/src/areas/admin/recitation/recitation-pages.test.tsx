// The recitation pages against a fake API: the editor shows the sentences as they split (docs/product.md §9
// separators) and saves the text with its image links; the export retries three times one second apart with a
// notice per failed attempt (jsdom has no canvas, so every attempt fails); the comparison shows the similarity and
// the differing parts; the student's practice scores each sentence and the total; the list shows the creator's
// initial avatar (the contract's avatarInitial).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { avatarInitial, sentenceSpans, textSimilarity, type Recitation } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { buttonIn } from '../../../test/antd';
import { makeSession, renderApp } from '../../../test/render';

const TEACHER = ['edu:agency:demo:teacher'];
const STUDENT = ['edu:agency:demo:student'];
const TEXT = 'The cat sat on the mat. It was warm! 猫在垫子上，很暖和。';
const spans = sentenceSpans(TEXT, 's');

const recitation = (over: Partial<Recitation> = {}): Recitation => ({
  id: '5',
  title: '小猫',
  text: TEXT,
  sentences: spans,
  images: [{ value: spans[1].id, img: '/v1/files/AAAAAAAAAAAAAAAAAAAAAA', desc: '暖和的猫' }],
  sentenceCount: spans.length,
  imageCount: 1,
  creatorName: 'émile 老师',
  updatedAt: Date.UTC(2026, 0, 5),
  createdAt: Date.UTC(2026, 0, 5),
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('teacher recitation pages', () => {
  it('lists the texts with the creator as an initial avatar', async () => {
    const { session } = await makeSession(loginInfo(TEACHER), {
      'GET /v1/recitation/list': { total: 1, list: [recitation()] },
    });
    renderApp(session, ['/admin/recitation/list']);
    expect(await screen.findByText('小猫', {}, { timeout: 15_000 })).toBeTruthy();
    const row = screen.getByText('小猫').closest('tr')!;
    expect(within(row).getByText(avatarInitial('émile 老师'))).toBeTruthy();
    expect(within(row).getByText('É')).toBeTruthy();
    expect(screen.getByText('共 1 篇')).toBeTruthy();
  });

  it('splits the text into sentences as it is typed and saves it', async () => {
    const { session, calls } = await makeSession(loginInfo(TEACHER), {
      'PUT /v1/recitation': recitation({ images: [] }),
      'GET /v1/recitation/5': recitation({ images: [] }),
    });
    renderApp(session, ['/admin/recitation/create']);
    const box = await screen.findByLabelText('背诵文本', {}, { timeout: 15_000 });
    expect(screen.getByText('输入文本后，这里按句显示')).toBeTruthy();
    fireEvent.change(box, { target: { value: TEXT } });
    expect(screen.getByText('分句预览（4 句）')).toBeTruthy();
    const rows = screen.getAllByTestId('sentence-row');
    expect(rows.map((r) => r.textContent?.replace(/配图$/, ''))).toEqual([
      '1. The cat sat on the mat.',
      '2. It was warm!',
      '3. 猫在垫子上，',
      '4. 很暖和。',
    ]);
    fireEvent.change(screen.getByPlaceholderText('例如：春晓'), { target: { value: '小猫' } });
    fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/recitation')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/v1/recitation')!;
    expect(put.body).toEqual({ request: { title: '小猫', text: TEXT, images: [] } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/recitation/5/edit'));
  });

  it('keeps an image on its sentence and previews it', async () => {
    const { session } = await makeSession(loginInfo(TEACHER), { 'GET /v1/recitation/5': recitation() });
    renderApp(session, ['/admin/recitation/5/edit']);
    await screen.findByText('分句预览（4 句）', {}, { timeout: 15_000 });
    const rows = screen.getAllByTestId('sentence-row');
    expect(within(rows[1]).getByAltText('第 2 句配图')).toBeTruthy();
    expect(within(rows[1]).getByPlaceholderText<HTMLInputElement>('图片说明（可选）').value).toBe('暖和的猫');
    // Editing the first sentence leaves the second's id, and so its image.
    fireEvent.change(screen.getByLabelText('背诵文本'), { target: { value: TEXT.replace('cat', 'dog') } });
    expect(within(screen.getAllByTestId('sentence-row')[1]).getByAltText('第 2 句配图')).toBeTruthy();

    fireEvent.click(screen.getByText(/^预\s?览$/).closest('button')!);
    expect(within(screen.getByTestId('sheet-preview')).getByText('暖和的猫')).toBeTruthy();
  });

  it('retries the export 3 times 1 s apart with a notice naming each failed attempt', async () => {
    const { session } = await makeSession(loginInfo(TEACHER), { 'GET /v1/recitation/5': recitation({ images: [] }) });
    renderApp(session, ['/admin/recitation/5/edit']);
    await screen.findByText('分句预览（4 句）', {}, { timeout: 15_000 });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByText('导出背诵单').closest('button')!);
    expect(await screen.findByText(/第 1 次导出失败：/)).toBeTruthy();
    expect(screen.queryByText(/第 2 次导出失败：/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(/第 2 次导出失败：/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(/第 3 次导出失败：/)).toBeTruthy();
    expect(await screen.findByText('背诵单导出失败，请稍后再试')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText(/第 4 次导出失败/)).toBeNull();
    warn.mockRestore();
    error.mockRestore();
  });

  it('compares two texts: the similarity and the differing parts', async () => {
    const { session } = await makeSession(loginInfo(TEACHER));
    renderApp(session, ['/admin/recitation/compare']);
    const oldBox = await screen.findByLabelText('原文', {}, { timeout: 15_000 });
    fireEvent.change(oldBox, { target: { value: 'The cat sat on the mat.' } });
    fireEvent.change(screen.getByLabelText('对照文本'), { target: { value: 'The dog sat on the mat.' } });
    const score = textSimilarity('The cat sat on the mat.', 'The dog sat on the mat.').toFixed(2);
    expect((await screen.findByTestId('similarity')).textContent).toBe(`相似度 ${score}%`);
    const marks = [...document.querySelectorAll('mark[data-kind]')].map((m) => [
      m.getAttribute('data-kind'),
      m.textContent,
    ]);
    expect(marks).toEqual(
      expect.arrayContaining([
        ['removed', 'cat'],
        ['added', 'dog'],
      ]) as unknown[],
    );
  });
});

describe('student practice', () => {
  it('scores each sentence with its band, totals over all sentences and shows the image hint', async () => {
    const { session } = await makeSession(loginInfo(STUDENT, ['demo'], { name: '李小明' }), {
      'GET /v1/recitation/5': recitation(),
    });
    renderApp(session, ['/student/recitation/5']);
    await screen.findByText('第 1 句', {}, { timeout: 15_000 });
    const rows = screen.getAllByTestId('practice-row');
    expect(within(rows[1]).getByText('提示')).toBeTruthy();
    expect(within(rows[1]).getByText('暖和的猫')).toBeTruthy();
    expect(within(rows[0]).queryByText('提示')).toBeNull();
    // The sentence stays hidden until peeked at.
    expect(within(rows[0]).queryByText('The cat sat on the mat.')).toBeNull();

    fireEvent.change(within(rows[0]).getByLabelText('第 1 句'), { target: { value: 'The cat sat on the mat.' } });
    fireEvent.click(buttonIn(rows[0], '检查'));
    expect(within(rows[0]).getByTestId('sentence-score').textContent).toBe('相似度 100.00% · 熟练');

    const typo = 'It was worm!';
    fireEvent.change(within(rows[1]).getByLabelText('第 2 句'), { target: { value: typo } });
    fireEvent.click(buttonIn(rows[1], '检查'));
    const s2 = textSimilarity('It was warm!', typo);
    expect(within(rows[1]).getByTestId('sentence-score').textContent).toBe(`相似度 ${s2.toFixed(2)}% · 熟练`);

    fireEvent.change(within(rows[2]).getByLabelText('第 3 句'), { target: { value: '狗' } });
    fireEvent.click(buttonIn(rows[2], '检查'));
    expect(within(rows[2]).getByTestId('sentence-score').textContent).toBe('相似度 0.00% · 需加强');

    const total = Math.round(((100 + s2 + 0 + 0) / 4) * 100) / 100;
    expect(screen.getByTestId('practice-total').textContent).toBe(`${total.toFixed(2)}%（3/4）`);
    fireEvent.click(screen.getByText('重新背诵').closest('button')!);
    expect(screen.getByTestId('practice-total').textContent).toBe('0.00%（0/4）');
  });

  it('lists the texts to practise', async () => {
    const { session } = await makeSession(loginInfo(STUDENT), {
      'GET /v1/recitation/list': { total: 1, list: [recitation()] },
    });
    renderApp(session, ['/student/recitation']);
    expect(await screen.findByText('小猫', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('4 句')).toBeTruthy();
    expect(screen.getByText('开始背诵').closest('a')?.getAttribute('href')).toBe('/student/recitation/5');
  });
});
