// The 导入题目 button of the question list and an owned repository's page; mounts the import dialog while open.
import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ImportModal } from './ImportModal';
import { TRANSFER_TEXTS } from './texts';

export function ImportButton({ repoId }: { repoId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {TRANSFER_TEXTS.import.open}
      </Button>
      {open && <ImportModal repoId={repoId} onClose={() => setOpen(false)} />}
    </>
  );
}
