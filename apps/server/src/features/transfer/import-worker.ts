// The import worker process (docs/jobs.md "Imports"): receives its task and the file in chunks, parses it with
// parseFile within the limits, validates each item and sends the valid ones back in acknowledged batches, then
// the report. It runs with its own heap limit, so a file that needs too much memory kills this process only.
import type { ImportItemError } from '@edu/contract';
import { parseFile } from './parse-file.js';
import type { FromWorker, ImportOutcome, ImportWorkerData, ToWorker } from './import-protocol.js';
import { FileFormatError, type ParsedItem } from './transfer-model.js';
import { validateItem, type StagedQuestion } from './transfer.validate.js';

const send = (m: FromWorker) => process.send!(m);
/** Where an item is in the file, as the report names it. */
const where = (item: ParsedItem) => ({
  index: item.index,
  ...(item.line !== undefined ? { line: item.line } : {}),
  ...(item.row !== undefined ? { row: item.row } : {}),
  title: item.title,
});

let data: ImportWorkerData;
const chunks: Buffer[] = [];
let acked: (() => void) | undefined;

process.on('message', (m: ToWorker) => {
  if (m.type === 'start') data = m.data;
  else if (m.type === 'chunk') chunks.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
  else if (m.type === 'ack') acked?.();
  else
    void run().catch((e: unknown) => {
      if (e instanceof FileFormatError) send({ type: 'refused', message: e.message });
      else throw e;
    });
});
// The server gone (its IPC channel closed): nothing to report to.
process.on('disconnect', () => process.exit(0));

async function run(): Promise<void> {
  const file = Buffer.concat(chunks);
  chunks.length = 0;
  const ctx = {
    agencyId: data.agencyId,
    repoId: data.repoId,
    defaultKnowledgeId: data.defaultKnowledgeId,
    knownCodes: new Set(data.knownCodes),
  };
  const out: ImportOutcome = {
    total: 0,
    valid: 0,
    errorCount: 0,
    errors: [],
    unsupportedCount: 0,
    unsupported: [],
    warnings: [],
  };
  let batch: StagedQuestion[] = [];
  let fraction = 0;
  const estimate = () => (fraction > 0 ? Math.max(out.total, Math.round(out.total / fraction)) : out.total);
  const flush = async () => {
    const items = batch;
    batch = [];
    const stored = new Promise<void>((resolve) => (acked = resolve));
    send({ type: 'batch', items, processed: out.total, total: estimate() });
    await stored;
  };
  const list = (to: ImportItemError[], e: ImportItemError) => {
    if (to.length < data.reportMax) to.push(e);
  };

  const parsed = await parseFile(
    data.format,
    file,
    { encoding: data.encoding, limits: data.limits },
    {
      item: async (item) => {
        out.total++;
        const v = validateItem(item, ctx, data.stage);
        if (v.ok) {
          out.valid++;
          if (item.warnings?.length) list(out.warnings, { ...where(item), reasons: item.warnings });
          if (v.staged) batch.push(v.staged);
        } else {
          out.errorCount++;
          list(out.errors, v.error);
        }
        if (batch.length >= data.batchSize) await flush();
        else if (out.total % data.batchSize === 0) send({ type: 'progress', processed: out.total, total: estimate() });
      },
      unsupported: (item) => {
        out.unsupportedCount++;
        list(out.unsupported, item);
      },
      progress: (f) => {
        fraction = f;
      },
    },
  );
  if (batch.length) await flush();
  send({ type: 'done', outcome: { ...out, ...(parsed.encoding ? { encoding: parsed.encoding } : {}) } });
}
