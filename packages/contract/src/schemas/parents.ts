// Parents and their children (docs/parents.md): the links, pairing codes and the agency's parent accounts.
import { z } from 'zod';
import { AgencyRef } from './auth.js';
import { EpochMs, Id } from './common.js';
import { PageQuery } from '../envelope.js';

/** Pairing codes use letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 6;

/** A code as typed: spaces dropped and upper-cased before the check. */
export const PairingCodeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z.string().regex(/^[0-9A-Z]{6}$/, '配对码为 6 位字母或数字'),
);

export const PairingCode = z.object({ code: z.string(), expiresAt: EpochMs });
export type PairingCode = z.infer<typeof PairingCode>;

/** A child as the parent sees them, with the agencies where they are a student. */
export const ParentChild = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  agencies: z.array(AgencyRef),
});
export type ParentChild = z.infer<typeof ParentChild>;

export const PairRequest = z.object({ code: PairingCodeInput });

const Username = z
  .string()
  .trim()
  .min(3, '用户名至少 3 个字符')
  .max(32, '用户名至多 32 个字符')
  .regex(/^[A-Za-z0-9_.-]+$/, '用户名只能包含字母、数字、下划线、点和连字符');
const PersonName = z.string().trim().min(1, '请输入姓名').max(32, '姓名至多 32 个字符');
const NewPassword = z.string().min(1, '请输入密码').max(256);

export const ParentSignupRequest = z.object({
  code: PairingCodeInput,
  username: Username,
  name: PersonName,
  password: NewPassword,
});
export type ParentSignupRequest = z.infer<typeof ParentSignupRequest>;

/** `questions=0` leaves the answers out of a report (the parent's page without question details). */
export const ParentReportQuery = z.object({ questions: z.enum(['0', '1']).default('1') });
export const ChildParams = z.object({ id: Id });
export const ChildReportParams = z.object({ childId: Id, id: Id });
export const ParentChildParams = z.object({ id: Id, childId: Id });

/** A student of the agency, as the parent page offers them for linking. */
export const AgencyStudentRef = z.object({ id: Id, username: z.string(), name: z.string() });
export type AgencyStudentRef = z.infer<typeof AgencyStudentRef>;

/** A parent account on the agency's list, with the children it has among the agency's students. */
export const AgencyParent = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  mustChangePassword: z.boolean(),
  /** Created by this agency (else it came through a child: a code or another agency). */
  createdHere: z.boolean(),
  children: z.array(AgencyStudentRef),
  /** This agency may reset the password (docs/parents.md "Forgotten passwords"). */
  canResetPassword: z.boolean(),
});
export type AgencyParent = z.infer<typeof AgencyParent>;

export const AgencyParentQuery = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

export const AgencyStudentQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const AgencyParentCreate = z.object({
  username: Username,
  name: PersonName,
  password: NewPassword,
  childIds: z.array(Id).max(10, '一次至多关联 10 个孩子').default([]),
});
export type AgencyParentCreate = z.infer<typeof AgencyParentCreate>;
