// An export job while it runs (progress bar), then its files: each within the import limits, so each can be
// imported again; one button downloads each.
import { Button, List, Typography } from 'antd';
import type { ExportJob, ExportPart } from '@edu/contract';
import { JobProgress } from '../../../../components/JobProgress';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.export;

export interface ExportPartsViewProps {
  job: ExportJob | undefined;
  onDownload: (part: ExportPart) => void;
  downloading: number | null;
}

export function ExportPartsView({ job, onDownload, downloading }: ExportPartsViewProps) {
  if (!job || (job.status !== 'done' && job.status !== 'failed'))
    return (
      <JobProgress
        job={job}
        label={job?.status === 'queued' ? T.queued : T.running}
        text={(j) => (j ? `${j.processed} / ${j.total}` : '')}
        style={{ padding: '16px 0' }}
      />
    );
  if (job.status === 'failed') return <Typography.Text type="danger">{job.message ?? T.failed}</Typography.Text>;
  return (
    <>
      <Typography.Paragraph>{T.parts(job.parts.length, job.exported, job.skipped)}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={job.parts}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="download" size="small" loading={downloading === p.part} onClick={() => onDownload(p)}>
                {T.download}
              </Button>,
            ]}
          >
            {T.part(p.filename, p.count, p.bytes)}
          </List.Item>
        )}
      />
    </>
  );
}
