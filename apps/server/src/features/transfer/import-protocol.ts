// What the import job and its worker process say to each other (docs/jobs.md "Imports"). The file goes in
// chunk by chunk; validated questions come back in batches, each acknowledged once it is staged, so that the
// worker never runs ahead of the database by more than one batch.
import type { DetectedEncoding, ImportEncoding, ImportItemError, TransferFormat } from '@edu/contract';
import type { ImportLimits } from './transfer-model.js';
import type { StagedQuestion } from './transfer.validate.js';

export interface ImportWorkerData {
  format: TransferFormat;
  encoding: ImportEncoding;
  limits: ImportLimits;
  agencyId: string;
  repoId: string;
  defaultKnowledgeId?: string;
  /** Every knowledge point code (a validation needs to know which exist). */
  knownCodes: string[];
  /** Whether valid questions are sent back to be staged (an import) or only counted (a preview). */
  stage: boolean;
  batchSize: number;
  /** Most bad and unsupported items listed (the counts are whole). */
  reportMax: number;
}

export type ToWorker =
  { type: 'start'; data: ImportWorkerData } | { type: 'chunk'; data: Uint8Array } | { type: 'end' } | { type: 'ack' };

export interface ImportOutcome {
  total: number;
  valid: number;
  errorCount: number;
  errors: ImportItemError[];
  unsupportedCount: number;
  unsupported: ImportItemError[];
  /** Items that import with a loss (the parsers' warnings), the first `reportMax`. */
  warnings: ImportItemError[];
  encoding?: DetectedEncoding;
}

export type FromWorker =
  | { type: 'progress'; processed: number; total: number }
  | { type: 'batch'; items: StagedQuestion[]; processed: number; total: number }
  | { type: 'done'; outcome: ImportOutcome }
  /** The file was refused (a limit, a bomb, not readable): the message is the job's. */
  | { type: 'refused'; message: string };
