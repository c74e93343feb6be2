// Test support for the parsers: import limits like the defaults and a sink that collects what parseFile hands it.
import type { ImportEncoding, TransferFormat } from '@edu/contract';
import { parseFile } from './parse-file.js';
import type { ImportLimits, ParseOutcome, ParseResult } from './transfer-model.js';

/** The IMPORT_* defaults (config.ts). */
export const TEST_LIMITS: ImportLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxItems: 300_000,
  maxUncompressedBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  maxEntries: 1000,
};

export interface Collected extends ParseResult, ParseOutcome {
  /** Every progress fraction reported, in order. */
  progress: number[];
}

/** Runs parseFile and collects its items, unsupported items and progress. */
export async function collect(
  format: TransferFormat,
  data: Buffer,
  options: { encoding?: ImportEncoding; limits?: Partial<ImportLimits> } = {},
): Promise<Collected> {
  const out: Collected = { items: [], unsupported: [], progress: [] };
  const outcome = await parseFile(
    format,
    data,
    { encoding: options.encoding ?? 'auto', limits: { ...TEST_LIMITS, ...options.limits } },
    {
      item: (i) => void out.items.push(i),
      unsupported: (u) => void out.unsupported.push(u),
      progress: (f) => void out.progress.push(f),
    },
  );
  return { ...out, ...outcome };
}
