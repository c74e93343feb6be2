// Writes questions as a file of one of the transfer formats (the format files hold the mapping).
import type { Question, TransferFormat } from '@edu/contract';
import { serializeXlsx } from './excel.js';
import { serializeGift } from './gift.js';
import { serializeMoodleXml } from './moodle-xml.js';
import type { Serialized } from './transfer-model.js';

export async function serialize(format: TransferFormat, qs: readonly Question[]): Promise<Serialized> {
  if (format === 'xlsx') return serializeXlsx(qs);
  return format === 'moodle' ? serializeMoodleXml(qs) : serializeGift(qs);
}
