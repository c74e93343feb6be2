// Placement tests over the API (docs/lessons.md "Placement test"): the settings and their checks, a student's test
// from the start to the band of their result, a parent's view, the agency's results, joining a tutoring class from a
// result, and the 404 matrix (another agency, another child, ids that name nothing reachable).
import {
  CORRECTIONS_NOTICE,
  PlacementResult,
  PlacementResultRow,
  PlacementSetting,
  PlacementSettings,
  PlacementTest,
  Scheme,
  Training,
  type ClassSummary,
  type PlacementJoined,
  type PlacementPaper,
} from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type Page, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let other: string;
let parent: string;
let parent2: string;
let bank: TestBank;
let studentId: number;
let paperId: string;
let secondPaperId: string;
let generalId: string;
let lowClass: ClassSummary;
let highClass: ClassSummary;
let ordinaryClassId: string;
let users_ = 0;
const call = schemeCalls(() => t);
const fields = (r: { body: { response: unknown } }) => (r.body.response as { fields: { path: string }[] }).fields;

const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

/** A paper of the bank's two auto-judged questions (single: A is right; trueFalse: T is right), switched on. */
async function paper(title: string, options: Record<string, unknown> = {}): Promise<string> {
  const s = Scheme.parse(
    expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title,
        kpRange: [bank.kp],
        timeLimit: 0,
        questionIds: [bank.single, bank.trueFalse],
        trainRepoId: bank.trainRepoId,
        ...options,
      }),
    ),
  );
  expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
  return s.schemeId;
}

async function eventClass(name: string, kind: 'event' | 'ordinary' = 'event'): Promise<ClassSummary> {
  return expectOk(await call<ClassSummary>('PUT', '/v1/class', agency, { kind, name }));
}

const save = (token: string, body: Record<string, unknown>, ag = 'demo') =>
  call<PlacementSetting>('PUT', '/v1/placement/setting', token, body, ag);

/** Bands of a setting: the default thirds, 提高 and 拔高 recommending the two classes. */
const bands = () => [
  { minPercent: 0, name: '基础', classId: null },
  { minPercent: 34, name: '提高', classId: lowClass.id },
  { minPercent: 67, name: '拔高', classId: highClass.id },
];

async function newStudent(): Promise<{ token: string; id: number }> {
  const username = `placement-s${++users_}`;
  const id = await addUser(t, username, `分级学生${users_}`, ['edu:agency:demo:student']);
  return { token: await t.login(username), id };
}

/** Starts the grade's test, answers the single choice and the true/false question, hands it in. */
async function sit(token: string, gradeId: string, answers: { single: string; trueFalse: string }) {
  const tr = Training.parse(expectOk(await call<Training>('PUT', '/v1/student/placement/start', token, { gradeId })));
  let n = 0;
  for (const [questionId, answer] of [
    [bank.single, answers.single],
    [bank.trueFalse, answers.trueFalse],
  ])
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, token, {
        clientAnswerId: `placement-${tr.trainId}-${++n}`,
        questionId,
        answer: [answer],
      }),
    );
  expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, token));
  return tr.trainId;
}

const results = async (token: string) =>
  expectOk(await call<PlacementResult[]>('GET', '/v1/student/placement/results', token)).map((r) =>
    PlacementResult.parse(r),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, bank } = await agencyStudentAndBank(t));
  [teacher, other, parent, parent2] = await Promise.all(
    ['teacher', 'other', 'parent', 'parent2'].map((u) => t.login(u)),
  );
  studentId = await idOf('student');
  paperId = await paper('初一分级测试');
  secondPaperId = await paper('初二分级测试');
  generalId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single], { title: '普通练习' }));
  lowClass = await eventClass('分级提高班');
  highClass = await eventClass('分级拔高班');
  ordinaryClassId = (await eventClass('分级普通班', 'ordinary')).id;
});
afterAll(() => t.close());

describe('settings', () => {
  it('refuses bad bands, naming the field', async () => {
    const cases: [unknown[], string][] = [
      [[], 'request.bands'],
      [[{ minPercent: 10, name: '基础' }], 'request.bands.0.minPercent'],
      [
        [
          { minPercent: 0, name: '基础' },
          { minPercent: 50, name: '提高' },
          { minPercent: 50, name: '拔高' },
        ],
        'request.bands.2.minPercent',
      ],
      [
        [
          { minPercent: 0, name: '基础' },
          { minPercent: 40, name: '基础' },
        ],
        'request.bands.1.name',
      ],
      [[{ minPercent: 0, name: '一'.repeat(17) }], 'request.bands.0.name'],
      [[{ minPercent: 0, name: '   ' }], 'request.bands.0.name'],
      [[{ minPercent: 0.5, name: '基础' }], 'request.bands.0.minPercent'],
      [
        [
          { minPercent: 0, name: '基础' },
          { minPercent: 101, name: '满分' },
        ],
        'request.bands.1.minPercent',
      ],
      [[0, 10, 20, 30, 40, 50].map((p) => ({ minPercent: p, name: `档${p}` })), 'request.bands'],
    ];
    for (const [b, path] of cases) {
      const r = await save(agency, { gradeId: 'g7', schemeId: paperId, bands: b });
      expectError(r, 400);
      expect(
        fields(r).map((f) => f.path),
        JSON.stringify(b),
      ).toContain(path);
    }
  });

  it('takes only a grade, a paper of its own and tutoring classes of the agency', async () => {
    const ok = { gradeId: 'g7', schemeId: paperId, bands: bands() };
    let r = await save(agency, { ...ok, gradeId: 'g99' });
    expectError(r, 400);
    expect(fields(r)[0].path).toBe('request.gradeId');
    r = await save(agency, { ...ok, schemeId: generalId });
    expectError(r, 400);
    expect(fields(r)[0].path).toBe('request.schemeId');
    expectError(await save(agency, { ...ok, schemeId: '999999' }), 404);
    expectError(await save(agency, { ...ok, schemeId: 'x' }), 404);
    // Another agency's admin names demo's paper and classes: none of them is theirs.
    expectError(await save(other, ok, 'other'), 404);
    expectError(await save(other, { ...ok, schemeId: '999999' }, 'other'), 404);
    const withClass = (classId: string) => ({ ...ok, bands: [{ minPercent: 0, name: '基础', classId }] });
    expectError(await save(agency, withClass(ordinaryClassId)), 404);
    expectError(await save(agency, withClass('999999')), 404);
    const archived = await eventClass('分级已归档班');
    expectOk(await call('POST', `/v1/class/${archived.id}/archive`, agency));
    r = await save(agency, withClass(archived.id));
    expectError(r, 400);
    expect(fields(r)[0].path).toBe('request.bands.0.classId');
    // Only the agency admin writes.
    expectError(await save(teacher, ok), 403);
  });

  it('saves a grade, reads it back, and keeps one paper to one grade', async () => {
    const saved = PlacementSetting.parse(
      expectOk(await save(agency, { gradeId: 'g7', schemeId: paperId, bands: bands() })),
    );
    expect(saved).toMatchObject({
      gradeId: 'g7',
      gradeName: '初一',
      schemeId: paperId,
      schemeTitle: '初一分级测试',
      schemeOn: true,
      questionCount: 2,
      bands: [
        { minPercent: 0, name: '基础', recommendedClass: null },
        { minPercent: 34, name: '提高', recommendedClass: { id: lowClass.id, name: '分级提高班', archived: false } },
        { minPercent: 67, name: '拔高', recommendedClass: { id: highClass.id, name: '分级拔高班', archived: false } },
      ],
    });
    const r = await save(agency, { gradeId: 'g8', schemeId: paperId, bands: bands() });
    expectError(r, 400);
    expect(r.body.errmsg).toContain('初一');
    expectOk(await save(agency, { gradeId: 'g8', schemeId: secondPaperId, bands: [{ minPercent: 0, name: '全部' }] }));
    // Replacing a grade's bands keeps one row per band.
    expectOk(await save(agency, { gradeId: 'g8', schemeId: secondPaperId, bands: [{ minPercent: 0, name: '入门' }] }));

    const read = PlacementSettings.parse(expectOk(await call('GET', '/v1/placement/settings', agency)));
    expect(read.editable).toBe(true);
    expect(read.list.map((s) => [s.gradeId, s.bands.map((b) => b.name)])).toEqual([
      ['g7', ['基础', '提高', '拔高']],
      ['g8', ['入门']],
    ]);
    // Other staff read, read-only; students and other agencies see none of it.
    expect(PlacementSettings.parse(expectOk(await call('GET', '/v1/placement/settings', teacher))).editable).toBe(
      false,
    );
    const { token } = await newStudent();
    expectError(await call('GET', '/v1/placement/settings', token), 403);
    expect(expectOk(await call<PlacementSettings>('GET', '/v1/placement/settings', other, undefined, 'other'))).toEqual(
      { editable: true, list: [] },
    );
  });

  it("lists the agency's own papers to choose from", async () => {
    const papers = expectOk(await call<PlacementPaper[]>('GET', '/v1/placement/papers', agency));
    expect(papers.find((p) => p.schemeId === paperId)).toEqual({
      schemeId: paperId,
      title: '初一分级测试',
      on: true,
      questionCount: 2,
    });
    expect(papers.some((p) => p.schemeId === generalId)).toBe(false);
    expect(expectOk(await call<PlacementPaper[]>('GET', '/v1/placement/papers', other, undefined, 'other'))).toEqual(
      [],
    );
    expectError(await call('GET', '/v1/placement/papers', teacher), 403);
  });
});

describe('taking the test', () => {
  it('starts (or continues) the paper, and the latest ended training gives the band', async () => {
    const s = await newStudent();
    const tests = expectOk(await call<PlacementTest[]>('GET', '/v1/student/placement/tests', s.token)).map((x) =>
      PlacementTest.parse(x),
    );
    expect(tests.map((x) => [x.gradeId, x.title, x.questionCount, x.bandNames, x.runningTrainId])).toEqual([
      ['g7', '初一分级测试', 2, ['基础', '提高', '拔高'], null],
      ['g8', '初二分级测试', 2, ['入门'], null],
    ]);
    const first = Training.parse(
      expectOk(await call<Training>('PUT', '/v1/student/placement/start', s.token, { gradeId: 'g7' })),
    );
    expect(first).toMatchObject({ type: 'paper', status: 'running', title: '初一分级测试' });
    const again = expectOk(await call<Training>('PUT', '/v1/student/placement/start', s.token, { gradeId: 'g7' }));
    expect(again.trainId).toBe(first.trainId);
    const running = expectOk(await call<PlacementTest[]>('GET', '/v1/student/placement/tests', s.token));
    expect(running[0].runningTrainId).toBe(first.trainId);
    // Nothing ended yet: no result.
    expect(await results(s.token)).toEqual([]);
    expectOk(await call('POST', `/v1/train/${first.trainId}/finish`, s.token));
    expect(await results(s.token)).toMatchObject([
      {
        gradeId: 'g7',
        trainId: first.trainId,
        score: 0,
        maxScore: 2,
        percent: 0,
        band: '基础',
        recommendedClass: null,
      },
    ]);

    const half = await sit(s.token, 'g7', { single: 'A', trueFalse: 'F' });
    expect(await results(s.token)).toMatchObject([
      {
        gradeId: 'g7',
        gradeName: '初一',
        trainId: half,
        title: '初一分级测试',
        status: 'finished',
        score: 1,
        maxScore: 2,
        percent: 50,
        band: '提高',
        recommendedClass: { id: lowClass.id, name: '分级提高班' },
      },
    ]);
    await sit(s.token, 'g8', { single: 'A', trueFalse: 'T' });
    const full = await sit(s.token, 'g7', { single: 'A', trueFalse: 'T' });
    expect(
      (await results(s.token)).map((r) => [r.gradeId, r.trainId === full || r.gradeId === 'g8', r.percent, r.band]),
    ).toEqual([
      ['g7', true, 100, '拔高'],
      ['g8', true, 100, '入门'],
    ]);
  });

  it('answers 404 for a grade without a test and 409 while its paper is switched off', async () => {
    const s = await newStudent();
    expectError(await call('PUT', '/v1/student/placement/start', s.token, { gradeId: 'g1' }), 404);
    expectError(await call('PUT', '/v1/student/placement/start', s.token, { gradeId: 'no-grade' }), 404);
    const off = await paper('暂停的分级测试');
    expectOk(await save(agency, { gradeId: 'g9', schemeId: off, bands: [{ minPercent: 0, name: '全部' }] }));
    expectOk(await call('POST', `/v1/train/scheme/${off}/off`, agency));
    const tests = expectOk(await call<PlacementTest[]>('GET', '/v1/student/placement/tests', s.token));
    expect(tests.map((x) => x.gradeId)).not.toContain('g9');
    const setting = expectOk(await call<PlacementSettings>('GET', '/v1/placement/settings', agency)).list.find(
      (x) => x.gradeId === 'g9',
    );
    expect(setting?.schemeOn).toBe(false);
    expectError(await call('PUT', '/v1/student/placement/start', s.token, { gradeId: 'g9' }), 409);
    // Staff and parents do not take tests.
    expectError(await call('PUT', '/v1/student/placement/start', agency, { gradeId: 'g7' }), 403);
    expectOk(await call('DELETE', '/v1/placement/setting/g9', agency));
  });

  it("keeps the score and band back from the student and parent while the paper's score waits", async () => {
    const hidden = await paper('待发布的分级测试', { reviewAfter: 'teacher-release', showScore: 'with-corrections' });
    expectOk(await save(agency, { gradeId: 'g10', schemeId: hidden, bands: bands() }));
    const s = await newStudent();
    const trainId = await sit(s.token, 'g10', { single: 'A', trueFalse: 'T' });
    const [mine] = await results(s.token);
    expect(mine).toMatchObject({
      gradeId: 'g10',
      trainId,
      score: null,
      percent: null,
      band: null,
      recommendedClass: null,
      corrections: { wait: 'release', message: CORRECTIONS_NOTICE.release, scoreHidden: true },
    });
    // Staff see it all.
    const staff = expectOk(
      await call<Page<PlacementResultRow>>('GET', '/v1/placement/results?gradeId=g10', agency),
    ).list;
    expect(staff).toMatchObject([{ trainId, percent: 100, band: '拔高', student: { id: String(s.id) } }]);
    expect(staff[0].corrections).toBeUndefined();
    expectOk(await call('POST', `/v1/train/scheme/${hidden}/release`, agency));
    expect((await results(s.token))[0]).toMatchObject({ percent: 100, band: '拔高' });
    expectOk(await call('DELETE', '/v1/placement/setting/g10', agency));
  });
});

describe('who reads the results', () => {
  let studentToken: string;
  let trainId: string;

  beforeAll(async () => {
    studentToken = await t.login('student');
    trainId = await sit(studentToken, 'g7', { single: 'B', trueFalse: 'T' });
  });

  it("shows a parent their child's results, and nobody else's", async () => {
    const mine = await results(studentToken);
    const r = expectOk(await call<PlacementResult[]>('GET', `/v1/parent/child/${studentId}/placement`, parent));
    expect(r).toEqual(mine);
    expect(r).toMatchObject([{ gradeId: 'g7', trainId, percent: 50, band: '提高' }]);
    // parent2 is 王小红's parent, not 李小明's; ids that name no child of theirs answer 404 alike.
    expectError(await call('GET', `/v1/parent/child/${studentId}/placement`, parent2), 404);
    expectError(await call('GET', `/v1/parent/child/${await idOf('xiaohong')}/placement`, parent), 404);
    expectError(await call('GET', '/v1/parent/child/not-a-number/placement', parent), 404);
    // A parent acting in another agency than the child's is refused by the agency rule.
    expectError(await call('GET', `/v1/parent/child/${studentId}/placement`, parent, undefined, 'other'), 403);
    // Not a parent's call for staff or students.
    expectError(await call('GET', `/v1/parent/child/${studentId}/placement`, agency), 403);
  });

  it("lists the agency's results, latest first, by grade and paged, to its staff only", async () => {
    const all = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results', agency));
    for (const row of all.list) PlacementResultRow.parse(row);
    expect(all.list[0]).toMatchObject({
      trainId,
      gradeId: 'g7',
      percent: 50,
      band: '提高',
      student: { id: String(studentId), username: 'student' },
      inRecommendedClass: false,
    });
    // One row per student and grade: the latest.
    const keys = all.list.map((r) => `${r.student.id}/${r.gradeId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const g8 = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results?gradeId=g8', agency));
    expect(g8.list.length).toBeGreaterThan(0);
    expect(g8.list.every((r) => r.gradeId === 'g8')).toBe(true);
    const page = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results?start=1&size=1', agency));
    expect(page.total).toBe(all.total);
    expect(page.list.map((r) => r.trainId)).toEqual([all.list[1].trainId]);
    // A teacher sees the results of the students of their classes only (docs/classes.md "Whose records a teacher
    // reads"): the demo student is in the demo teacher's 初一（1）班, the students made here are in no class.
    const taught = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results', teacher));
    const demoStudent = all.list.filter((r) => r.student.username === 'student');
    expect(all.total).toBeGreaterThan(demoStudent.length);
    expect(taught).toEqual({ total: demoStudent.length, list: demoStudent });
    expectError(await call('GET', '/v1/placement/results', studentToken), 403);
    expect(
      expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results', other, undefined, 'other')),
    ).toEqual({ total: 0, list: [] });
  });

  it('joins the student to the recommended class, or to the one chosen', async () => {
    const join = (body: Record<string, unknown>, token = agency, ag = 'demo') =>
      call<PlacementJoined>('POST', '/v1/placement/join', token, body, ag);
    expect(expectOk(await join({ trainId }))).toEqual({ classId: lowClass.id, className: '分级提高班', changed: 1 });
    expect(expectOk(await join({ trainId }))).toEqual({ classId: lowClass.id, className: '分级提高班', changed: 0 });
    const members = expectOk(
      await call<Page<{ id: string }>>('GET', `/v1/class/${lowClass.id}/members`, agency),
    ).list.map((m) => m.id);
    expect(members).toContain(String(studentId));
    const row = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results', agency)).list.find(
      (r) => r.trainId === trainId,
    );
    expect(row?.inRecommendedClass).toBe(true);
    expect(expectOk(await join({ trainId, classId: highClass.id }))).toMatchObject({
      classId: highClass.id,
      changed: 1,
    });

    // A band without a class needs one chosen; an ordinary class, an unknown one and another agency's are 404.
    const s = await newStudent();
    const low = await sit(s.token, 'g7', { single: 'B', trueFalse: 'F' });
    const r = await join({ trainId: low });
    expectError(r, 400);
    expect(fields(r)[0].path).toBe('request.classId');
    expectError(await join({ trainId: low, classId: ordinaryClassId }), 404);
    expectError(await join({ trainId: low, classId: '999999' }), 404);
    const archived = await eventClass('分级归档后');
    expectOk(await call('POST', `/v1/class/${archived.id}/archive`, agency));
    expectError(await join({ trainId: low, classId: archived.id }), 409);
    // Only the agency admin joins; other agencies reach neither the result nor the class.
    expectError(await join({ trainId: low, classId: highClass.id }, teacher), 403);
    expectError(await join({ trainId: low, classId: highClass.id }, other, 'other'), 404);
  });

  it('answers 404 for trainings that are no result: running, of another paper, unknown', async () => {
    const join = (trainId: string) => call('POST', '/v1/placement/join', agency, { trainId, classId: highClass.id });
    const s = await newStudent();
    const running = expectOk(await call<Training>('PUT', '/v1/student/placement/start', s.token, { gradeId: 'g7' }));
    expectError(await join(running.trainId), 404);
    const practice = expectOk(await call<Training>('PUT', `/v1/train/scheme/${generalId}/start`, s.token));
    expectOk(await call('POST', `/v1/train/${practice.trainId}/finish`, s.token));
    expectError(await join(practice.trainId), 404);
    expectError(await join('999999'), 404);
    expectError(await join('abc'), 404);
  });
});

describe('another agency and removal', () => {
  it("keeps each agency's tests and results to itself", async () => {
    const outsiderId = await addUser(t, 'placement-other', '其他机构学生', ['edu:agency:other:student']);
    const outsider = await t.login('placement-other');
    expect(expectOk(await call('GET', '/v1/student/placement/tests', outsider, undefined, 'other'))).toEqual([]);
    expect(expectOk(await call('GET', '/v1/student/placement/results', outsider, undefined, 'other'))).toEqual([]);
    expectError(await call('PUT', '/v1/student/placement/start', outsider, { gradeId: 'g7' }, 'other'), 404);
    // Acting in demo, where they are nobody.
    expectError(await call('GET', '/v1/student/placement/tests', outsider), 403);
    expectError(await call('DELETE', '/v1/placement/setting/g7', other, undefined, 'other'), 404);
    expect(outsiderId).toBeGreaterThan(0);
  });

  it("removing a grade's test takes it and its results off the lists, keeping the trainings", async () => {
    const s = await newStudent();
    const trainId = await sit(s.token, 'g8', { single: 'A', trueFalse: 'F' });
    expectOk(await call('DELETE', '/v1/placement/setting/g8', agency));
    expectError(await call('DELETE', '/v1/placement/setting/g8', agency), 404);
    expectError(await call('DELETE', '/v1/placement/setting/g8', teacher), 403);
    expect((await results(s.token)).map((r) => r.gradeId)).toEqual([]);
    expect(
      expectOk(await call<PlacementTest[]>('GET', '/v1/student/placement/tests', s.token)).map((x) => x.gradeId),
    ).toEqual(['g7']);
    const page = expectOk(await call<Page<PlacementResultRow>>('GET', '/v1/placement/results?gradeId=g8', agency));
    expect(page).toEqual({ total: 0, list: [] });
    // The training itself stays in the student's history.
    expect(expectOk(await call<Training>('GET', `/v1/train/${trainId}`, s.token)).status).toBe('finished');
  });
});
