// Bulk enrolment of students from the Excel template (issue 18 item 1). Columns, rules and limits:
// docs/enrolment.md.
import { z } from 'zod';
import { EpochMs } from './common.js';

/**
 * Who a file enrols (docs/enrolment.md "Kinds"): each kind has its own route set (`/v1/user/enrolment`,
 * `/v1/user/teacher-enrolment`, `/v1/user/parent-enrolment`), because access is fixed per route.
 */
export const ENROLMENT_KINDS = ['student', 'teacher', 'parent'] as const;
export const EnrolmentKind = z.enum(ENROLMENT_KINDS);
export type EnrolmentKind = z.infer<typeof EnrolmentKind>;

/** `all`: nobody is enrolled when any row is bad; `valid`: the good rows are enrolled, the bad reported. */
export const ENROLMENT_MODES = ['all', 'valid'] as const;
export const EnrolmentMode = z.enum(ENROLMENT_MODES);
export type EnrolmentMode = z.infer<typeof EnrolmentMode>;

/** Query of `PUT /v1/user/enrolment`; the body is the xlsx file's bytes. */
export const EnrolmentQuery = z.object({ mode: EnrolmentMode.default('all') });
export type EnrolmentQuery = z.infer<typeof EnrolmentQuery>;

/** The server's enrolment limits (ENROL_MAX_ROWS, ENROL_MAX_BYTES), stated by the wizard. */
export const EnrolmentLimits = z.object({
  /** Most student rows in one file. */
  maxRows: z.number().int(),
  /** Largest upload, bytes (413 beyond). */
  maxBytes: z.number().int(),
});
export type EnrolmentLimits = z.infer<typeof EnrolmentLimits>;

/** One problem of one row: the sheet's row number, the column's header and why (Chinese). */
export const EnrolmentRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type EnrolmentRowError = z.infer<typeof EnrolmentRowError>;

/**
 * `queued` waits for a free worker; `validating` reads and checks every row; `enrolling` hashes the passwords
 * and writes the accounts (in one transaction at the end).
 */
export const ENROLMENT_STATUSES = ['queued', 'validating', 'enrolling', 'done', 'failed'] as const;
export const EnrolmentStatus = z.enum(ENROLMENT_STATUSES);
export type EnrolmentStatus = z.infer<typeof EnrolmentStatus>;

export const EnrolmentStarted = z.object({ jobId: z.string() });

/** `GET /v1/user/enrolment/{id}`: progress, the per-row report and what was enrolled. */
export const EnrolmentJob = z.object({
  jobId: z.string(),
  status: EnrolmentStatus,
  mode: EnrolmentMode,
  /** Student rows found in the file. */
  total: z.number().int(),
  /** Rows checked (validating) or accounts prepared (enrolling): the progress bar is processed / total. */
  processed: z.number().int(),
  /** Accounts created (known when done). */
  enrolled: z.number().int(),
  /** Rows with at least one problem. */
  badRows: z.number().int(),
  /** Every problem found, the first ENROLMENT_REPORT_MAX of them (row order). */
  errorCount: z.number().int(),
  errors: z.array(EnrolmentRowError),
  /** Whether the initial passwords can still be downloaded (once; they are deleted after it). */
  passwordsAvailable: z.boolean(),
  /** Whether they were downloaded already. */
  passwordsDownloaded: z.boolean(),
  /** Why the job failed (Chinese), else null. */
  message: z.string().nullable(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type EnrolmentJob = z.infer<typeof EnrolmentJob>;

/** Most problems a job lists; `errorCount` is always whole. */
export const ENROLMENT_REPORT_MAX = 1000;
