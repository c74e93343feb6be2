// The one progress view of a server job (import, enrolment, export, reading generation, a scheme's dry run;
// docs/web.md "Server state"): a line saying where the job is, then a bar of `jobPercent` that is active while the
// job runs, green when done and red when failed. Each dialog says its own words; the job comes from `useJob`
// (app/job.ts).
import type { CSSProperties, ReactNode } from 'react';
import { Progress, Typography } from 'antd';
import { jobPercent, type JobProgress as JobState } from '../app/job';

export interface JobProgressProps {
  /** The job as last read; undefined before the first read (an empty, active bar). */
  job: JobState | undefined;
  /** Where the job is, above the bar (a text, or the dialog's own line of tags); none when omitted. */
  label?: ReactNode;
  /** The bar's text; the percentage when omitted. */
  text?: (job: JobState | undefined, percent: number) => string;
  /** False while the job has no total yet, so no figure is shown (enrolment reading its sheet). */
  showInfo?: boolean;
  className?: string;
  style?: CSSProperties;
}

const barStatus = (job: JobState | undefined) =>
  job?.status === 'done' ? 'success' : job?.status === 'failed' ? 'exception' : 'active';

export function JobProgress({ job, label, text, showInfo = true, className, style }: JobProgressProps) {
  return (
    <div className={className} style={style} aria-live="polite">
      {typeof label === 'string' ? <Typography.Text>{label}</Typography.Text> : label}
      <Progress
        percent={job ? jobPercent(job) : 0}
        status={barStatus(job)}
        showInfo={showInfo}
        format={text ? (p) => text(job, p ?? 0) : undefined}
      />
    </div>
  );
}
