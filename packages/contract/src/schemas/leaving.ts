// Leaving an agency, the retention of a leaver's records and a student's own history export
// (docs/users.md "Leaving and retention").
import { z } from 'zod';
import { PageQuery } from '../envelope.js';
import { AgencyId, EpochMs, Id } from './common.js';

/** How long an agency keeps a leaver's records (LEFT_MEMBER_RETENTION_DAYS). */
export const LeavingPolicy = z.object({ retentionDays: z.number().int() });
export type LeavingPolicy = z.infer<typeof LeavingPolicy>;

/** A membership that ended: when, and from when its records may be deleted. */
export const LeftMembership = z.object({
  agencyId: z.string(),
  userId: Id,
  leftAt: EpochMs,
  purgeAt: EpochMs,
});
export type LeftMembership = z.infer<typeof LeftMembership>;

export const LeftStudentQuery = PageQuery.extend({
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
});
export type LeftStudentQuery = z.infer<typeof LeftStudentQuery>;

/** A student who left the agency, while the agency keeps their records. */
export const LeftStudent = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  gradeName: z.string().nullable(),
  leftAt: EpochMs,
  purgeAt: EpochMs,
  trainings: z.number().int(),
});
export type LeftStudent = z.infer<typeof LeftStudent>;

/** An agency whose records of the caller are kept: a current one, or one left within the retention. */
export const HistoryAgency = z.object({
  id: z.string(),
  name: z.string(),
  leftAt: EpochMs.nullable(),
  purgeAt: EpochMs.nullable(),
  trainings: z.number().int(),
});
export type HistoryAgency = z.infer<typeof HistoryAgency>;

export const HistoryAgencies = z.object({ retentionDays: z.number().int(), list: z.array(HistoryAgency) });
export type HistoryAgencies = z.infer<typeof HistoryAgencies>;

/** `agency`: one agency's records only; all kept records otherwise. */
export const HistoryExportQuery = z.object({ agency: AgencyId.optional() });
export type HistoryExportQuery = z.infer<typeof HistoryExportQuery>;
