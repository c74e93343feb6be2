// Pure rules of pairing (docs/parents.md "Pairing codes"): what a code looks like and how long it lives.
import { agencyOfRole, agencyRole, PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from '@edu/contract';

/** The default lifetime of a code; `PAIRING_CODE_DAYS` sets it (apps/server/src/config.ts). */
export const PAIRING_VALID_MS = 7 * 24 * 3600 * 1000;
/** A parent has at most this many children linked; a student at most this many parents. */
export const MAX_LINKS = 20;

/** A code from `randomBelow(n)` (uniform in [0, n)), one alphabet letter at a time. */
export function newPairingCode(randomBelow: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomBelow(PAIRING_ALPHABET.length)];
  return code;
}

export const pairingExpiry = (now: number, validMs = PAIRING_VALID_MS) => now + validMs;

/** What decides whether an agency may reset a parent's password (docs/parents.md "Forgotten passwords"). */
export interface ParentResetFacts {
  /** The parent account's roles. */
  roles: readonly string[];
  /** The roles of each child the parent is linked to. */
  children: readonly (readonly string[])[];
  /** Agencies that created the account (agency_parents). */
  creators: readonly string[];
  /** Agencies the account joined by invitation (agency_parents not created there; docs/users.md "Inviting an existing account"). */
  joined?: readonly string[];
}

/** Why the agency may not reset, or null when it may. */
export type ParentResetRefusal = 'roles' | 'creator' | 'children';

/**
 * An agency resets a parent's password only when no one else relies on that login: the account holds no role but
 * `edu:parent`, no other agency created it, it joined no agency by invitation (the inviting agency did not create
 * it, and the one that did is no longer the only one relying on it), and every child is a student of this agency
 * and of no other.
 */
export function parentResetRefusal(agencyId: string, f: ParentResetFacts): ParentResetRefusal | null {
  if (f.roles.some((r) => r !== 'edu:parent')) return 'roles';
  if (f.creators.some((a) => a !== agencyId) || (f.joined?.length ?? 0) > 0) return 'creator';
  const student = agencyRole('student', agencyId);
  const elsewhere = (r: string) => {
    const a = agencyOfRole(r);
    return a !== null && a !== agencyId;
  };
  if (f.children.some((roles) => !roles.includes(student) || roles.some(elsewhere))) return 'children';
  return null;
}
