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
 * Whose records (trainings, reports, answers, comments, per-student statistics) the caller reads in the agency
 * (docs/classes.md "Whose records a teacher reads"): the agency-wide roles every student's, wherever a route's rule
 * lets them in; a plain teacher those of the students in the classes they teach (archived ones included) and the
 * trainings of the tasks they see (that they gave, or given to a class they teach); anyone else none.
 * `student-records.ts` turns `teaching` into the SQL every such route uses.
 */
export type RecordsReach = 'all' | 'teaching' | 'none';

export function recordsReach(roles: readonly string[], agencyId: string): RecordsReach {
  const reach = classReach(roles, agencyId);
  return reach === 'manage' || reach === 'readAll' ? 'all' : reach;
}
