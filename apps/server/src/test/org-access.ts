// Expected outcomes for the organisation isolation test (org-isolation.test.ts), derived from the contract's
// route table: the rule objects of `API` evaluated for an identity's roles in its current agency, and the kind
// of record each path parameter names. docs/isolation.md explains the classes.
import { needsAgency, satisfies, type ApiRoute } from '@edu/contract';
import fc from 'fast-check';
import { validArbitrary, jsonSchemaOf } from './zod-arbitrary.js';

/**
 * What a call may answer: passed the access checks, refused by the rule, a record not there for the caller, a
 * server error, or (set by the test, never expected) an answer naming the other agency's records.
 */
export type Outcome = 'allowed' | 'forbidden' | 'notFound' | 'error' | 'leak';
/** What the test expects: one class, or "allowed or not found" where a narrower service scope may apply. */
export type Expected = Outcome | 'allowedOrNotFound';

/** Modules of the organisation layer, and the training report a parent reads through (path prefix). */
export const ORG_MODULES: readonly string[] = ['user', 'parent', 'class', 'task', 'marking'];
export const ORG_PATH_PREFIXES: readonly string[] = ['/v1/train/report/'];

export const isOrgRoute = (r: ApiRoute) =>
  r.access.kind !== 'public' && (ORG_MODULES.includes(r.module) || ORG_PATH_PREFIXES.some((p) => r.path.startsWith(p)));

/** Methods in the order the test walks them: reads first, removals last (they may end a link the rest need). */
const METHOD_ORDER: Record<string, number> = { GET: 0, PUT: 1, POST: 2, DELETE: 3 };
/** Calls that switch a record off (an archived class refuses changes) go after the other calls of their method. */
const SWITCHES_OFF = /\/(archive|disable)$/;
/** A removal outside any agency removes the caller's own link (a parent's child): the very last call. */
const endsOwnLink = (r: ApiRoute) => r.method === 'DELETE' && !needsAgency(r.access);
export const walkOrder = (a: ApiRoute, b: ApiRoute) =>
  METHOD_ORDER[a.method] - METHOD_ORDER[b.method] ||
  Number(endsOwnLink(a)) - Number(endsOwnLink(b)) ||
  Number(SWITCHES_OFF.test(a.path)) - Number(SWITCHES_OFF.test(b.path)) ||
  a.path.localeCompare(b.path);

/**
 * The kinds of record a path parameter can name. `hwTeacher` is platform-wide: it has no foreign agency.
 * `job` (an enrolment job) has no record in the test: its own id is unknown too, so only 404 is checked.
 */
export type IdKind =
  | 'class'
  | 'task'
  | 'student'
  | 'teacher'
  | 'child'
  | 'parent'
  | 'training'
  /** The task of the training named beside it (0 for practice outside a task). */
  | 'trainingTask'
  | 'record'
  | 'job'
  | 'hwTeacher'
  /** An agency's invitation of an account (docs/users.md "Inviting an existing account"). */
  | 'invitation';

const BY_NAME: Record<string, IdKind> = {
  classId: 'class',
  taskId: 'task',
  childId: 'child',
  trainId: 'training',
  studentId: 'student',
  teacherId: 'teacher',
  parentId: 'parent',
};
/** `:id` takes its kind from the path segment before it. */
const BY_SEGMENT: Record<string, IdKind> = {
  class: 'class',
  task: 'task',
  student: 'student',
  teacher: 'teacher',
  'homework-teacher': 'hwTeacher',
  child: 'child',
  parent: 'parent',
  report: 'training',
  train: 'training',
  record: 'record',
  enrolment: 'job',
  'teacher-enrolment': 'job',
  'parent-enrolment': 'job',
  invitation: 'invitation',
};

/** Each path parameter of the route with the kind of record it names; throws on a parameter it cannot place. */
export function paramKinds(r: ApiRoute): { name: string; kind: IdKind }[] {
  const segs = r.path.split('/');
  return segs.flatMap((s, i) => {
    if (!s.startsWith(':')) return [];
    const name = s.slice(1);
    const kind =
      name === 'taskId' && r.path.includes(':trainId')
        ? 'trainingTask'
        : (BY_NAME[name] ?? (name === 'id' ? BY_SEGMENT[segs[i - 1]] : undefined));
    if (!kind) throw new Error(`org-access: no id kind for :${name} in ${r.path}; add it to BY_NAME or BY_SEGMENT`);
    return [{ name, kind }];
  });
}

export interface Identity {
  label: string;
  token: string;
  roles: string[];
  /** The agency it acts in (X-Agency-Id). */
  agency: string;
  /** Agencies it may act in through links rather than roles (a parent's children, a tutor's assignments). */
  linkedAgencies: string[];
}

export const isPlatformAdmin = (roles: readonly string[]) => roles.includes('edu:admin');
const agencyOfRole = (role: string) => /^edu:agency:([^:]+):/.exec(role)?.[1];

/** Whether the identity may act in its agency (docs/domain.md "Agencies, users, roles"). */
export const mayActIn = (id: Identity) =>
  isPlatformAdmin(id.roles) ||
  id.roles.some((r) => agencyOfRole(r) === id.agency) ||
  id.linkedAgencies.includes(id.agency);

/** The route's rule for the identity: does it pass the access guards at all? */
export function passesRule(r: ApiRoute, id: Identity): boolean {
  const a = r.access;
  if (a.kind === 'public') return true;
  if (a.kind === 'ownCheck') return satisfies(id.roles, a.roles, id.agency);
  if (a.agency && !mayActIn(id)) return false;
  return a.kind === 'login' || satisfies(id.roles, a.roles, id.agency);
}

/**
 * Expected class of a call. `foreign`: every id names another agency's record (or another parent's child).
 * An admin of the agency in context sees every record of it; narrower roles (a teacher's classes, a
 * student's own trainings, a parent's children) may be scoped further by the service, so their calls on own
 * records may also answer 404 — but never 401/403 once the rule passed.
 */
export function expectedOutcome(r: ApiRoute, id: Identity, foreign: boolean): Expected {
  if (!passesRule(r, id)) return 'forbidden';
  if (foreign) return 'notFound';
  if (paramKinds(r).some((p) => p.kind === 'job')) return 'allowedOrNotFound';
  return id.roles.includes(`edu:agency:${id.agency}:admin`) ? 'allowed' : 'allowedOrNotFound';
}

/** Kinds of id that name a student's records (the student, a training, an answer). */
export const RECORD_KINDS: readonly IdKind[] = ['student', 'training', 'record'];

/**
 * A plain teacher of the agency it acts in: the teacher role there and none of the agency-wide roles (written here
 * by hand from docs/classes.md "Whose records a teacher reads", not taken from the server's policy).
 */
export const isPlainTeacher = (id: Identity) => {
  const role = (k: string) => `edu:agency:${id.agency}:${k}`;
  const wide = ['admin', 'train:admin', 'question:admin', 'student:admin', 'teacher:admin', 'parent:admin'];
  return (
    id.roles.includes(role('teacher')) && !wide.some((k) => id.roles.includes(role(k))) && !isPlatformAdmin(id.roles)
  );
};

/**
 * Expected class of a plain teacher's call naming a student of its own agency who is in none of its classes (or
 * that student's practice training or answer): the records rule answers 404 wherever the route's rule lets the
 * teacher through (docs/classes.md "Whose records a teacher reads").
 */
export const expectedUntaught = (r: ApiRoute, id: Identity): Expected => (passesRule(r, id) ? 'notFound' : 'forbidden');

export function outcomeOf(status: number): Outcome {
  if (status >= 500) return 'error';
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'allowed';
}

export const matches = (expected: Expected, got: Outcome) =>
  expected === got || (expected === 'allowedOrNotFound' && (got === 'allowed' || got === 'notFound'));

/** One valid value of a schema (fixed seed: the same run every time), with known-good values by property name. */
export function sampleOf(schema: unknown, hints: Record<string, readonly unknown[]> = {}): unknown {
  return fc.sample(validArbitrary(schema as never, { hints, maxItems: 1, maxLength: 6 }), { numRuns: 1, seed: 7 })[0];
}

/** A query string with just the required keys of the route's query schema (defaults cover the rest). */
export function requiredQuery(r: ApiRoute, hints: Record<string, readonly unknown[]>): string {
  if (!r.query) return '';
  const required = jsonSchemaOf(r.query).required ?? [];
  if (!required.length) return '';
  const sample = sampleOf(r.query, hints) as Record<string, unknown>;
  const parts = required.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(sample[k]))}`);
  return `?${parts.join('&')}`;
}
