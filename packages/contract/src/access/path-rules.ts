// docs/product.md §6 as data: which web paths a user may see. First matching rule decides.
import { agencyRole } from '../roles.js';
import { ROLE_SETS, satisfies, type RoleAlternatives } from './role-sets.js';

/** `segments`: the same number of segments, each equal or `*` in the rule (one segment, e.g. an id). */
export type PathMatch = 'exact' | 'prefix' | 'segments';

export interface PathRule {
  /** Normalised path without trailing slash, e.g. `/admin/knowledge`. */
  path: string;
  match: PathMatch;
  /** `open` admits everyone, visitors included. */
  allow: 'open' | RoleAlternatives;
}

const rule = (path: string, match: PathMatch, allow: PathRule['allow']): PathRule => ({ path, match, allow });

export const PATH_RULES: readonly PathRule[] = [
  rule('/admin/knowledge', 'prefix', ROLE_SETS.knowledgeAdmin),
  rule('/admin/agency', 'prefix', ROLE_SETS.agencyManager),
  rule('/admin/question', 'prefix', ROLE_SETS.questionAdmin),
  rule('/admin/tag', 'prefix', ROLE_SETS.questionAdmin),
  rule('/admin/knowledgraph', 'prefix', ROLE_SETS.knowledgraphAdmin),
  rule('/admin/train', 'prefix', ROLE_SETS.trainStaff),
  rule('/admin/user/student', 'prefix', ROLE_SETS.studentAdmin),
  // A teacher opens their own profile page; the API answers another teacher's with 404 (docs/users.md "Pages").
  rule('/admin/user/teacher/*/profile', 'segments', [...ROLE_SETS.teacherAdmin, [agencyRole('teacher')]]),
  rule('/admin/user/teacher', 'prefix', ROLE_SETS.teacherAdmin),
  rule('/admin/user/parent', 'prefix', ROLE_SETS.parentAdmin),
  rule('/admin/user/WTteacher', 'prefix', ROLE_SETS.coachAdmin),
  rule('/admin/user', 'prefix', ROLE_SETS.userAdmin),
  rule('/admin/settings', 'prefix', ROLE_SETS.agencySettings),
  rule('/admin/platform', 'prefix', ROLE_SETS.platformAdmin),
  rule('/admin', 'exact', 'open'),
  rule('/admin', 'prefix', ROLE_SETS.adminArea),
  rule('/WTPteacher', 'exact', 'open'),
  rule('/WTPteacher', 'prefix', ROLE_SETS.homeworkTeacher),
  rule('/student', 'prefix', 'open'),
  rule('/parent', 'exact', 'open'),
  rule('/parent', 'prefix', ROLE_SETS.parent),
];

/** Strip query, hash and trailing slashes; the root stays `/`. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function matches(rule: PathRule, path: string): boolean {
  if (rule.match === 'exact') return path === rule.path;
  if (rule.match === 'segments') {
    const want = rule.path.split('/');
    const got = path.split('/');
    return want.length === got.length && want.every((w, i) => w === '*' || w === got[i]);
  }
  return path === rule.path || path.startsWith(`${rule.path}/`);
}

/** The first rule matching the path, or null (then the path is open). */
export function findPathRule(path: string, rules: readonly PathRule[] = PATH_RULES): PathRule | null {
  const p = normalisePath(path);
  return rules.find((r) => matches(r, p)) ?? null;
}

export interface AccessSubject {
  roles: readonly string[];
}

/**
 * May this user see this path in this agency? `user` null or undefined means not logged in.
 * Works on concrete paths and on route patterns (`/admin/train/:id/dashboard`): rules match static prefixes.
 */
export function canAccessPath(
  path: string,
  user: AccessSubject | null | undefined,
  agencyId: string | null | undefined,
  rules: readonly PathRule[] = PATH_RULES,
): boolean {
  const r = findPathRule(path, rules);
  if (!r || r.allow === 'open') return true;
  if (!user) return false;
  return satisfies(user.roles, r.allow, agencyId);
}
