// 导出背诵单 and its progress (docs/recitation.md "Export"): the export's state lives here, so the page being exported
// (第 3/12 页) re-renders this button only — not an editor holding thousands of sentence rows.
import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { SheetContent } from './sheet-export';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';
import { useSheetExport } from './useSheetExport';

const T = RECITATION_TEXTS;

export function SheetExportButton({ sheet }: { sheet: SheetContent }) {
  const exporter = useSheetExport();
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={exporter.busy}
        disabled={sheet.sentences.length === 0}
        onClick={() => void exporter.start(sheet)}
      >
        {T.editor.exportSheet}
      </Button>
      {exporter.progress && exporter.progress.pages > 1 && (
        <Typography.Text type="secondary" data-testid="export-progress" aria-live="polite">
          {T.export.progress(exporter.progress.page, exporter.progress.pages)}
        </Typography.Text>
      )}
    </>
  );
}
