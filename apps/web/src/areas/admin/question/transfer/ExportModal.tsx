// 导出题目: format and scope (repository, knowledge subtree, type; pre-set from the page), then the file download.
import { useState } from 'react';
import { Alert, App as AntApp, Form, Modal, Radio, Select } from 'antd';
import {
  API,
  QUESTION_TYPES,
  TRANSFER_EXTENSIONS,
  TRANSFER_FORMATS,
  type QuestionType,
  type TransferFormat,
} from '@edu/contract';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useCall } from '../../../../app/session-context';
import { useRepos } from '../queries';
import { TYPE_LABELS } from '../../../../components/texts';
import { KpTreePicker } from './KpTreePicker';
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

/** The count headers of an export answer (0 when absent). */
export function exportCounts(headers: Headers): { count: number; skipped: number } {
  const n = (name: string) => Number.parseInt(headers.get(name) ?? '', 10) || 0;
  return { count: n('X-Export-Count'), skipped: n('X-Export-Skipped') };
}

export function ExportModal({ repoId, initial = {}, onClose }: ExportModalProps) {
  const call = useCall();
  const repos = useRepos();
  const { message } = AntApp.useApp();
  const [format, setFormat] = useState<TransferFormat>('moodle');
  const [scope, setScope] = useState<ExportScope>({ ...initial, repoId: repoId ?? initial.repoId });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: ExportScope) => {
    setScope((s) => ({ ...s, ...patch }));
    setFailure(null);
  };

  async function run() {
    setBusy(true);
    setFailure(null);
    try {
      const file = await call(API.questionExport, { query: { format, ...scope } });
      saveFile(file.blob, file.filename ?? T.fallbackName(TRANSFER_EXTENSIONS[format]));
      const { count, skipped } = exportCounts(file.headers);
      void message.success(T.done(count, skipped));
      onClose();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={T.title}
      width={560}
      okText={T.submit}
      cancelText={T.cancel}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: false }}
      onOk={() => void run()}
      onCancel={() => !busy && onClose()}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form layout="horizontal" labelCol={{ flex: '72px' }} wrapperCol={{ flex: 'auto' }} disabled={busy}>
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
