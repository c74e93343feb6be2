// The export's notices for a sheet of several pages (docs/recitation.md "Pages"): progress names the page, a failed
// attempt names the page and the attempt, the pages are saved once, together, at the end, and a page lost after three
// attempts stops the export, saying no file was downloaded. The pages' PNG encoder is jsdom's canvas toBlob made to
// give nothing; timers are fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, Button } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { canvasToPng, type PreparedSheet, type SheetContent } from './sheet-export';
import { useSheetExport } from './useSheetExport';

const SHEET: SheetContent = { title: '长文', sentences: [], images: [] };

/** What the export did: the pages rendered, and each save with the pages' PNGs (their text). */
interface Done {
  rendered: number[];
  saved: string[][];
}

/** Pages whose encoding fails on the attempts listed for them (`'2:1'` is page 2's first attempt). */
function sheetFailing(pages: number, failing: Set<string>, done: Done): PreparedSheet {
  const tries = new Map<number, number>();
  return {
    pages,
    renderPage: async (page) => {
      const attempt = (tries.get(page) ?? 0) + 1;
      tries.set(page, attempt);
      const canvas = document.createElement('canvas');
      vi.spyOn(canvas, 'toBlob').mockImplementation((give) =>
        give(failing.has(`${page}:${attempt}`) ? null : new Blob([`png ${page}`])),
      );
      const png = await canvasToPng(canvas);
      done.rendered.push(page);
      return png;
    },
    save: async (pngs) => void done.saved.push(await Promise.all(pngs.map((p) => p.text()))),
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

// The export is a mutation (docs/web.md "Server state"): it runs under a query client, as in the app.
const renderExporter = (sheet: PreparedSheet) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <Exporter sheet={sheet} />
      </AntApp>
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('exporting a sheet of several pages', () => {
  it('retries a failing page one second apart, finishes the others and saves all pages once', async () => {
    const done: Done = { rendered: [], saved: [] };
    renderExporter(sheetFailing(3, new Set(['2:1']), done));
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('第 2/3 页第 1 次导出失败：浏览器没有生成图片')).toBeTruthy();
    expect(screen.getByTestId('progress').textContent).toBe('2/3');
    expect(done).toEqual({ rendered: [1], saved: [] });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('背诵单已导出，共 3 页')).toBeTruthy();
    expect(done).toEqual({ rendered: [1, 2, 3], saved: [['png 1', 'png 2', 'png 3']] });
    expect(screen.queryByText(/第 2 次导出失败/)).toBeNull();
    expect(screen.getByTestId('progress').textContent).toBe('');
  });

  it('stops at a page that fails three times, downloads nothing and says so', async () => {
    const done: Done = { rendered: [], saved: [] };
    renderExporter(sheetFailing(5, new Set(['3:1', '3:2', '3:3']), done));
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('第 3/5 页第 1 次导出失败：浏览器没有生成图片')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('第 3/5 页第 2 次导出失败：浏览器没有生成图片')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('第 3/5 页第 3 次导出失败：浏览器没有生成图片')).toBeTruthy();
    expect(await screen.findByText('第 3/5 页导出失败，请稍后再试；没有下载文件')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(done).toEqual({ rendered: [1, 2], saved: [] });
    expect(screen.queryByText('背诵单导出失败，请稍后再试')).toBeNull();
  });
});
