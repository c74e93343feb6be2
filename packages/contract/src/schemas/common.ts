// Shared field schemas: ids on the wire are strings, times epoch ms (docs/domain.md "Wire format").
import { z } from 'zod';
import { AGENCY_ID_RE } from '../roles.js';

/** What a blank reference is told (docs/server.md "Empty values"): it names no record, and is not "none" either. */
export const BLANK_ID_MESSAGE = '不能为空；不选请省略该字段或传 null';
/**
 * A record's id. Empty or blank is refused with 400 naming the field, never read as "absent" or "none": an
 * optional reference is left out (unchanged / default) or sent as null where the field allows "none".
 */
export const Id = z
  .string()
  .min(1, BLANK_ID_MESSAGE)
  .max(64, 'id 不超过 64 个字符')
  // Only blanks: an empty string is min(1)'s, so that it is reported once.
  .refine((s) => s === '' || s.trim() !== '', BLANK_ID_MESSAGE);
export const AgencyId = z.string().regex(AGENCY_ID_RE, '机构标识只能包含小写字母、数字和连字符（2–32 位）');
export const EpochMs = z.number().int();
export const IdParams = z.object({ id: Id });
export const Empty = z.null();
