// Whose records a teacher reads (docs/classes.md "Whose records a teacher reads"), stated route by route: a teacher
// reads the trainings of the students of the classes they teach and of the tasks they gave; the agency admin and
// the train admin read every student's; anything else answers 404 (never 200, never 403 on a record it may not
// see). Every route that names a student, a training or an answer by id and lets a teacher through is listed here
// or named with the reason it is scoped otherwise; a route added later fails the last test until it is placed.
import {
  API_ROUTE_TABLE,
  satisfies,
  Task,
  type ApiRoute,
  type Scheme,
  type SchemeUserStats,
  type Training,
  type TrainingComments,
  type TrainingRecord,
} from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
const call = schemeCalls(() => t);
const tokens: Record<Who, string> = {} as Record<Who, string>;
let bank: TestBank;

/** Who calls: the agency admin, a train admin, the demo teacher (teaches 初一（1）班), a teacher of no class. */
type Who = 'agency' | 'trainAdmin' | 'teacher' | 'loneTeacher';
const WHO: Who[] = ['agency', 'trainAdmin', 'teacher', 'loneTeacher'];

/**
 * The trainings (a paper of a single choice and a short answer left to a teacher, handed in):
 * `taught` the demo student's practice (in the teacher's class); `untaught` the practice of a student in no class;
 * `teacherTask` that student's training of a task the teacher gave them; `adminTask` of a task the admin gave.
 */
type Case = 'taught' | 'untaught' | 'teacherTask' | 'adminTask';
const CASES: Case[] = ['taught', 'untaught', 'teacherTask', 'adminTask'];
const runs = {} as Record<Case, { trainId: string; recordId: string; taskId: string; schemeId: string }>;
let taughtId: number;
let untaughtId: number;

/** Which trainings each caller reads: the rule under test. */
const READS: Record<Who, Case[]> = {
  agency: CASES,
  trainAdmin: CASES,
  teacher: ['taught', 'teacherTask'],
  loneTeacher: [],
};
/** Whose every record (the student's page and graph) each caller reads: a teacher only their classes' students. */
const READS_STUDENT: Record<Who, ('taught' | 'untaught')[]> = {
  agency: ['taught', 'untaught'],
  trainAdmin: ['taught', 'untaught'],
  teacher: ['taught'],
  loneTeacher: [],
};

async function paper(title: string): Promise<string> {
  const s = expectOk(
    await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', tokens.agency, {
      title,
      kpRange: [bank.kp],
      timeLimit: 0,
      questionIds: [bank.single, bank.manual],
      trainRepoId: bank.trainRepoId,
    }),
  );
  expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, tokens.agency));
  return s.schemeId;
}

/** Answers the paper's two questions and hands it in; the short answer waits for a teacher's mark. */
async function handIn(token: string, tr: Training, schemeId: string, taskId = '0') {
  for (const [questionId, answer] of [
    [bank.single, 'A'],
    [bank.manual, '老师批改的答案'],
  ])
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, token, {
        clientAnswerId: `records-${tr.trainId}-${questionId}`,
        questionId,
        answer: [answer],
      }),
    );
  expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, token));
  const records = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, token));
  const recordId = records.find((r) => r.questionId === bank.manual)!.recordId;
  return { trainId: tr.trainId, recordId, taskId, schemeId };
}

async function taskFor(token: string, studentId: number, schemeId: string): Promise<string> {
  const now = t.clock.now();
  return Task.parse(
    expectOk(
      await call<Task>('PUT', '/v1/task', token, {
        title: `记录规则任务${schemeId}`,
        schemeId,
        studentIds: [String(studentId)],
        startTime: now,
        deadline: now + 86_400_000,
      }),
    ),
  ).taskId;
}

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'rec_train_admin', '训练管理员', ['edu:agency:demo:train:admin']);
  await addUser(t, 'rec_lone_teacher', '无班老师', ['edu:agency:demo:teacher']);
  untaughtId = await addUser(t, 'rec_untaught', '班外学生', ['edu:agency:demo:student']);
  const [agency, trainAdmin, teacher, loneTeacher, student, untaught, admin] = await Promise.all(
    ['agency', 'rec_train_admin', 'teacher', 'rec_lone_teacher', 'student', 'rec_untaught', 'admin'].map((u) =>
      t.login(u),
    ),
  );
  Object.assign(tokens, { agency, trainAdmin, teacher, loneTeacher });
  bank = await createTestBank(t, admin, agency);
  [{ id: taughtId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const practice = await paper('记录规则练习');
  const start = (token: string) => call<Training>('PUT', `/v1/train/scheme/${practice}/start`, token);
  runs.taught = await handIn(student, expectOk(await start(student)), practice);
  runs.untaught = await handIn(untaught, expectOk(await start(untaught)), practice);
  for (const [c, giver] of [
    ['teacherTask', teacher],
    ['adminTask', agency],
  ] as const) {
    const schemeId = await paper(`记录规则${c}`);
    const taskId = await taskFor(giver, untaughtId, schemeId);
    const tr = expectOk(await call<Training>('PUT', `/v1/student/task/${taskId}/do`, untaught));
    runs[c] = await handIn(untaught, tr, schemeId, taskId);
  }
}, 60_000);
afterAll(() => t.close());

/** 2xx, or a refusal that is not about the record (403: another's comment; 409: another's claim). */
const reached = (status: number) => status !== 404 && status !== 401 && status < 500;

describe('a training and its answers', () => {
  const cases = WHO.flatMap((who) => CASES.map((c) => [who, c, READS[who].includes(c)] as const));

  it.each(cases)('%s reading the %s training: reads it = %s', async (who, c, reads) => {
    const token = tokens[who];
    const { trainId, recordId, taskId } = runs[c];
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', `/v1/train/report/${trainId}`],
      ['GET', `/v1/train/${trainId}/comments`],
      ['PUT', `/v1/train/${trainId}/comment`, { content: `${who} 的点评` }],
      ['GET', `/v1/marking/training/${taskId}/${trainId}`],
      ['POST', `/v1/marking/record/${recordId}/claim`],
      ['DELETE', `/v1/marking/record/${recordId}/claim`],
    ];
    const got: string[] = [];
    for (const [method, path, body] of calls) {
      const res = await call(method, path, token, body);
      got.push(`${method} ${path.replace(/\d+/g, 'n')} ${reached(res.status) ? 'reached' : res.status}`);
    }
    const want = calls.map(([m, p]) => `${m} ${p.replace(/\d+/g, 'n')} ${reads ? 'reached' : 404}`);
    expect(got).toEqual(want);
  });

  it("answers 404 for deleting a comment on a training outside the caller's reach, 403 for another's within it", async () => {
    for (const c of CASES) {
      const saved = expectOk(
        await call<TrainingComments>('PUT', `/v1/train/${runs[c].trainId}/comment`, tokens.agency, {
          recordId: runs[c].recordId,
          content: '管理员的点评',
        }),
      );
      const commentId = saved.records[0].commentId;
      for (const who of ['teacher', 'loneTeacher'] as const) {
        const res = await call('DELETE', `/v1/train/comment/${commentId}`, tokens[who]);
        expect(res.status, `${who} deleting the admin's comment on ${c}`).toBe(READS[who].includes(c) ? 403 : 404);
      }
    }
  });

  it('lists in the marking queue only the answers of trainings the caller reads', async () => {
    for (const who of WHO) {
      const q = expectOk(
        await call<{ list: { recordId: string }[] }>('GET', '/v1/marking/queue?size=100', tokens[who]),
      );
      const listed = CASES.filter((c) => q.list.some((i) => i.recordId === runs[c].recordId));
      expect(listed, who).toEqual(READS[who]);
    }
  });

  it("counts in a scheme's per-student statistics only the trainings the caller reads", async () => {
    for (const who of WHO)
      for (const c of CASES) {
        const stats = expectOk(
          await call<SchemeUserStats>('GET', `/v1/train/scheme/${runs[c].schemeId}/stats/user`, tokens[who]),
        );
        const student = c === 'taught' ? taughtId : untaughtId;
        const row = stats.users.list.find((u) => u.userId === String(student));
        expect(row?.lastTrainId ?? null, `${who} on ${c}`).toBe(READS[who].includes(c) ? runs[c].trainId : null);
        // The summary counts what the rows count.
        expect(stats.summary.users, `${who} on ${c}`).toBe(stats.users.list.length);
      }
  });
});

describe('a student', () => {
  const cases = WHO.flatMap((who) =>
    (['taught', 'untaught'] as const).map((s) => [who, s, READS_STUDENT[who].includes(s)] as const),
  );

  it.each(cases)("%s reading the %s student's page and graph: reads them = %s", async (who, s, reads) => {
    const id = s === 'taught' ? taughtId : untaughtId;
    for (const path of [`/v1/class/student/${id}`, `/v1/class/student/${id}/knowledgegraph`]) {
      const res = await call('GET', path, tokens[who]);
      expect(res.status, path).toBe(reads ? 200 : 404);
    }
  });
});

/**
 * Routes that name a student, a training, an answer or a comment by a path id and let a plain teacher through, and
 * where each is checked: here (the rule above), or scoped by another rule of its own.
 */
const RECORD_ROUTES: Record<string, string> = {
  'GET /v1/train/report/:id': 'here',
  'GET /v1/train/:id/comments': 'here',
  'PUT /v1/train/:id/comment': 'here',
  'DELETE /v1/train/comment/:id': 'here',
  'GET /v1/marking/training/:taskId/:trainId': 'here',
  'POST /v1/marking/record/:id/claim': 'here',
  'DELETE /v1/marking/record/:id/claim': 'here (and marking.routes.test.ts)',
  'POST /v1/marking/record/:id': 'marking.routes.test.ts: the same scope as the claim, which it needs',
  'GET /v1/class/student/:id': 'here',
  'GET /v1/class/student/:id/knowledgegraph': 'here',
  'GET /v1/class/:classId/student/:id/scores': 'classes.routes.test.ts: a member of a class the caller sees',
};
const TEACHER = ['edu:agency:demo:teacher'];
const lets = (r: ApiRoute) =>
  (r.access.kind === 'login' && r.access.agency) ||
  ((r.access.kind === 'roles' || r.access.kind === 'ownCheck') && satisfies(TEACHER, r.access.roles, 'demo'));
const NAMES_RECORD = /\/(report|train|student|record|comment)\/:id\b|:trainId/;

describe('the routes of the rule', () => {
  it('places every route that names a student, a training or an answer and lets a teacher through', () => {
    const found = [...API_ROUTE_TABLE.values()]
      .filter((r) => lets(r) && NAMES_RECORD.test(r.path) && !r.path.includes('/scheme/'))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(found).toEqual(Object.keys(RECORD_ROUTES).sort());
  });
});
