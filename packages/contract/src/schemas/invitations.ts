// Inviting an existing account into an agency (docs/users.md "Inviting an existing account"): the agency admin names
// a username and the role it offers; the person accepts or refuses on /invitations, and only an acceptance makes
// them a member. The admin's answer is the same whether the username exists or not.
import { z } from 'zod';
import type { RoleAlternatives } from '../access/role-sets.js';
import { PageQuery, pageOf } from '../envelope.js';
import { agencyRole as a } from '../roles.js';
import { EpochMs, Id } from './common.js';

/** Who invites: the agency admin only (an invitation may offer the teacher role). The web shows the button to them. */
export const INVITERS: RoleAlternatives = [[a('admin')]];

/** The roles an invitation may offer. */
export const INVITATION_ROLES = ['student', 'teacher', 'parent'] as const;
export const InvitationRole = z.enum(INVITATION_ROLES);
export type InvitationRole = z.infer<typeof InvitationRole>;

/** At most this many invitations of one agency wait for an answer at once (expired ones do not count). */
export const INVITATIONS_OPEN_MAX = 200;

/**
 * What the admin is told after inviting, whether or not an account has the username (docs/users.md "Inviting an
 * existing account": the answer does not tell which usernames exist).
 */
export const INVITATION_SENT = '已发送邀请（若该用户存在）';

export const InvitationCreate = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(80, '用户名过长'),
  role: InvitationRole,
});
export type InvitationCreate = z.input<typeof InvitationCreate>;

export const InvitationSent = z.object({ message: z.string(), expiresAt: EpochMs });
export type InvitationSent = z.infer<typeof InvitationSent>;

/** Where an invitation stands: waiting, accepted, refused, or left unanswered past its expiry. */
export const InvitationStatus = z.enum(['pending', 'accepted', 'refused', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** An invitation as the inviting agency lists it: the username as typed, never whose account it is. */
export const AgencyInvitation = z.object({
  id: Id,
  username: z.string(),
  role: InvitationRole,
  status: InvitationStatus,
  /** Who sent it (their name), empty when that account is gone. */
  invitedBy: z.string(),
  createTime: EpochMs,
  expiresAt: EpochMs,
  answeredAt: EpochMs.nullable(),
});
export type AgencyInvitation = z.infer<typeof AgencyInvitation>;

export const AgencyInvitationQuery = PageQuery.extend({ status: InvitationStatus.optional() });
export type AgencyInvitationQuery = z.infer<typeof AgencyInvitationQuery>;
export const AgencyInvitationPage = pageOf(AgencyInvitation);

/** An invitation waiting for the caller's answer. */
export const MyInvitation = z.object({
  id: Id,
  agency: z.object({ id: z.string(), name: z.string() }),
  role: InvitationRole,
  invitedBy: z.string(),
  createTime: EpochMs,
  expiresAt: EpochMs,
});
export type MyInvitation = z.infer<typeof MyInvitation>;

/** The caller's answer, as it now stands. */
export const InvitationAnswer = z.object({
  id: Id,
  agency: z.object({ id: z.string(), name: z.string() }),
  role: InvitationRole,
  status: z.enum(['accepted', 'refused']),
});
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;
