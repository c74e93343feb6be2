// Question import and export (issue 3 item 6): Moodle XML, GIFT and the Excel template. Rules and
// column layout: docs/import-export.md.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { KpCode } from './knowledge.js';
import { QuestionType } from './question.js';

export const TRANSFER_FORMATS = ['moodle', 'gift', 'xlsx'] as const;
export const TransferFormat = z.enum(TRANSFER_FORMATS);
export type TransferFormat = z.infer<typeof TransferFormat>;

/** `all`: nothing is written when any item is bad; `valid`: the good items are written, the bad reported. */
export const IMPORT_MODES = ['all', 'valid'] as const;
export const ImportMode = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof ImportMode>;

/**
 * The import and export limits of the server (`GET /v1/exam/questions/import/limits`), set by the IMPORT_* and
 * EXPORT_* configuration variables; the wizard states them under the upload box (docs/import-export.md).
 */
export const TransferLimits = z.object({
  /** Largest upload, bytes (413 beyond). */
  maxBytes: z.number().int(),
  /** Most questions (Excel data rows) in one file. */
  maxRows: z.number().int(),
  /** xlsx: most bytes the archive may inflate to. */
  maxUncompressedBytes: z.number().int(),
  /** xlsx: largest inflated / compressed ratio of one entry. */
  maxRatio: z.number(),
  /** xlsx: most entries in the archive. */
  maxEntries: z.number().int(),
  /** Memory of one import worker, MB. */
  workerMemoryMb: z.number().int(),
  /** Longest run of one import or export job, seconds. */
  jobSeconds: z.number().int(),
  /** Most questions in one export file; a larger export is split into parts within every import limit. */
  exportPartQuestions: z.number().int(),
});
export type TransferLimits = z.infer<typeof TransferLimits>;

/** Query of `PUT /v1/exam/questions/import` and `POST …/import/preview`; the body is the file's bytes. */
/**
 * Text encodings an import reads (GIFT, XML): `auto` detects (BOM, then strict UTF-8, then UTF-16 by its zero
 * bytes, else GB18030, a superset of GBK and GB2312); the others force one (docs/import-export.md).
 */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16le', 'utf-16be', 'gb18030'] as const;
export const ImportEncoding = z.enum(IMPORT_ENCODINGS);
export type ImportEncoding = z.infer<typeof ImportEncoding>;
/** The encoding a file was read with (never `auto`). */
export type DetectedEncoding = Exclude<ImportEncoding, 'auto'>;

export const ImportQuery = z.object({
  format: TransferFormat,
  /** An owned repository of the agency in context. */
  repoId: Id,
  /** Knowledge point of items whose file names none. */
  knowledgeId: KpCode.optional(),
  mode: ImportMode.default('all'),
  /** Text files only (ignored for xlsx). */
  encoding: ImportEncoding.default('auto'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** One bad item: where it is in the file (`line` for XML/GIFT, `row` for Excel), its title and why (Chinese). */
export const ImportItemError = z.object({
  /** 1-based position of the item among the file's questions. */
  index: z.number().int(),
  line: z.number().int().optional(),
  row: z.number().int().optional(),
  title: z.string(),
  reasons: z.array(z.string()),
});
export type ImportItemError = z.infer<typeof ImportItemError>;

/** The validation report (`POST …/import/preview`). */
export const ImportReport = z.object({
  format: TransferFormat,
  /** Questions found in the file. */
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ImportItemError),
  /** Items of the file the platform does not import (e.g. Moodle matching, GIFT numeric), with where they are. */
  unsupported: z.array(ImportItemError),
  /**
   * Items that import but lose what the platform cannot hold (e.g. GIFT partial credit), with where they are;
   * `reasons` says what is lost (Chinese). Taken from the parsers' per-item warnings.
   */
  warnings: z.array(ImportItemError).optional(),
  /** The encoding the text was read with (GIFT, XML); absent for xlsx. */
  encoding: ImportEncoding.exclude(['auto']).optional(),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** `queued`: waiting for a free import worker (at most IMPORT_WORKERS per node run at once). */
export const IMPORT_JOB_STATUSES = ['queued', 'validating', 'importing', 'done', 'failed'] as const;
export const ImportJobStatus = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;

export const ImportStarted = z.object({ jobId: z.string() });

/**
 * `GET /v1/exam/questions/import/{id}`: progress and, once validated, the report. A preview job (`preview`)
 * only validates and ends `done` with the report (nothing written); an import job validates, then writes.
 */
export const ImportJob = z.object({
  jobId: z.string(),
  preview: z.boolean(),
  status: ImportJobStatus,
  format: TransferFormat,
  mode: ImportMode,
  repoId: Id,
  /** Questions found in the file. */
  total: z.number().int(),
  /** Items validated (validating) or written (importing) so far: the progress bar is processed / total. */
  processed: z.number().int(),
  imported: z.number().int(),
  /** Items not written: the bad ones with mode `valid`, every one with mode `all` when any is bad. */
  skipped: z.number().int(),
  /** Items that passed validation (known once validated). */
  valid: z.number().int(),
  /** All bad items; `errors` lists the first IMPORT_REPORT_MAX of them. */
  errorCount: z.number().int(),
  errors: z.array(ImportItemError),
  /** All unsupported items; `unsupported` lists the first IMPORT_REPORT_MAX of them. */
  unsupportedCount: z.number().int(),
  unsupported: z.array(ImportItemError),
  /** Items that import with a loss (ImportReport.warnings), the first IMPORT_REPORT_MAX of them. */
  warnings: z.array(ImportItemError).optional(),
  /** The encoding the text was read with (GIFT, XML), once read. */
  encoding: ImportEncoding.exclude(['auto']).optional(),
  /** Why the job failed (Chinese), else null. */
  message: z.string().nullable(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type ImportJob = z.infer<typeof ImportJob>;

/** Most bad (and unsupported) items a job lists; the counts are always whole. */
export const IMPORT_REPORT_MAX = 1000;

/** `GET /v1/exam/questions/export`: the agency's owned and subscribed questions, filtered. */
export const ExportQuery = z.object({
  format: TransferFormat,
  repoId: Id.optional(),
  /** Whole subtree. */
  knowledgeId: KpCode.optional(),
  type: QuestionType.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ExportStarted = z.object({ jobId: z.string() });

export const EXPORT_JOB_STATUSES = ['queued', 'exporting', 'done', 'failed'] as const;
export const ExportJobStatus = z.enum(EXPORT_JOB_STATUSES);
export type ExportJobStatus = z.infer<typeof ExportJobStatus>;

/** One file of an export: each within the import limits, so that every part can be imported again. */
export const ExportPart = z.object({
  /** 1-based. */
  part: z.number().int(),
  filename: z.string(),
  /** Questions in this file. */
  count: z.number().int(),
  bytes: z.number().int(),
});
export type ExportPart = z.infer<typeof ExportPart>;

/** `GET /v1/exam/questions/export/{id}`: an export job's progress, then its files. */
export const ExportJob = z.object({
  jobId: z.string(),
  status: ExportJobStatus,
  format: TransferFormat,
  /** Questions matching the filter. */
  total: z.number().int(),
  /** Questions read so far: the progress bar is processed / total. */
  processed: z.number().int(),
  /** Questions written into the files. */
  exported: z.number().int(),
  /** Questions of types the format cannot hold. */
  skipped: z.number().int(),
  parts: z.array(ExportPart),
  message: z.string().nullable(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type ExportJob = z.infer<typeof ExportJob>;

export const ExportPartParams = z.object({ id: z.string().min(1).max(64), part: z.coerce.number().int().min(1) });

/** Content types of the export and template answers. */
export const TRANSFER_CONTENT_TYPES: Record<TransferFormat, string> = {
  moodle: 'application/xml; charset=utf-8',
  gift: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const TRANSFER_EXTENSIONS: Record<TransferFormat, string> = { moodle: 'xml', gift: 'gift.txt', xlsx: 'xlsx' };
