// 批量注册学生 (and, the same wizard for its other kinds, 导入教师 and 导入家长: docs/enrolment.md "Kinds"): choose the filled-in template and the mode (step 1), watch the enrolment job with a progress bar and
// read its per-row report and download it (step 2), download the initial passwords once (step 3). A running job can
// be cancelled until it writes the accounts. The job is polled (use-enrolment). Rules: docs/enrolment.md.
import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Form,
  Modal,
  Radio,
  Result,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  ENROLMENT_MODES,
  type EnrolmentJob,
  type EnrolmentKind,
  type EnrolmentMode,
  type EnrolmentRowError,
} from '@edu/contract';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { jobFinished } from '../../../../app/job';
import { JobProgress } from '../../../../components/JobProgress';
import { ENROL_ROUTES, useEnrolmentJob, useEnrolmentLimits } from './use-enrolment';
import { ENROL_MODE_LABELS, enrolTexts, type EnrolTexts } from './texts';

const mbOf = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function TemplateButton({ disabled, kind, T }: { disabled: boolean; kind: EnrolmentKind; T: EnrolTexts }) {
  const call = useCall();
  const download = useApiMutation({
    mutationFn: () => call(ENROL_ROUTES[kind].template),
    success: T.templateSaved,
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.templateName),
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={download.isPending}
      disabled={disabled}
      onClick={() => download.mutate()}
    >
      {T.template}
    </Button>
  );
}

function ErrorsTable({ job, kind, T }: { job: EnrolmentJob; kind: EnrolmentKind; T: EnrolTexts }) {
  const call = useCall();
  const report = useApiMutation({
    mutationFn: () => call(ENROL_ROUTES[kind].errors, { params: { id: job.jobId } }),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.errorsName),
  });
  if (job.errorCount === 0) return null;
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Text type="danger" strong>
        {T.errorsTitle(job.badRows, job.errorCount)}
      </Typography.Text>
      {job.errors.length < job.errorCount && (
        <Typography.Text type="secondary"> {T.errorsCut(job.errors.length)}</Typography.Text>
      )}
      <Button
        size="small"
        type="link"
        icon={<DownloadOutlined />}
        loading={report.isPending}
        onClick={() => void report.run()}
      >
        {T.errorsDownload}
      </Button>
      <Table<EnrolmentRowError>
        size="small"
        style={{ marginTop: 8 }}
        rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
        dataSource={job.errors}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        // No sideways scroll: the reason wraps, so it is whole on a phone too.
        columns={[
          { title: T.columns.row, dataIndex: 'row', width: 82, render: (n: number) => T.row(n) },
          { title: T.columns.column, dataIndex: 'column', width: 76 },
          { title: T.columns.message, dataIndex: 'message' },
        ]}
      />
    </div>
  );
}

function JobView({
  job,
  error,
  onRetry,
  kind,
  T,
}: {
  job: EnrolmentJob | undefined;
  error: unknown;
  onRetry: () => void;
  kind: EnrolmentKind;
  T: EnrolTexts;
}) {
  if (error && !jobFinished(job))
    return (
      <Alert
        type="error"
        showIcon
        title={T.pollFailed}
        description={errorText(error)}
        action={
          <Button size="small" onClick={onRetry}>
            {T.retry}
          </Button>
        }
      />
    );
  if (!job || !jobFinished(job)) {
    // Until the sheet is read the job has no total: "0 / 0" would read as an empty file (docs/enrolment.md).
    const reading = job !== undefined && job.total <= 0;
    const status = !job ? T.starting : reading && job.status !== 'queued' ? T.reading : T.status[job.status];
    return (
      <JobProgress
        job={job}
        label={status}
        showInfo={!reading}
        text={(j, p) => (j ? T.progress(j.processed, j.total) : `${p}%`)}
        className="enrol-progress"
        style={{ padding: '24px 8px' }}
      />
    );
  }
  const done = job.status === 'done';
  return (
    <div className="enrol-result">
      <Result
        style={{ padding: '16px 0' }}
        status={done ? 'success' : 'error'}
        title={T.status[job.status]}
        subTitle={done ? T.done(job.enrolled, job.badRows) : (job.message ?? T.status.failed)}
      />
      <ErrorsTable job={job} kind={kind} T={T} />
    </div>
  );
}

export function EnrolModal({ onClose, kind = 'student' }: { onClose: () => void; kind?: EnrolmentKind }) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const T = enrolTexts(kind);
  const routes = ENROL_ROUTES[kind];
  const limits = useEnrolmentLimits(kind);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<EnrolmentMode>('all');
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const job = useEnrolmentJob(jobId, kind);
  // The upload's and the passwords' failures are shown in place, above the step (no toast).
  const upload = useApiMutation({
    mutationFn: (chosen: { file: File; mode: EnrolmentMode }) =>
      call(routes.start, { query: { mode: chosen.mode }, raw: chosen.file }),
    error: 'none',
    onSuccess: (started) => setJobId(started.jobId),
    onError: (e) => setFailure(errorText(e)),
  });
  const passwords = useApiMutation({
    mutationFn: (id: string) => call(routes.passwords, { params: { id } }),
    success: T.passwordsSaved,
    error: 'none',
    onSuccess: (f) => {
      saveFile(f.blob, f.filename ?? T.passwordsName);
      setDownloaded(true);
    },
    onError: (e) => {
      setFailure(errorText(e));
      // Taken meanwhile (another window): the job says so.
      void job.refetch();
    },
  });
  const busy = upload.isPending ? 'upload' : passwords.isPending ? 'passwords' : null;
  const running = job.running;
  const locked = busy !== null || running;
  const passwordsPending = job.data?.passwordsAvailable === true && !downloaded;
  const step = jobId === null ? 0 : job.data?.status === 'done' && job.data.enrolled > 0 ? 2 : 1;

  const pick = (f: File) => {
    setFailure(null);
    if (!/\.xlsx$/i.test(f.name)) return setFileError(T.notXlsx(f.name));
    if (limits.data && f.size > limits.data.maxBytes)
      return setFileError(T.tooLarge(f.name, mbOf(limits.data.maxBytes)));
    setFileError(null);
    setFile(f);
  };

  function start() {
    if (!file) return setFileError(T.fileRequired);
    setFailure(null);
    upload.mutate({ file, mode });
  }

  async function downloadPasswords() {
    if (!jobId) return;
    setFailure(null);
    await passwords.run(jobId);
  }

  const confirmPasswords = () =>
    void modal.confirm({
      title: T.passwordsConfirm,
      content: T.passwordsConfirmText,
      okText: T.passwordsOk,
      cancelText: T.cancel,
      onOk: () => downloadPasswords(),
    });

  const close = () => {
    if (locked) return;
    if (!passwordsPending) return onClose();
    void modal.confirm({
      title: T.passwordsConfirm,
      content: T.closeWithPasswords,
      okText: T.closeAnyway,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: onClose,
    });
  };

  const cancelJob = useConfirmedMutation(
    {
      mutationFn: (id: string) => call(routes.cancel, { params: { id } }),
      success: T.cancelled,
      // The job's answer is its new state: the poll stops on it.
      onSuccess: () => void job.refetch(),
    },
    () => ({
      title: T.cancelTitle,
      content: T.cancelBody,
      okText: T.cancelJob,
      cancelText: T.keepGoing,
      danger: true,
    }),
  );

  const again = () => {
    setFile(null);
    setJobId(null);
    setDownloaded(false);
    setFailure(null);
  };

  const footer =
    step === 0 ? (
      <Space wrap>
        <Button onClick={onClose} disabled={locked}>
          {T.cancel}
        </Button>
        <Button type="primary" loading={busy === 'upload'} onClick={() => start()}>
          {T.start}
        </Button>
      </Space>
    ) : (
      <Space wrap>
        {running && job.data?.status !== 'enrolling' && (
          <Button danger loading={cancelJob.isPending} onClick={() => jobId && cancelJob.ask(jobId)}>
            {T.cancelJob}
          </Button>
        )}
        {jobFinished(job.data) && (
          <Button onClick={again} disabled={locked || passwordsPending}>
            {T.again}
          </Button>
        )}
        <Button type={passwordsPending ? 'default' : 'primary'} onClick={close} disabled={locked}>
          {T.close}
        </Button>
      </Space>
    );

  return (
    <Modal
      open
      title={T.title}
      width={820}
      mask={{ closable: false }}
      closable={!locked}
      keyboard={false}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        status={job.data?.status === 'failed' ? 'error' : undefined}
        items={T.steps.map((title) => ({ title }))}
        style={{ margin: '8px 0 24px' }}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form layout="vertical">
          <Form.Item>
            <Space direction="vertical" size={4}>
              <TemplateButton disabled={locked} kind={kind} T={T} />
              <Typography.Text type="secondary">{T.templateHelp}</Typography.Text>
            </Space>
          </Form.Item>
          <Form.Item
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? (limits.data ? T.limits(mbOf(limits.data.maxBytes), limits.data.maxRows) : undefined)}
          >
            <Upload.Dragger
              accept=".xlsx"
              multiple={false}
              showUploadList={false}
              disabled={locked}
              beforeUpload={(f) => {
                pick(f);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{file ? file.name : T.pick}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item label={T.mode} help={T.modeHelp[mode]}>
            <Radio.Group
              value={mode}
              disabled={locked}
              onChange={(e) => setMode(e.target.value as EnrolmentMode)}
              options={ENROLMENT_MODES.map((m) => ({ value: m, label: ENROL_MODE_LABELS[m] }))}
            />
          </Form.Item>
        </Form>
      )}
      {step > 0 && <JobView job={job.data} error={job.error} onRetry={() => void job.refetch()} kind={kind} T={T} />}
      {step === 2 && (
        <Alert
          style={{ marginTop: 16 }}
          type={passwordsPending ? 'warning' : downloaded ? 'success' : 'info'}
          showIcon
          title={passwordsPending ? T.passwordsHelp : downloaded ? T.passwordsSaved : T.passwordsGone}
          action={
            passwordsPending ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={busy === 'passwords'}
                onClick={confirmPasswords}
              >
                {T.passwords}
              </Button>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/** The button that opens the wizard (placed on the student, teacher and parent lists). */
export function EnrolButton({ kind = 'student' }: { kind?: EnrolmentKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{enrolTexts(kind).open}</Button>
      {open && <EnrolModal kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}
