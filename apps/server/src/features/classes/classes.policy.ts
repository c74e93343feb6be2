// Pure rules of classes (docs/classes.md "Who sees what"): an agency admin manages every class of the agency;
// the agency's other admins of docs/product.md §6 read every class; an agency teacher reads the classes they
// teach (any other class answers 404, as if it did not exist).
import { agencyRole, type AgencyRoleKind } from '@edu/contract';

export type ClassReach = 'manage' | 'readAll' | 'teaching' | 'none';

const READ_ALL: AgencyRoleKind[] = ['train:admin', 'question:admin', 'student:admin', 'teacher:admin', 'parent:admin'];

export function classReach(roles: readonly string[], agencyId: string): ClassReach {
  const held = new Set(roles);
  if (held.has(agencyRole('admin', agencyId))) return 'manage';
  if (READ_ALL.some((k) => held.has(agencyRole(k, agencyId)))) return 'readAll';
  if (held.has(agencyRole('teacher', agencyId))) return 'teaching';
  return 'none';
}

/** A class is seen by managers and readers of all, and by its own teachers. */
export function seesClass(reach: ClassReach, teachesIt: boolean): boolean {
  return reach === 'manage' || reach === 'readAll' || (reach === 'teaching' && teachesIt);
}

/**
 * `class/studentInfo/{id}`: the agency's admins, and teachers of a class of the agency the student is in.
 * Everyone else (other admins included) answers 404.
 */
export function seesStudentInfo(reach: ClassReach, teachesTheStudent: boolean): boolean {
  return reach === 'manage' || (reach === 'teaching' && teachesTheStudent);
}

/** China Standard Time (UTC+8): days start at 16:00 UTC, as mastery counts them. */
const DAY_OFFSET_MS = 8 * 3600_000;
export function cstDayStart(now: number): number {
  return Math.floor((now + DAY_OFFSET_MS) / 86_400_000) * 86_400_000 - DAY_OFFSET_MS;
}
