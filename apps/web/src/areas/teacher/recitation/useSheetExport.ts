// The export button's behaviour (docs/recitation.md "Export"): one attempt after another, at most three, one second
// apart, an error notice naming each failed attempt, a success toast at the end.
import { useState } from 'react';
import { App as AntApp } from 'antd';
import { exportFailureText, withRetries, type RetryOptions } from './export-retry';
import { exportSheetOnce, type SheetContent } from './sheet-export';
import { RECITATION_TEXTS } from './texts';

const T = RECITATION_TEXTS.export;

export function useSheetExport(run: (r: SheetContent) => Promise<void> = exportSheetOnce, retry: RetryOptions = {}) {
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const start = async (r: SheetContent) => {
    setBusy(true);
    try {
      await withRetries(() => run(r), {
        ...retry,
        onFailure: (attempt, e) => void message.error(exportFailureText(attempt, e)),
      });
      void message.success(T.done);
    } catch {
      void message.error(T.failed);
    } finally {
      setBusy(false);
    }
  };
  return { start, busy };
}
