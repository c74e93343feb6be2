// What the reading calls answer (docs/reading.md "Settings and call log"): stored rows as the contract's shapes —
// settings without the key (only whether one is stored), call-log rows, generation jobs.
import type { ReadingCall, ReadingJob, ReadingSettings } from '@edu/contract';
import type { JobRow } from '../../jobs/job-store.js';
import type { ReadingJobPayload, ReadingJobResult } from './reading-job.js';
import type { CallRow, SettingsRow } from './reading.repository.js';

/** The built-in default when nobody configured anything: offline. */
const BUILT_IN: Omit<ReadingSettings, 'hasKey' | 'lastUpdate'> = {
  provider: 'offline',
  baseUrl: '',
  model: '',
  timeoutSeconds: 60,
  inputPricePer1k: 0,
  outputPricePer1k: 0,
};

export function settingsWire(row: SettingsRow | undefined): ReadingSettings {
  if (!row) return { ...BUILT_IN, hasKey: false, lastUpdate: 0 };
  return {
    provider: row.provider === 'openai' ? 'openai' : 'offline',
    baseUrl: row.baseUrl,
    model: row.model,
    timeoutSeconds: row.timeoutSeconds,
    inputPricePer1k: row.inputPricePer1k,
    outputPricePer1k: row.outputPricePer1k,
    hasKey: row.apiKey !== '',
    lastUpdate: row.updatedAt.getTime(),
  };
}

export function callWire(r: CallRow): ReadingCall {
  return {
    id: String(r.id),
    agencyId: r.agencyId,
    at: r.at.getTime(),
    provider: r.provider === 'openai' ? 'openai' : 'offline',
    model: r.model,
    purpose: r.purpose === 'feedback' ? 'feedback' : 'generate',
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    cost: r.cost,
    outcome: r.outcome as ReadingCall['outcome'],
    message: r.message,
  };
}

export function jobWire(r: JobRow): ReadingJob {
  const p = r.payload as ReadingJobPayload;
  const res: Partial<ReadingJobResult> | undefined = r.result ?? undefined;
  return {
    jobId: r.id,
    status: r.status === 'done' || r.status === 'failed' || r.status === 'running' ? r.status : 'queued',
    processed: r.processed,
    total: r.total,
    message: r.status === 'failed' ? r.message : null,
    provider: res?.provider ?? p.provider,
    added: r.status === 'done' ? (res?.added ?? []) : [],
    ...(r.status === 'done' && res?.items ? { items: res.items } : {}),
  };
}
