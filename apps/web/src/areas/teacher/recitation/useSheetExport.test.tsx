// The export's notices for a sheet of several pages (docs/recitation.md "Pages"): progress names the page, a failed
// attempt names the page and the attempt, and a page lost after three attempts stops the export, saying which pages
// were downloaded. The pages' PNG encoder is jsdom's canvas toBlob made to give nothing; timers are fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, Button } from 'antd';
import { canvasToPng, type PreparedSheet, type SheetContent } from './sheet-export';
import { useSheetExport } from './useSheetExport';

const SHEET: SheetContent = { title: '长文', sentences: [], images: [] };

/** Pages whose encoding fails on the attempts listed for them (`'2:1'` is page 2's first attempt). */
function sheetFailing(pages: number, failing: Set<string>, downloaded: number[]): PreparedSheet {
  const tries = new Map<number, number>();
  return {
    pages,
    exportPage: async (page) => {
      const attempt = (tries.get(page) ?? 0) + 1;
      tries.set(page, attempt);
      const canvas = document.createElement('canvas');
      vi.spyOn(canvas, 'toBlob').mockImplementation((done) =>
        done(failing.has(`${page}:${attempt}`) ? null : new Blob(['png'])),
      );
      await canvasToPng(canvas);
      downloaded.push(page);
    },
  };
}

function Exporter({ sheet }: { sheet: PreparedSheet }) {
  const exporter = useSheetExport(() => Promise.resolve(sheet));
  return (
    <>
      <Button onClick={() => void exporter.start(SHEET)}>导出</Button>
      <span data-testid="progress">
        {exporter.progress ? `${exporter.progress.page}/${exporter.progress.pages}` : ''}
      </span>
    </>
  );
}

const renderExporter = (sheet: PreparedSheet) =>
  render(
    <AntApp>
      <Exporter sheet={sheet} />
    </AntApp>,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('exporting a sheet of several pages', () => {
  it('retries a failing page one second apart and finishes the others', async () => {
    const downloaded: number[] = [];
    renderExporter(sheetFailing(3, new Set(['2:1']), downloaded));
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('第 2/3 页第 1 次导出失败：浏览器没有生成图片')).toBeTruthy();
    expect(screen.getByTestId('progress').textContent).toBe('2/3');
    expect(downloaded).toEqual([1]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('背诵单已导出，共 3 页')).toBeTruthy();
    expect(downloaded).toEqual([1, 2, 3]);
    expect(screen.queryByText(/第 2 次导出失败/)).toBeNull();
    expect(screen.getByTestId('progress').textContent).toBe('');
  });

  it('stops at a page that fails three times and says which pages were downloaded', async () => {
    const downloaded: number[] = [];
    renderExporter(sheetFailing(5, new Set(['3:1', '3:2', '3:3']), downloaded));
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('第 3/5 页第 1 次导出失败：浏览器没有生成图片')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('第 3/5 页第 2 次导出失败：浏览器没有生成图片')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('第 3/5 页第 3 次导出失败：浏览器没有生成图片')).toBeTruthy();
    expect(await screen.findByText('第 3/5 页导出失败，请稍后再试；已下载第 1–2 页')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(downloaded).toEqual([1, 2]);
    expect(screen.queryByText('背诵单导出失败，请稍后再试')).toBeNull();
  });
});
