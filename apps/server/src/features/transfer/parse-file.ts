// The one entry the import pipeline calls (inside its worker): reads an import file of any format within the
// ImportLimits and hands its items to the sink one by one. Limits and encodings: docs/import-export.md.
import type { ImportEncoding, TransferFormat } from '@edu/contract';
import { parseXlsx } from './excel.js';
import { parseGift } from './gift.js';
import { parseMoodleXml } from './moodle-xml.js';
import { decodeText } from './text-encoding.js';
import {
  FileFormatError,
  type ImportLimits,
  type ParseOutcome,
  type ParseResult,
  type ParseSink,
  tooManyItems,
} from './transfer-model.js';

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

async function deliver(r: ParseResult, limits: ImportLimits, sink: ParseSink): Promise<void> {
  if (r.items.length + r.unsupported.length > limits.maxItems) throw tooManyItems(limits);
  for (const u of r.unsupported) sink.unsupported(u);
  let n = 0;
  for (const item of r.items) {
    await sink.item(item);
    sink.progress(++n / r.items.length);
  }
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
  await deliver(format === 'moodle' ? parseMoodleXml(text, limits) : parseGift(text, limits), limits, sink);
  return { encoding };
}
