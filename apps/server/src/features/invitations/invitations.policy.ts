// Pure rules of invitations (docs/users.md "Inviting an existing account"): how long one lives and where it stands.
import type { InvitationStatus } from '@edu/contract';

/** The default lifetime of an invitation; `INVITATION_DAYS` sets it (apps/server/src/config.ts). */
export const INVITATION_VALID_MS = 7 * 24 * 3600 * 1000;

export interface InvitationState {
  expiresAt: Date;
  answeredAt: Date | null;
  accepted: boolean | null;
}

/** Answered ones say their answer; an unanswered one is pending until it expires, then expired. */
export function statusOf(i: InvitationState, now: number): InvitationStatus {
  if (i.answeredAt !== null) return i.accepted ? 'accepted' : 'refused';
  return i.expiresAt.getTime() > now ? 'pending' : 'expired';
}

/** Why an invitation the caller holds cannot be answered now (409), or null when it can. */
export function answerRefusal(i: InvitationState, now: number): string | null {
  const status = statusOf(i, now);
  if (status === 'expired') return '邀请已过期，请联系该机构重新邀请';
  if (status !== 'pending') return '这个邀请已经处理过了';
  return null;
}
