// The 导出 button of the question list and a repository's page; mounts the export dialog while open.
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ExportModal, type ExportScope } from './ExportModal';
import { TRANSFER_TEXTS } from './texts';

export function ExportButton({ repoId, initial }: { repoId?: string; initial?: ExportScope }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        {TRANSFER_TEXTS.export.open}
      </Button>
      {open && <ExportModal repoId={repoId} initial={initial} onClose={() => setOpen(false)} />}
    </>
  );
}
