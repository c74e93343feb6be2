// The export button's behaviour (docs/recitation.md "Export" and "Pages"): the sheet is prepared (images loaded,
// pages laid out), then each page rendered — each step at most three attempts one second apart, an error notice
// naming each failed attempt (and its page), the page being exported as progress — then the pages are downloaded as
// one file and a success toast ends it.
import { useState } from 'react';
import { App as AntApp } from 'antd';
import { useApiMutation } from '../../../api/mutation';
import { exportFailureText, exportPages, PageExportError, withRetries, type RetryOptions } from './export-retry';
import { prepareSheet, type PreparedSheet, type SheetContent } from './sheet-export';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.export;

export interface ExportProgress {
  page: number;
  pages: number;
}

export function useSheetExport(
  prepare: (r: SheetContent) => Promise<PreparedSheet> = prepareSheet,
  retry: Omit<RetryOptions, 'onFailure'> = {},
) {
  const { message } = AntApp.useApp();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  /** Prepares, renders and saves the sheet; resolves with its number of pages. */
  const run = useApiMutation({
    mutationFn: async (r: SheetContent) => {
      const sheet = await withRetries(() => prepare(r), {
        ...retry,
        onFailure: (attempt, e) => void message.error(exportFailureText(attempt, e)),
      });
      const pngs = await exportPages(sheet.pages, sheet.renderPage, {
        ...retry,
        onPage: (page, pages) => setProgress({ page, pages }),
        onFailure: (attempt, e, page) => void message.error(exportFailureText(attempt, e, page)),
      });
      await sheet.save(pngs);
      return sheet.pages;
    },
    success: (pages) => (pages > 1 ? T.donePages(pages) : T.done),
    // The failure says which page when there are several (the attempts were named already).
    error: 'none',
    onError: (e) => void message.error(e instanceof PageExportError && e.pages > 1 ? e.message : T.failed),
    onSettled: () => setProgress(null),
  });
  const start = async (r: SheetContent) => {
    await run.run(r);
  };
  return { start, busy: run.isPending, progress };
}
