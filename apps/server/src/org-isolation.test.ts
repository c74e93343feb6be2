// Isolation of the organisation layer, generated from the contract's route table (docs/isolation.md): every
// route of users, enrolment, parents, classes, tasks and marking (and the training report a parent reads) is
// called by each demo identity, by a user of the second agency, by a user with roles in both agencies and by
// a parent of another child, with ids of the caller's own agency and of the other one; a plain teacher also with
// a student of its agency in none of its classes (docs/classes.md "Whose records a teacher reads"). The expected
// class of each answer (allowed, forbidden, not found) comes from the route's rule object, never from a list here.
import { appendFileSync } from 'node:fs';
import { API_ROUTE_TABLE, type ApiRoute } from '@edu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerRecords,
  homeworkTeacherAgencies,
  parentChildren,
  schemes,
  trainingEvents,
  trainings,
  trainRepos,
} from './db/schema.js';
import { answerMarks } from './db/schema-marking.js';
import { DEMO_MARKING_TITLE } from './seed/seed-marking.js';
import { classMembers } from './db/schema-classes.js';
import { tasks } from './db/schema-tasks.js';
import { agencyMembers } from './db/schema-users.js';
import { agencyParents } from './db/schema-parents.js';
import { createTestApp, expectOk, type TestApp } from './test/test-app.js';
import { addUser } from './test/test-users.js';
import { jsonSchemaOf } from './test/zod-arbitrary.js';
import type { Clock } from './lib/clock.js';
import { createServices } from './services.js';
import { seedDemoMarking } from './seed/seed-marking.js';
import { seedDemoTasks } from './seed/seed-tasks.js';
import { seedDemoPractice } from './seed/seed-trainings.js';
import {
  expectedOutcome,
  expectedUntaught,
  isOrgRoute,
  isPlainTeacher,
  matches,
  outcomeOf,
  paramKinds,
  RECORD_KINDS,
  requiredQuery,
  sampleOf,
  walkOrder,
  type Expected,
  type Identity,
  type IdKind,
  type Outcome,
} from './test/org-access.js';

type Ids = Record<IdKind, number | string>;

let t: TestApp;
const identities: Identity[] = [];
/**
 * Records of each agency, by kind: `demo` found by listing as its admin, `other` made in beforeAll; `untaught` the
 * demo's with a student in no class, that student's practice training and an answer of it waiting for a mark.
 */
const ids: Record<string, Ids> = {};
/** A parent's own child and that child's training (the `child`/`training` ids a parent calls with). */
const parentOwn = new Map<string, Pick<Ids, 'child' | 'training'>>();
/** Property names in bodies and queries that take ids, with the agency's record of that kind. */
const HINT_KINDS: Record<string, IdKind> = {
  userIds: 'student',
  studentIds: 'student',
  childIds: 'child',
  classId: 'class',
  taskId: 'task',
  studentId: 'student',
};

/**
 * Names only one agency's records carry (usernames, class and task titles made here or by the demo seed): an
 * answer in the other agency naming one of them shows that agency's data.
 */
const MARKERS: Record<string, string[]> = {
  demo: ['demo_s0001', 'demo_s0003', 'iso_teacher', 'iso_parent2', '另一位家长', '备用老师'],
  other: ['iso_o_student', 'iso_o_teacher', 'iso_o_parent', '他校一班', '他校任务', '他校学生', '他校老师', '他校家长'],
};

/** Every call made, by route, for the closing checks. */
const allCases = new Map<string, Case[]>();
const ROUTES = [...API_ROUTE_TABLE.values()].filter(isOrgRoute).sort(walkOrder);
const label = (r: ApiRoute) => `${r.method} ${r.path}`;

async function members(agency: string, userId: number) {
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId }).onConflictDoNothing();
}

async function listIds(token: string, url: string, pick: (row: Record<string, unknown>) => boolean, key = 'id') {
  const page = expectOk(await t.call<{ list: Record<string, unknown>[] }>('GET', url, { token, agency: 'demo' }));
  const row = page.list.find(pick);
  if (!row) throw new Error(`no record to use from ${url}`);
  return row[key] as number;
}

/** An answer of the scheme waiting for a mark (the marking seed leaves one). */
async function pendingRecord(schemeId: number) {
  const runs = await t.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.schemeId, schemeId));
  const records = await t.db
    .select()
    .from(answerRecords)
    .where(
      inArray(
        answerRecords.trainingId,
        runs.map((r) => r.id),
      ),
    );
  const marked = new Set((await t.db.select({ id: answerMarks.recordId }).from(answerMarks)).map((m) => m.id));
  const pending = records.find((r) => !marked.has(r.id));
  if (!pending) throw new Error('the marking seed left no answer waiting for a mark');
  return pending;
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo's trainings, marking and tasks, seeded as the server seeds them at start.
  const servicesOn = (clock: Clock) => createServices({ db: t.db, config: t.config, clock });
  await seedDemoPractice(t.db, (clock) => servicesOn(clock).training);
  await seedDemoMarking(t.db, servicesOn);
  await seedDemoTasks(t.db, servicesOn);

  // --- Extra users: one with roles in both agencies, a parent of another child, spare staff to act on.
  const dualId = await addUser(t, 'iso_dual', '两校老师', ['edu:agency:demo:teacher', 'edu:agency:other:admin']);
  await members('demo', dualId);
  await members('other', dualId);
  const spareTeacher = await addUser(t, 'iso_teacher', '备用老师', ['edu:agency:demo:teacher']);
  await t.db.insert(agencyMembers).values({ agencyId: 'demo', userId: spareTeacher, createdHere: true });
  const spareTutor = await addUser(t, 'iso_tutor', '备用辅导', ['edu:homework:teacher']);
  await t.db.insert(homeworkTeacherAgencies).values({ userId: spareTutor, agencyId: 'demo' });

  // --- The other agency's records, made as (or for) its admin.
  const otherStudent = await addUser(t, 'iso_o_student', '他校学生', ['edu:agency:other:student']);
  await t.db.insert(agencyMembers).values({ agencyId: 'other', userId: otherStudent, createdHere: true });
  const otherTeacher = await addUser(t, 'iso_o_teacher', '他校老师', ['edu:agency:other:teacher']);
  await t.db.insert(agencyMembers).values({ agencyId: 'other', userId: otherTeacher, createdHere: true });
  const otherParent = await addUser(t, 'iso_o_parent', '他校家长', ['edu:parent']);
  await t.db.insert(parentChildren).values({ parentId: otherParent, childId: otherStudent });
  await t.db.insert(agencyParents).values({ agencyId: 'other', parentId: otherParent });
  const otherToken = await t.login('other');
  const otherClass = expectOk(
    await t.call<{ id: number }>('PUT', '/v1/class', {
      token: otherToken,
      agency: 'other',
      body: { request: { name: '他校一班', kind: 'ordinary' } },
    }),
  ).id;
  await t.db.insert(classMembers).values({ classId: Number(otherClass), userId: otherStudent });
  // A copy of the demo's short-answer scheme with a training and an answer waiting for a mark, so that the
  // other agency has a real task, training and marking record (the demo's own come from the marking seed).
  const [markingScheme] = await t.db.select().from(schemes).where(eq(schemes.title, DEMO_MARKING_TITLE));
  const demoRecord = await pendingRecord(markingScheme.id);
  const [demoTraining] = await t.db.select().from(trainings).where(eq(trainings.id, demoRecord.trainingId!));
  const [otherRepo] = await t.db.select().from(trainRepos).where(eq(trainRepos.agencyId, 'other')).limit(1);
  const { id: _sid, ...schemeRow } = markingScheme;
  const [otherScheme] = await t.db
    .insert(schemes)
    .values({ ...schemeRow, agencyId: 'other', trainRepoId: otherRepo.id, creatorId: null })
    .returning({ id: schemes.id });
  const [otherTask] = await t.db
    .insert(tasks)
    .values({
      agencyId: 'other',
      title: '他校任务',
      schemeId: otherScheme.id,
      schemeType: markingScheme.type,
      classId: Number(otherClass),
      startAt: new Date(Date.UTC(2026, 0, 1)),
      deadline: new Date(Date.UTC(2026, 1, 1)),
      latePolicy: 'none',
    })
    .returning({ id: tasks.id });
  const { id: _tid, ...trainingRow } = demoTraining;
  const [otherTraining] = await t.db
    .insert(trainings)
    .values({ ...trainingRow, agencyId: 'other', schemeId: otherScheme.id, userId: otherStudent, taskId: null })
    .returning({ id: trainings.id });
  const events = await t.db.select().from(trainingEvents).where(eq(trainingEvents.trainingId, demoTraining.id));
  if (events.length)
    await t.db.insert(trainingEvents).values(events.map((e) => ({ ...e, trainingId: otherTraining.id })));
  const { id: _rid, ...recordRow } = demoRecord;
  const [otherRecord] = await t.db
    .insert(answerRecords)
    .values({
      ...recordRow,
      agencyId: 'other',
      userId: otherStudent,
      trainingId: otherTraining.id,
      clientAnswerId: null,
    })
    .returning({ id: answerRecords.id });
  schemeOf.other = otherScheme.id;
  // A demo student in no class, with a copy of the demo's training waiting for a mark: a plain teacher reads none
  // of it (docs/classes.md "Whose records a teacher reads").
  const untaught = await addUser(t, 'iso_untaught', '班外学生', ['edu:agency:demo:student']);
  await t.db.insert(agencyMembers).values({ agencyId: 'demo', userId: untaught, createdHere: true });
  const [untaughtTraining] = await t.db
    .insert(trainings)
    .values({ ...trainingRow, userId: untaught, taskId: null })
    .returning({ id: trainings.id });
  if (events.length)
    await t.db.insert(trainingEvents).values(events.map((e) => ({ ...e, trainingId: untaughtTraining.id })));
  const [untaughtRecord] = await t.db
    .insert(answerRecords)
    .values({ ...recordRow, userId: untaught, trainingId: untaughtTraining.id, clientAnswerId: null })
    .returning({ id: answerRecords.id });
  // An invitation of each agency (of an account of the other one), made by its admin through the API.
  const invitationOf = async (token: string, agency: string, username: string) => {
    expectOk(
      await t.call('PUT', '/v1/users/invitation', {
        token,
        agency,
        body: { request: { username, role: 'teacher' } },
      }),
    );
    const page = expectOk(
      await t.call<{ list: { id: string; username: string }[] }>('GET', '/v1/users/invitations', { token, agency }),
    );
    return page.list.find((i) => i.username === username)!.id;
  };
  ids.other = {
    invitation: await invitationOf(otherToken, 'other', 'teacher'),
    class: otherClass,
    task: otherTask.id,
    student: otherStudent,
    teacher: otherTeacher,
    child: otherStudent,
    parent: otherParent,
    training: otherTraining.id,
    trainingTask: 0,
    record: otherRecord.id,
    job: 999_999_999,
    hwTeacher: spareTutor,
  };

  // --- The demo agency's records, found by listing as its admin.
  const agencyToken = await t.login('agency');
  const studentOf = (u: string) => listIds(agencyToken, '/v1/users/students?size=200', (r) => r.username === u);
  const [studentId, s1, s3] = await Promise.all([
    studentOf('student'),
    studentOf('demo_s0001'),
    studentOf('demo_s0003'),
  ]);
  // A class of the demo with demo_s0003 in it (the class pages name a student of the class).
  const s3Classes = new Set(
    (await t.db.select().from(classMembers).where(eq(classMembers.userId, s3))).map((m) => m.classId),
  );
  const demoClass = await listIds(agencyToken, '/v1/class/list?size=200', (r) => s3Classes.has(Number(r.id)));
  const parent2 = await addUser(t, 'iso_parent2', '另一位家长', ['edu:parent']);
  await t.db.insert(parentChildren).values({ parentId: parent2, childId: s1 });
  await t.db.insert(agencyParents).values({ agencyId: 'demo', parentId: parent2 });
  // The parent the calls act on: a spare one, since a password reset ends its sessions (parent2 is an identity).
  const spareParent = await addUser(t, 'iso_parent3', '备用家长', ['edu:parent']);
  await t.db.insert(parentChildren).values({ parentId: spareParent, childId: s1 });
  await t.db.insert(agencyParents).values({ agencyId: 'demo', parentId: spareParent });
  const studentTraining = (
    await t.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(and(eq(trainings.agencyId, 'demo'), eq(trainings.userId, studentId)))
      .limit(1)
  )[0].id;
  schemeOf.demo = (
    await t.db.select({ id: tasks.schemeId }).from(tasks).where(eq(tasks.agencyId, 'demo')).limit(1)
  )[0].id;
  ids.demo = {
    invitation: await invitationOf(agencyToken, 'demo', 'other'),
    class: demoClass,
    task: await listIds(agencyToken, '/v1/task/list?size=200', () => true, 'taskId'),
    student: s3,
    teacher: await listIds(agencyToken, '/v1/users/teachers?size=200', (r) => r.username === 'iso_teacher'),
    child: s3,
    parent: await listIds(agencyToken, '/v1/admin/parents?size=200', (r) => r.username === 'iso_parent3'),
    training: demoTraining.id,
    trainingTask: demoTraining.taskId ?? 0,
    record: demoRecord.id,
    job: 999_999_998,
    hwTeacher: spareTutor,
  };
  ids.untaught = {
    ...ids.demo,
    student: untaught,
    training: untaughtTraining.id,
    trainingTask: 0,
    record: untaughtRecord.id,
  };
  // The other child's trainings: the demo student's are `parent`'s, demo_s0001 has its own or none.
  const s1Training = (
    await t.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.userId, s1)).limit(1)
  )[0]?.id;
  parentOwn.set('parent', { child: studentId, training: studentTraining });
  parentOwn.set('parent2', { child: s1, training: s1Training ?? 999_999_997 });

  // --- Identities and where they act, with the roles the server reports for them.
  const who: [label: string, username: string, agency: string][] = [
    ['admin', 'admin', 'demo'],
    ['agency', 'agency', 'demo'],
    ['teacher', 'teacher', 'demo'],
    ['student', 'student', 'demo'],
    ['parent', 'parent', 'demo'],
    ['tutor', 'tutor', 'demo'],
    ['other', 'other', 'other'],
    ['dual@demo', 'iso_dual', 'demo'],
    ['dual@other', 'iso_dual', 'other'],
    ['parent2', 'iso_parent2', 'demo'],
    // Naming an agency they may not act in: refused wherever the route needs the agency.
    ['student@other', 'student', 'other'],
    ['parent@other', 'parent', 'other'],
  ];
  const tokens = new Map<string, string>();
  for (const [lbl, username, agency] of who) {
    const token = tokens.get(username) ?? (await t.login(username));
    tokens.set(username, token);
    const { roles } = expectOk(await t.call<{ roles: string[] }>('GET', '/v1/auth/me', { token }));
    // Links: a parent acts in its children's agencies (all ours are in demo), a tutor in its assigned ones.
    const linked = lbl.startsWith('parent') || lbl === 'tutor' ? ['demo'] : [];
    identities.push({ label: lbl, token, roles, agency, linkedAgencies: linked });
  }
}, 60_000);
afterAll(() => t.close());

interface Case {
  who: string;
  ids: string;
  expected: Expected;
  got: Outcome;
  status: number;
  errmsg: string;
}

type IdSet = 'own' | 'foreign' | 'otherChild' | 'untaught';

function idsFor(identity: Identity, set: IdSet): Ids {
  const home = identity.agency;
  const away = home === 'demo' ? 'other' : 'demo';
  if (set === 'foreign') return ids[away];
  if (set === 'untaught') return ids.untaught;
  const own = { ...ids[home], ...(parentOwn.get(identity.label) ?? {}) };
  if (set === 'own') return own;
  // A parent naming the other parent's child (same agency).
  const sibling = parentOwn.get(identity.label === 'parent' ? 'parent2' : 'parent')!;
  return { ...own, ...sibling };
}

let serial = 0;
/** A scheme of each agency a task may be given for. */
const schemeOf: Record<string, number> = {};

/**
 * The generated body with the fields a handler checks against the database set to values that pass, where the
 * body has them: fresh names, the agency's own class and student, no grade or avatar, a week-long window.
 * Calls then reach the record lookup instead of stopping at a 400 (docs/isolation.md "Bodies").
 */
function fixBody(r: ApiRoute, body: unknown, agency: string, own: Ids): unknown {
  const req = (body as { request?: unknown } | undefined)?.request;
  if (!req || typeof req !== 'object' || Array.isArray(req)) return body;
  const n = ++serial;
  const now = t.clock.now();
  const fixed: Record<string, unknown> = {
    name: `隔离${n}`,
    title: `隔离任务${n}`,
    username: `iso_u${n}`,
    password: 'Iso-Check-2026!',
    gradeId: null,
    subjectIds: [],
    avatar: null,
    classId: String(own.class),
    studentIds: [],
    // A selection of people: teachers on the teacher routes, parents on the parent routes, students elsewhere.
    userIds: [
      String(r.path.includes('/teachers/') ? own.teacher : r.path.includes('/parents/') ? own.parent : own.student),
    ],
    childIds: [],
    schemeId: String(schemeOf[agency]),
    startTime: now,
    deadline: now + 7 * 86_400_000,
  };
  const out: Record<string, unknown> = { ...req };
  const fields = Object.keys(jsonSchemaOf(r.body!).properties?.request?.properties ?? {});
  for (const k of fields) if (k in fixed) out[k] = fixed[k];
  return { request: out };
}

async function callAs(r: ApiRoute, identity: Identity, set: IdSet) {
  const chosen = idsFor(identity, set);
  const own = idsFor(identity, 'own');
  const path = r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const kind = paramKinds(r).find((p) => p.name === name)!.kind;
    // Outside a task a marking training is named with task 0.
    return String(chosen[kind]);
  });
  const hints = Object.fromEntries(
    Object.entries(HINT_KINDS).map(([prop, kind]) => [prop, [String(own[kind]), [String(own[kind])]]]),
  ) as Record<string, readonly unknown[]>;
  const body = r.body ? fixBody(r, sampleOf(r.body, hints), identity.agency, own) : undefined;
  const res = await t.call(r.method, path + requiredQuery(r, hints), {
    token: identity.token,
    agency: identity.agency,
    ...(r.rawBody ? { body: 'x', headers: { 'content-type': 'application/octet-stream' } } : {}),
    ...(body !== undefined && !r.rawBody ? { body } : {}),
  });
  return res;
}

describe('organisation routes, generated from API_ROUTE_TABLE', () => {
  it('selects the organisation routes from the table', () => {
    const modules = new Set(ROUTES.map((r) => r.module));
    for (const m of ['user', 'parent', 'class', 'task', 'marking']) expect(modules).toContain(m);
    expect(ROUTES.some((r) => r.path === '/v1/parent/child/:childId/report/:id')).toBe(true);
    expect(ROUTES.some((r) => r.path === '/v1/train/report/:id')).toBe(true);
    // Every path parameter is placed (throws otherwise).
    for (const r of ROUTES) paramKinds(r);
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))(
    '%s: each identity gets the class its rule gives; foreign ids answer 404',
    async (_, r) => {
      const kinds = paramKinds(r);
      const hasAgencyIds = kinds.some((k) => k.kind !== 'hwTeacher' && k.kind !== 'job');
      const hasChild = kinds.some((k) => k.kind === 'child');
      const namesRecords = kinds.some((k) => RECORD_KINDS.includes(k.kind));
      const cases: Case[] = [];
      /** Agencies where a removal already went through: the same removal by the next identity finds nothing. */
      const removedIn = new Set<string>();
      for (const identity of identities) {
        const sets: IdSet[] = ['own'];
        if (hasAgencyIds) sets.push('foreign');
        if (hasChild && parentOwn.has(identity.label)) sets.push('otherChild');
        if (namesRecords && identity.agency === 'demo' && isPlainTeacher(identity)) sets.push('untaught');
        let ownStatus = 0;
        for (const set of sets) {
          const res = await callAs(r, identity, set);
          let expected =
            set === 'untaught' ? expectedUntaught(r, identity) : expectedOutcome(r, identity, set !== 'own');
          if (set === 'own') ownStatus = res.status;
          if (set === 'own' && expected === 'allowed' && r.method === 'DELETE' && removedIn.has(identity.agency))
            expected = 'allowedOrNotFound';
          if (set === 'own' && r.method === 'DELETE' && res.status < 300) removedIn.add(identity.agency);
          // A body the route refuses before looking the record up is refused alike for own and foreign ids:
          // the answer tells nothing about the foreign record (docs/isolation.md "Bodies").
          const sameRefusal = set !== 'own' && expected === 'notFound' && res.status === 400 && ownStatus === 400;
          // An answer that goes through must not name the other agency's people or records.
          const text = res.status < 300 && res.body !== undefined ? JSON.stringify(res.body.response) : '';
          const named = MARKERS[identity.agency === 'demo' ? 'other' : 'demo'].filter((m) => text.includes(m));
          cases.push({
            who: `${identity.label} in ${identity.agency}`,
            ids: set,
            expected: sameRefusal ? 'allowed' : expected,
            got: named.length ? 'leak' : outcomeOf(res.status),
            status: res.status,
            errmsg: named.length ? `names ${named.join(', ')}` : (res.body?.errmsg ?? ''),
          });
        }
      }
      // ISO_DUMP=<file> appends every call as a tab-separated line, to read the whole matrix (docs/isolation.md).
      if (process.env.ISO_DUMP)
        appendFileSync(
          process.env.ISO_DUMP,
          cases.map((c) => [label(r), c.who, c.ids, c.expected, c.status, c.errmsg].join('\t') + '\n').join(''),
        );
      allCases.set(label(r), cases);
      const wrong = cases.filter((c) => !matches(c.expected, c.got));
      const lines = wrong.map((c) => `${c.who} (${c.ids} ids): expected ${c.expected}, got ${c.status} ${c.errmsg}`);
      expect(lines, `${label(r)}: calls answering another class than the rule gives`).toEqual([]);
    },
  );

  it('walked every route, and each roles rule lets some identity through and refuses another', () => {
    expect([...allCases.keys()].sort()).toEqual(ROUTES.map(label).sort());
    for (const [name, cases] of allCases) {
      // A roles rule refuses someone among these identities; a login rule may let all of them in.
      if (API_ROUTE_TABLE.get(name)?.access.kind === 'roles')
        expect(
          cases.some((c) => c.expected === 'forbidden'),
          `${name} refuses nobody`,
        ).toBe(true);
      expect(
        cases.some((c) => c.expected !== 'forbidden'),
        `${name} lets nobody through`,
      ).toBe(true);
    }
    const all = [...allCases.values()].flat();
    expect(all.filter((c) => c.ids !== 'own' && c.expected === 'notFound').length).toBeGreaterThan(100);
  });
});
