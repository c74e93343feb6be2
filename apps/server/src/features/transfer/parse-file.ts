// The one entry the import pipeline calls (inside its worker): reads an import file of any format within the
// ImportLimits and hands its items to the sink one by one. Limits and encodings: docs/import-export.md.
import type { ImportEncoding, TransferFormat } from '@edu/contract';
import { parseXlsx } from './excel.js';
import { readGift } from './gift.js';
import { readMoodleXml } from './moodle-xml.js';
import { decodeText } from './text-encoding.js';
import {
  FileFormatError,
  type ImportLimits,
  type ParseOutcome,
  type ParseEvent,
  type ParseSink,
  tooManyItems,
} from './transfer-model.js';

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** Hands a text format's items to the sink as they are read, refusing the one after `maxItems`. */
async function deliver(events: Iterable<ParseEvent>, limits: ImportLimits, sink: ParseSink): Promise<void> {
  let n = 0;
  for (const e of events) {
    if (++n > limits.maxItems) throw tooManyItems(limits);
    if ('item' in e) await sink.item(e.item);
    else sink.unsupported(e.unsupported);
    sink.progress(e.at);
  }
  sink.progress(1);
}

/**
 * Reads `data` as `format` and hands each item to `sink` (awaiting it). Throws FileFormatError with a Chinese
 * message when the file cannot be read or passes a limit (naming the limit and its figure).
 */
export async function parseFile(
  format: TransferFormat,
  data: Buffer,
  options: { encoding: ImportEncoding; limits: ImportLimits },
  sink: ParseSink,
): Promise<ParseOutcome> {
  const { limits } = options;
  if (data.length > limits.maxBytes)
    throw new FileFormatError(`文件大小 ${mb(data.length)} 超过上限 ${mb(limits.maxBytes)}（导入文件大小上限）`);
  if (format === 'xlsx') {
    await parseXlsx(data, limits, sink);
    return {};
  }
  const { text, encoding } = decodeText(data, options.encoding, { xml: format === 'moodle' });
  await deliver(format === 'moodle' ? readMoodleXml(text) : readGift(text), limits, sink);
  return { encoding };
}
