// The recitation helpers' pure parts: the text comparison's diff, the export retry policy (3 attempts, 1 s apart, a
// notice per failed attempt, per page of the sheet; fake timers, a PNG encoder that fails), the sheet saved as one
// download (a PNG, or a ZIP of the pages read back by a real ZIP reader), and the practice scoring bands.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textSimilarity } from '@edu/contract';
import {
  EXPORT_ATTEMPTS,
  EXPORT_RETRY_DELAY_MS,
  exportFailureText,
  exportPages,
  PageExportError,
  sleepMs,
  withRetries,
} from './export-retry';
import { bandOf, sentenceScore, totalScore } from '../../../components/recitation/scoring';
import { diffTexts, tokenize } from './text-diff';
import { canvasToPng, saveSheet } from './sheet-export';
import { readZip } from '../../../test/read-zip';

const sides = (parts: ReturnType<typeof diffTexts>) => ({
  old: parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join(''),
  new: parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join(''),
});

describe('text diff', () => {
  it('tokenizes Latin words whole and Chinese character by character', () => {
    expect(tokenize("I can't go, 春眠不觉晓。")).toEqual([
      'I',
      ' ',
      "can't",
      ' ',
      'go',
      ',',
      ' ',
      '春',
      '眠',
      '不',
      '觉',
      '晓',
      '。',
    ]);
  });

  it('marks a changed word and a changed character, and rebuilds both texts', () => {
    const parts = diffTexts('The cat sat on the mat.', 'The dog sat on the mat.');
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'dog' },
      { kind: 'same', text: ' sat on the mat.' },
    ]);
    const zh = diffTexts('春眠不觉晓，处处闻啼鸟。', '春眠不觉晓，处处闻鸟啼。');
    expect(sides(zh)).toEqual({ old: '春眠不觉晓，处处闻啼鸟。', new: '春眠不觉晓，处处闻鸟啼。' });
    expect(
      zh
        .filter((p) => p.kind !== 'same')
        .map((p) => p.text)
        .join(''),
    ).toHaveLength(2);
  });

  it('handles empty sides and identical texts', () => {
    expect(diffTexts('', 'abc')).toEqual([{ kind: 'added', text: 'abc' }]);
    expect(diffTexts('abc', '')).toEqual([{ kind: 'removed', text: 'abc' }]);
    expect(diffTexts('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });

  it('keeps every character of long texts (5,000 characters each)', () => {
    const a = '天'.repeat(2500) + '地'.repeat(2500);
    const b = '地'.repeat(2500) + '天'.repeat(2500);
    expect(sides(diffTexts(a, b))).toEqual({ old: a, new: b });
  });
});

describe('export retry (docs/product.md §8–9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries three times, one second apart, with a notice naming each failed attempt', async () => {
    const notices: string[] = [];
    const started: number[] = [];
    const task = vi.fn(async () => {
      started.push(Date.now());
      throw new Error('画布为空');
    });
    const done = withRetries(task, { onFailure: (n, e) => notices.push(exportFailureText(n, e)) }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(EXPORT_ATTEMPTS);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(((await done) as Error).message).toBe('画布为空');
    expect(notices).toEqual(['第 1 次导出失败：画布为空', '第 2 次导出失败：画布为空', '第 3 次导出失败：画布为空']);
    expect(started.map((t) => t - started[0])).toEqual([0, EXPORT_RETRY_DELAY_MS, 2 * EXPORT_RETRY_DELAY_MS]);
  });

  it('stops at the first success, and uses the injected sleep', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const onFailure = vi.fn();
    let n = 0;
    const result = await withRetries(
      async (attempt) => {
        n++;
        if (attempt < 2) throw new Error('失败');
        return 'png';
      },
      { sleep, onFailure },
    );
    expect(result).toBe('png');
    expect(n).toBe(2);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  /** A canvas whose PNG encoder gives nothing (as a browser's does for a canvas it cannot encode) `fails` times. */
  const canvasFailing = (fails: number) => {
    let calls = 0;
    return {
      toBlob: (done: (b: Blob | null) => void) => done(++calls <= fails ? null : new Blob(['png'])),
    } as unknown as HTMLCanvasElement;
  };

  it('retries each page on its own: a page whose encoder fails twice is rendered on its third attempt', async () => {
    const canvases = [canvasFailing(0), canvasFailing(2), canvasFailing(0)];
    const rendered: number[] = [];
    const notices: string[] = [];
    const progress: string[] = [];
    const done = exportPages(
      3,
      async (page) => {
        const png = await canvasToPng(canvases[page - 1]);
        rendered.push(page);
        return `${page}:${await png.text()}`;
      },
      {
        onPage: (page, pages) => progress.push(`${page}/${pages}`),
        onFailure: (n, e, page) => notices.push(exportFailureText(n, e, page)),
      },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(rendered).toEqual([1]);
    expect(notices).toEqual(['第 2/3 页第 1 次导出失败：浏览器没有生成图片']);
    await vi.advanceTimersByTimeAsync(999);
    expect(notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(notices).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toEqual(['1:png', '2:png', '3:png']);
    expect(rendered).toEqual([1, 2, 3]);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    expect(notices).toEqual([
      '第 2/3 页第 1 次导出失败：浏览器没有生成图片',
      '第 2/3 页第 2 次导出失败：浏览器没有生成图片',
    ]);
  });

  it('stops at a page that fails three times, naming it and saying no file was downloaded', async () => {
    const rendered: number[] = [];
    const run = (failing: number) =>
      exportPages(4, async (page) => {
        const png = await canvasToPng(canvasFailing(page === failing ? 99 : 0));
        rendered.push(page);
        return png;
      }).catch((e: unknown) => e);
    const lost = run(3);
    await vi.advanceTimersByTimeAsync(2 * EXPORT_RETRY_DELAY_MS);
    const e = (await lost) as PageExportError;
    expect(e).toBeInstanceOf(PageExportError);
    expect([e.page, e.pages]).toEqual([3, 4]);
    expect((e.reason as Error).message).toBe('浏览器没有生成图片');
    expect(e.message).toBe('第 3/4 页导出失败，请稍后再试；没有下载文件');
    expect(rendered).toEqual([1, 2]);
    const first = run(1);
    await vi.advanceTimersByTimeAsync(2 * EXPORT_RETRY_DELAY_MS);
    expect(((await first) as Error).message).toBe('第 1/4 页导出失败，请稍后再试；没有下载文件');
    expect(rendered).toEqual([1, 2]);
    // One page: the notice is the plain one.
    expect(exportFailureText(1, new Error('x'), { page: 1, pages: 1 })).toBe('第 1 次导出失败：x');
  });

  it('names an unknown failure', async () => {
    expect(exportFailureText(2, {})).toBe('第 2 次导出失败：未知错误');
    const p = sleepMs(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBeUndefined();
  });
});

describe('saving the sheet as one download (docs/recitation.md "Export")', () => {
  const saved = () => {
    const files: { blob: Blob; name: string }[] = [];
    return { files, save: (blob: Blob, name: string) => void files.push({ blob, name }) };
  };

  it('downloads a one-page sheet as 标题.png', async () => {
    const png = new Blob(['\x89PNG one'], { type: 'image/png' });
    const s = saved();
    await saveSheet('静夜思', [png], s.save);
    expect(s.files).toEqual([{ blob: png, name: '静夜思.png' }]);
  });

  it('downloads a sheet of several pages as one 标题.zip holding 标题-第N页.png in order', async () => {
    const pngs = ['一', '二', '三'].map((p) => new Blob([`\x89PNG page ${p}`], { type: 'image/png' }));
    const s = saved();
    await saveSheet('长文/上', pngs, s.save);
    expect(s.files.map((f) => [f.name, f.blob.type])).toEqual([['长文_上.zip', 'application/zip']]);
    const entries = await readZip(Buffer.from(await s.files[0].blob.arrayBuffer()));
    expect(entries.map((e) => e.entry.fileName)).toEqual([
      '长文_上-第1页.png',
      '长文_上-第2页.png',
      '长文_上-第3页.png',
    ]);
    expect(entries.map((e) => e.data.toString())).toEqual(await Promise.all(pngs.map((p) => p.text())));
  });
});

describe('practice scoring (docs/product.md §5)', () => {
  it('scores a sentence by textSimilarity, blank as not checked, and bands the score', () => {
    expect(sentenceScore('It was warm!', '')).toBeNull();
    expect(sentenceScore('It was warm!', '  It was warm! ')).toBe(100);
    expect(sentenceScore('It was warm!', 'It was worm!')).toBe(textSimilarity('It was warm!', 'It was worm!'));
    expect(bandOf(100)).toBe('good');
    expect(bandOf(90)).toBe('good');
    expect(bandOf(89.99)).toBe('fair');
    expect(bandOf(60)).toBe('fair');
    expect(bandOf(59.99)).toBe('poor');
  });

  it('totals over every sentence, blanks as 0', () => {
    expect(totalScore([100, null, 50])).toBe(50);
    expect(totalScore([100, 91.67, 0])).toBe(63.89);
    expect(totalScore([])).toBe(0);
  });
});
