// 导出题目: format and scope (repository, knowledge subtree, type; pre-set from the page), then an export job
// (docs/jobs.md "Exports"): one file is downloaded at once; a larger export lists its parts, each importable again.
import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Radio, Select } from 'antd';
import {
  QUESTION_TYPES,
  TRANSFER_EXTENSIONS,
  TRANSFER_FORMATS,
  type ExportPart,
  type QuestionType,
  type TransferFormat,
} from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useRepos } from '../queries';
import { TYPE_LABELS } from '../../../../components/texts';
import { ExportPartsView } from './ExportPartsView';
import { KpTreePicker } from './KpTreePicker';
import { useExportJob } from './use-export-job';
import { FORMAT_LABELS, TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.export;

export interface ExportScope {
  repoId?: string;
  knowledgeId?: string;
  type?: QuestionType;
}

export interface ExportModalProps {
  /** Fixed repository (repository detail); otherwise chosen in the dialog. */
  repoId?: string;
  /** The page's filters to start from. */
  initial?: ExportScope;
  onClose: () => void;
}

export function ExportModal({ repoId, initial = {}, onClose }: ExportModalProps) {
  const call = useCall();
  const repos = useRepos();
  const [format, setFormat] = useState<TransferFormat>('moodle');
  const [scope, setScope] = useState<ExportScope>({ ...initial, repoId: repoId ?? initial.repoId });
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);

  /** Saves one part of the finished job. */
  async function savePart(id: string, part: ExportPart): Promise<void> {
    const file = await call(API.questionExportPart, { params: { id, part: part.part } });
    saveFile(file.blob, file.filename ?? part.filename ?? T.fallbackName(TRANSFER_EXTENSIONS[format]));
  }

  // Every failure is shown in place, above the form or the parts (no toast).
  const start = useApiMutation({
    mutationFn: () => call(API.questionExportStart, { query: { format, ...scope } }),
    error: 'none',
    onSuccess: (started) => setJobId(started.jobId),
    onError: (e) => setFailure(errorText(e)),
  });
  const partDownload = useApiMutation({
    mutationFn: (v: { id: string; part: ExportPart }) => savePart(v.id, v.part),
    error: 'none',
    onError: (e) => setFailure(errorText(e)),
  });
  const singleDownload = useApiMutation({
    mutationFn: (done: { jobId: string; part: ExportPart; exported: number; skipped: number }) =>
      savePart(done.jobId, done.part),
    success: (_d, done) => T.done(done.exported, done.skipped),
    error: 'none',
    onSuccess: onClose,
    onError: (e) => setFailure(errorText(e)),
  });
  const busy = start.isPending;
  const downloading = partDownload.isPending ? partDownload.variables.part.part : null;
  const settled = job.data?.status === 'done' || job.data?.status === 'failed' ? job.data : undefined;
  const running = job.running;
  const locked = busy || running || downloading !== null;
  const set = (patch: ExportScope) => {
    setScope((s) => ({ ...s, ...patch }));
    setFailure(null);
  };

  function run() {
    setFailure(null);
    start.mutate();
  }

  function download(part: ExportPart) {
    if (jobId) partDownload.mutate({ id: jobId, part });
  }

  // One file: downloaded at once and the dialog closes; several stay listed for download one by one.
  const single = settled?.status === 'done' && settled.parts.length === 1 ? settled : undefined;
  useEffect(() => {
    if (!single) return;
    singleDownload.mutate({
      jobId: single.jobId,
      part: single.parts[0],
      exported: single.exported,
      skipped: single.skipped,
    });
    // Once per finished job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [single?.jobId]);

  return (
    <Modal
      open
      title={T.title}
      width={560}
      okText={T.submit}
      confirmLoading={busy || running}
      okButtonProps={{ style: jobId !== null && !running ? { display: 'none' } : undefined }}
      cancelText={jobId !== null && !running ? T.close : T.cancel}
      cancelButtonProps={{ disabled: locked }}
      closable={!locked}
      mask={{ closable: false }}
      onOk={run}
      onCancel={() => !locked && onClose()}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {jobId !== null && !single && <ExportPartsView job={job.data} downloading={downloading} onDownload={download} />}
      <Form
        layout="horizontal"
        labelCol={{ flex: '72px' }}
        wrapperCol={{ flex: 'auto' }}
        disabled={locked}
        style={jobId !== null ? { display: 'none' } : undefined}
      >
        <Form.Item label={T.format} extra={T.unsupported[format]}>
          <Radio.Group
            aria-label={T.format}
            optionType="button"
            value={format}
            options={TRANSFER_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
            onChange={(e) => setFormat(e.target.value as TransferFormat)}
          />
        </Form.Item>
        <Form.Item label={T.repo}>
          <Select
            aria-label={T.repo}
            allowClear={!repoId}
            disabled={repoId !== undefined}
            placeholder={T.allRepos}
            loading={repos.isPending}
            value={scope.repoId}
            options={(repos.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(v?: string) => set({ repoId: v ?? undefined })}
          />
        </Form.Item>
        <Form.Item label={T.kp}>
          <KpTreePicker
            label={T.kp}
            placeholder={T.allKps}
            value={scope.knowledgeId}
            onChange={(knowledgeId) => set({ knowledgeId })}
          />
        </Form.Item>
        <Form.Item label={T.type} style={{ marginBottom: 0 }}>
          <Select
            aria-label={T.type}
            allowClear
            placeholder={T.allTypes}
            value={scope.type}
            options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(v?: QuestionType) => set({ type: v ?? undefined })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
