// Shared field schemas: ids on the wire are strings, times epoch ms (docs/domain.md "Wire format").
import { z } from 'zod';
import { AGENCY_ID_RE } from '../roles.js';

export const Id = z.string().min(1).max(64);
export const AgencyId = z.string().regex(AGENCY_ID_RE, '机构标识只能包含小写字母、数字和连字符（2–32 位）');
export const EpochMs = z.number().int();
export const IdParams = z.object({ id: Id });
export const Empty = z.null();
