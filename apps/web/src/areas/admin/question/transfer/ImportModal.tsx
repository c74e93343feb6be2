// 导入题目: choose the file and target (step 1), read the validation report of a preview job, with the detected
// encoding to override (step 2), run the import job and watch it (step 3). Both jobs are polled (use-import-job).
import { useState } from 'react';
import { Alert, Button, Modal, Select, Space, Steps, Typography } from 'antd';
import { IMPORT_ENCODINGS, type ImportEncoding, type ImportReport } from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useRepos } from '../queries';
import { ImportJobView } from './ImportJobView';
import { importBlocker, ImportReportView } from './ImportReportView';
import { ImportSettingsForm } from './ImportSettingsForm';
import {
  fileProblem,
  formatFromFileName,
  importQuery,
  validateSettings,
  type ImportSettings,
  type SettingsErrors,
} from './import-settings';
import { jobFinished } from '../../../../app/job';
import { useImportJob, useTransferLimits } from './use-import-job';
import { ENCODING_LABELS, TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.import;

/** A 400's field messages that belong to a field of the form (file, format, repository). */
function settingsErrorsOf(error: unknown): SettingsErrors {
  const out: SettingsErrors = {};
  for (const f of fieldErrorsOf(error)) {
    if (f.path === 'file' || f.path === 'format' || f.path === 'repoId') out[f.path] = f.message;
  }
  return out;
}

export interface ImportModalProps {
  /** The repository to import into at first (repository detail). */
  repoId?: string;
  onClose: () => void;
}

export function ImportModal({ repoId, onClose }: ImportModalProps) {
  const call = useCall();
  const repos = useRepos();
  const owned = (repos.data?.list ?? []).filter((r) => r.owned);
  const [own, setOwn] = useState<ImportSettings>({ file: null, repoId, mode: 'all' });
  // With one owned repository there is nothing to choose.
  const settings = { ...own, repoId: own.repoId ?? (owned.length === 1 ? owned[0].id : undefined) };
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [step, setStep] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const previewJob = useImportJob(previewId);
  const limits = useTransferLimits();
  // Both uploads show their failure in place, above the step (no toast).
  const startPreview = useApiMutation({
    mutationFn: (asked: ImportSettings & { file: File }) =>
      call(API.questionImportPreview, { query: importQuery(asked), raw: asked.file }),
    error: 'none',
    onSuccess: (started) => setPreviewId(started.jobId),
    onError: (e) => {
      setErrors(settingsErrorsOf(e));
      setFailure(errorText(e));
    },
  });
  const startImport = useApiMutation({
    mutationFn: (chosen: ImportSettings & { file: File }) =>
      call(API.questionImport, { query: importQuery(chosen), raw: chosen.file }),
    error: 'none',
    onSuccess: (started) => {
      setJobId(started.jobId);
      setStep(2);
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const busy = startPreview.isPending ? 'preview' : startImport.isPending ? 'start' : null;
  const jobRunning = job.running;
  const previewRunning = previewJob.running;
  const locked = busy !== null || jobRunning || previewRunning;

  // The preview job settled: its report opens step 2, or its message says why the file cannot be read (state
  // adjusted while rendering, once per job: https://react.dev/learn/you-might-not-need-an-effect).
  const settled = previewId !== null && jobFinished(previewJob.data) ? previewJob.data : undefined;
  if (settled) {
    setPreviewId(null);
    if (settled.status === 'done') {
      setReport(settled);
      setStep(1);
    } else setFailure(settled.message ?? T.previewFailed);
  }

  const change = (patch: Partial<ImportSettings>) => {
    setOwn((s) => ({ ...s, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
    setFailure(null);
  };
  const pickFile = (file: File | null) => {
    const problem = file && limits.data && fileProblem(file, limits.data.maxBytes);
    if (problem) return setErrors((e) => ({ ...e, file: problem }));
    const format = file ? formatFromFileName(file.name) : undefined;
    change(format ? { file, format } : { file });
  };

  function preview(encoding?: ImportEncoding) {
    const asked = encoding ? { ...settings, encoding } : settings;
    if (encoding) change({ encoding });
    const problems = validateSettings(asked);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !asked.file) return;
    setFailure(null);
    startPreview.mutate({ ...asked, file: asked.file });
  }

  function start() {
    if (!settings.file) return;
    setFailure(null);
    startImport.mutate({ ...settings, file: settings.file });
  }

  const again = () => {
    setOwn((s) => ({ ...s, file: null }));
    setReport(null);
    setJobId(null);
    setFailure(null);
    setStep(0);
  };

  const blocker = report ? importBlocker(report, settings.mode) : null;
  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose} disabled={locked}>
          {T.cancel}
        </Button>
        <Button key="validate" type="primary" loading={busy === 'preview' || previewRunning} onClick={() => preview()}>
          {busy === 'preview' || previewRunning ? T.validating : T.validate}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button
          onClick={() => {
            setFailure(null);
            setStep(0);
          }}
          disabled={locked}
        >
          {T.back}
        </Button>
        <Button
          key="start"
          type="primary"
          disabled={blocker !== null}
          title={blocker ?? undefined}
          loading={busy === 'start'}
          onClick={() => start()}
        >
          {T.start}
        </Button>
      </Space>
    ) : (
      <Space>
        {jobRunning && <Typography.Text type="secondary">{TRANSFER_TEXTS.job.running}</Typography.Text>}
        <Button onClick={again} disabled={locked}>
          {T.again}
        </Button>
        <Button key="close" type="primary" onClick={onClose} disabled={locked}>
          {T.close}
        </Button>
      </Space>
    );

  return (
    <Modal
      open
      title={T.title}
      width={880}
      mask={{ closable: false }}
      closable={!locked}
      keyboard={!locked}
      onCancel={() => !locked && onClose()}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        status={step === 2 && job.data?.status === 'failed' ? 'error' : undefined}
        items={T.steps.map((title) => ({ title }))}
        style={{ margin: '8px 0 24px' }}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <ImportSettingsForm
          value={settings}
          onChange={(patch) => {
            change(patch);
            setReport(null);
          }}
          onFile={(file) => {
            pickFile(file);
            setReport(null);
          }}
          errors={errors}
          ownedRepos={owned}
          reposLoading={repos.isPending}
          disabled={locked}
          limits={limits.data}
        />
      )}
      {step === 0 && previewRunning && (
        <ImportJobView job={previewJob.data} error={previewJob.error} onRetry={() => void previewJob.refetch()} />
      )}
      {step === 1 && report?.encoding && (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text>{T.encoding}</Typography.Text>
          <Select
            aria-label={T.encoding}
            value={report.encoding}
            disabled={locked}
            style={{ width: 160 }}
            options={IMPORT_ENCODINGS.filter((e) => e !== 'auto').map((e) => ({ value: e, label: ENCODING_LABELS[e] }))}
            onChange={(e: ImportEncoding) => preview(e)}
          />
          <Typography.Text type="secondary">{T.encodingDetected(ENCODING_LABELS[report.encoding])}</Typography.Text>
        </Space>
      )}
      {step === 1 && report && (
        <ImportReportView report={report} mode={settings.mode} onSwitchToValid={() => change({ mode: 'valid' })} />
      )}
      {step === 2 && <ImportJobView job={job.data} error={job.error} onRetry={() => void job.refetch()} />}
    </Modal>
  );
}
