// Step 3 of the import: the job's progress bar while it runs, then what was imported, skipped and why.
import { Alert, Button, Result } from 'antd';
import type { ImportJob } from '@edu/contract';
import { errorText } from '../../../../api/client';
import { ItemIssuesTable } from './ItemIssuesTable';
import { jobFinished } from '../../../../app/job';
import { JobProgress } from '../../../../components/JobProgress';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.job;
const R = TRANSFER_TEXTS.report;

export interface ImportJobViewProps {
  job: ImportJob | undefined;
  /** The poll's rejection, if it stopped. */
  error: unknown;
  onRetry: () => void;
}

function Running({ job }: { job: ImportJob | undefined }) {
  return (
    <JobProgress
      job={job}
      label={job ? T.status[job.status] : T.starting}
      text={(j, p) => (j ? T.progress(j.processed, j.total) : `${p}%`)}
      className="import-progress"
      style={{ padding: '24px 8px' }}
    />
  );
}

export function ImportJobView({ job, error, onRetry }: ImportJobViewProps) {
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
  if (!job || !jobFinished(job)) return <Running job={job} />;
  const done = job.status === 'done';
  return (
    <div className="import-result">
      <Result
        style={{ padding: '16px 0' }}
        status={done ? 'success' : 'error'}
        title={T.status[job.status]}
        subTitle={done ? T.done(job.imported, job.skipped) : (job.message ?? T.failed)}
      />
      <JobProgress job={job} />
      <ItemIssuesTable type="danger" title={R.errorsTitle(job.errors.length)} items={job.errors} />
      <ItemIssuesTable type="secondary" title={R.unsupportedTitle(job.unsupported.length)} items={job.unsupported} />
    </div>
  );
}
