// Named role alternatives shared by the web's path table (docs/product.md §6) and the API's rule table.
// An alternative is a list of roles that must all be held; a set passes when any alternative does.
import { agencyRole as a } from '../roles.js';

export type RoleAlternatives = readonly (readonly string[])[];

const one = (...roles: string[]): RoleAlternatives => roles.map((r) => [r]);

export const ROLE_SETS = {
  knowledgeAdmin: one('edu:admin', 'edu:knowledge:admin'),
  agencyManager: one('edu:admin', 'edu:agency:admin'),
  questionAdmin: one(a('admin'), a('question:admin')),
  knowledgraphAdmin: one('edu:admin', 'edu:knowledgraph:admin'),
  trainStaff: one(a('admin'), a('train:admin'), a('teacher')),
  studentAdmin: one(a('admin'), a('student:admin')),
  teacherAdmin: one(a('admin'), a('teacher:admin')),
  parentAdmin: one(a('admin'), a('parent:admin')),
  coachAdmin: one('edu:admin', 'edu:coach:admin'),
  /** The agency's own settings pages (AI provider): the agency admin, or a platform admin acting in the agency. */
  agencySettings: one('edu:admin', a('admin')),
  platformAdmin: one('edu:admin'),
  userAdmin: one('edu:admin', 'edu:coach:admin', a('admin'), a('student:admin'), a('teacher:admin'), a('parent:admin')),
  adminArea: one(
    a('admin'),
    a('train:admin'),
    a('question:admin'),
    a('student:admin'),
    a('teacher:admin'),
    a('parent:admin'),
    a('teacher'),
    'edu:knowledge:admin',
    'edu:knowledgraph:admin',
    'edu:admin',
    'edu:agency:admin',
  ),
  /** API only: who may read the question bank (authors, and train staff building schemes). */
  questionReader: one(a('admin'), a('question:admin'), a('train:admin'), a('teacher')),
  /** API only: who trains (the agency's students). */
  trainee: one(a('student')),
  /**
   * The agency's roles that docs/product.md §6 lets onto the class and task pages ("other /admin pages" without the
   * platform roles, which act in no agency there): the classes' readers and the tasks' staff.
   */
  agencyStaff: one(
    a('admin'),
    a('train:admin'),
    a('question:admin'),
    a('student:admin'),
    a('teacher:admin'),
    a('parent:admin'),
    a('teacher'),
  ),
  /** API only: who writes recitation texts (the agency admin and its teachers), and who reads them (also students). */
  recitationStaff: one(a('admin'), a('teacher')),
  recitationReaders: one(a('admin'), a('teacher'), a('student')),
  /** API only: who opens the marking calls: the agency's admins, train admins and teachers, and homework teachers. */
  markers: one(a('admin'), a('train:admin'), a('teacher'), 'edu:homework:teacher'),
  /**
   * API only: who may reach lessons (docs/lessons.md "Who sees what"): the agency's staff, its students, parents
   * (acting in a child's agency) and homework teachers (acting in an agency they are assigned to). Which lesson
   * each one reaches is the lesson service's check.
   */
  lessonPeople: one(
    a('admin'),
    a('train:admin'),
    a('question:admin'),
    a('student:admin'),
    a('teacher:admin'),
    a('parent:admin'),
    a('teacher'),
    a('student'),
    'edu:parent',
    'edu:homework:teacher',
  ),
  homeworkTeacher: one('edu:homework:teacher'),
  parent: one('edu:parent'),
} as const satisfies Record<string, RoleAlternatives>;

export type RoleSetName = keyof typeof ROLE_SETS;

/** Replace `{agency}` in every role of the alternatives with the current agency id. */
export function substituteAgency(alts: RoleAlternatives, agencyId: string | null | undefined): string[][] {
  return alts.map((alt) => alt.map((role) => role.split('{agency}').join(agencyId ?? '')));
}

/** True when the roles satisfy every role of at least one alternative (after `{agency}` substitution). */
export function satisfies(
  roles: readonly string[] | null | undefined,
  alts: RoleAlternatives,
  agencyId: string | null | undefined,
): boolean {
  if (!roles) return false;
  const held = new Set(roles);
  return substituteAgency(alts, agencyId).some((alt) => alt.every((r) => held.has(r)));
}
