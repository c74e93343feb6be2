// API tests of parents (docs/parents.md): pairing codes (expiry on the manual clock, single use, a new one
// replacing the old, guessing throttled), the public sign-up, the parent reading only their own children's
// history and reports (a running paper's results stay sealed), and the agency's parent list and links.
import {
  AgencyParent,
  PairingCode,
  ParentChild,
  TrainingReport,
  type Envelope,
  type Training,
  type TrainingSummary,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, paperScheme } from '../training/training-fixtures.test-helper.js';
import { PAIRING_VALID_MS } from './parents.policy.js';

let t: TestApp;
let agency: string;
let student: string;
let parent: string;
let bank: TestBank;
let studentId: string;
let classmateId: number;
let finishedId: string;
let paperId: string;
const call = schemeCalls(() => t);
type Page<T> = { total: number; list: T[] };

const newCode = async (token: string) =>
  PairingCode.parse(expectOk(await call<PairingCode>('PUT', '/v1/student/pairing-code', token)));
/** A call from a client address (the throttling counts per address). */
async function from<T>(ip: string, method: 'POST', url: string, request: unknown, token?: string) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { request },
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
}
const pair = (token: string, code: string, ip = '192.0.2.10') =>
  from<ParentChild>(ip, 'POST', '/v1/parent/pair', { code }, token);
const children = async (token: string) =>
  expectOk(await t.call<ParentChild[]>('GET', '/v1/parent/children', { token })).map((c) => ParentChild.parse(c));

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  parent = await t.login('parent');
  classmateId = await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  studentId = (await children(parent)).find((c) => c.username === 'student')!.id;
  // A finished general training and a running paper with one answer.
  const general = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single]));
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${general}/start`, student));
  expectOk(
    await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
      clientAnswerId: 'parents-1',
      questionId: bank.single,
      answer: ['A'],
    }),
  );
  expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  finishedId = tr.trainId;
  const paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
  const p = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student));
  expectOk(
    await call('POST', `/v1/train/${p.trainId}/answer`, student, {
      clientAnswerId: 'parents-2',
      questionId: bank.single,
      answer: ['A'],
    }),
  );
  paperId = p.trainId;
});

afterAll(() => t?.close());

describe("the parent reads their children's trainings", () => {
  it("lists the child's history and reads reports with and without the answers", async () => {
    const kids = await children(parent);
    expect(kids.map((k) => k.username)).toContain('student');
    expect(kids.find((k) => k.username === 'student')!.agencies).toEqual([{ id: 'demo', name: '演示机构' }]);
    const h = expectOk(await call<Page<TrainingSummary>>('GET', `/v1/parent/child/${studentId}/history`, parent));
    expect(h.list.map((r) => r.trainId).sort()).toEqual([finishedId, paperId].sort());
    const full = TrainingReport.parse(
      expectOk(await call('GET', `/v1/parent/child/${studentId}/report/${finishedId}`, parent)),
    );
    expect(full.records).toHaveLength(1);
    // The child's running paper holds the same question: sealed for the parent as for the child
    // (docs/practice-engine.md "Sealing"); its verdict comes back once the paper is handed in.
    expect(full.records[0].isCorrect).toBeNull();
    expect(full.training.student).toBe('李小明');
    const short = TrainingReport.parse(
      expectOk(await call('GET', `/v1/parent/child/${studentId}/report/${finishedId}?questions=0`, parent)),
    );
    expect(short.records).toEqual([]);
    expect(short.knowledgePoints).toEqual(full.knowledgePoints);
  });

  it("reads a child's report through the student's report call too; another parent gets 404 there", async () => {
    const viaTrain = TrainingReport.parse(expectOk(await call('GET', `/v1/train/report/${finishedId}`, parent)));
    const viaParent = TrainingReport.parse(
      expectOk(await call('GET', `/v1/parent/child/${studentId}/report/${finishedId}`, parent)),
    );
    expect(viaTrain).toEqual(viaParent);
    const sealed = TrainingReport.parse(expectOk(await call('GET', `/v1/train/report/${paperId}`, parent)));
    expect(sealed.records.map((x) => x.isCorrect)).toEqual([null]);
    await addUser(t, 'parent-c', '无关家长', ['edu:parent']);
    const stranger = await t.login('parent-c');
    expectError(await call('GET', `/v1/train/report/${finishedId}`, stranger), 403);
    // parent2 acts in demo through xiaohong, but the training is not their child's.
    expectError(await call('GET', `/v1/train/report/${finishedId}`, await t.login('parent2')), 404);
  });

  it("keeps a running paper's results sealed for the parent as for the child", async () => {
    const r = TrainingReport.parse(
      expectOk(await call('GET', `/v1/parent/child/${studentId}/report/${paperId}`, parent)),
    );
    expect(r.training.status).toBe('running');
    expect(r.records.map((x) => x.isCorrect)).toEqual([null]);
    expect(r.knowledgePoints.every((k) => k.correct === 0)).toBe(true);
    expect(JSON.stringify(r)).not.toContain('"score":1');
  });

  it("answers 404 for any other child's data, a training of another child, and outside the child's agency", async () => {
    for (const url of [
      `/v1/parent/child/${classmateId}/history`,
      `/v1/parent/child/${classmateId}/report/${finishedId}`,
      `/v1/parent/child/abc/history`,
      `/v1/parent/child/99999999/history`,
    ])
      expectError(await call('GET', url, parent), 404);
    // A second parent whose child is the classmate: the student's training through the classmate is not found.
    await addUser(t, 'parent-b', '另一位家长', ['edu:parent']);
    const other = await t.login('parent-b');
    expectError(await call('GET', `/v1/parent/child/${studentId}/history`, other), 403);
    const code = await newCode(await t.login('classmate'));
    expectOk(await pair(other, code.code));
    expectError(await call('GET', `/v1/parent/child/${classmateId}/report/${finishedId}`, other), 404);
    expectError(await call('GET', `/v1/parent/child/${studentId}/report/${finishedId}`, other), 404);
    expectOk(await call('GET', `/v1/parent/child/${classmateId}/history`, other));
    // Not a parent: the routes are refused; and the student's own agency rule still holds for agency other.
    expectError(await call('GET', `/v1/parent/child/${studentId}/history`, student), 403);
    expectError(await t.call('GET', '/v1/parent/children', {}), 401);
  });
});

describe('demo data', () => {
  it('has a second family: parent2 with the second demo student', async () => {
    const kids = await children(await t.login('parent2'));
    expect(kids.map((k) => [k.username, k.name])).toEqual([['xiaohong', '王小红']]);
    const list = expectOk(await call<Page<AgencyParent>>('GET', '/v1/admin/parents', await t.login('agency')));
    expect(list.list.map((p) => p.username)).toEqual(expect.arrayContaining(['parent', 'parent2']));
  });
});

describe('pairing codes', () => {
  it('a code is valid 7 days, used once, and a new one replaces the old', async () => {
    await addUser(t, 'pair-kid', '配对学生', ['edu:agency:demo:student']);
    await addUser(t, 'pair-parent', '配对家长', ['edu:parent']);
    let kid = await t.login('pair-kid');
    let p = await t.login('pair-parent');
    expect(expectOk(await call('GET', '/v1/student/pairing-code', kid))).toBeNull();
    const first = await newCode(kid);
    expect(first.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(first.expiresAt).toBe(t.clock.now() + PAIRING_VALID_MS);
    expect(expectOk(await call<PairingCode>('GET', '/v1/student/pairing-code', kid))).toEqual(first);
    const second = await newCode(kid);
    expect(second.code).not.toBe(first.code);
    expectError(await pair(p, first.code), 400);
    // Expiry on the manual clock: a millisecond before is fine, at the end it is gone.
    t.clock.advance(PAIRING_VALID_MS);
    // Tokens end after 2 hours unused: log in again on the moved clock.
    kid = await t.login('pair-kid');
    p = await t.login('pair-parent');
    expect(expectOk(await call('GET', '/v1/student/pairing-code', kid))).toBeNull();
    const r = await pair(p, second.code);
    expectError(r, 400);
    expect(r.body.errmsg).toContain('配对码无效或已过期');
    const third = await newCode(kid);
    t.clock.advance(PAIRING_VALID_MS - 1);
    p = await t.login('pair-parent');
    kid = await t.login('pair-kid');
    // Typed in lower case with a space: still the code.
    const linked = expectOk(await pair(p, `${third.code.slice(0, 3).toLowerCase()} ${third.code.slice(3)}`));
    expect(linked.username).toBe('pair-kid');
    expect((await children(p)).map((c) => c.username)).toEqual(['pair-kid']);
    // Single use: the same code again is refused, even for the parent who used it.
    expectError(await pair(p, third.code), 400);
    expect(expectOk(await call('GET', '/v1/student/pairing-code', kid))).toBeNull();
    // The parent removes the link; a second removal is not found.
    expect(expectOk(await t.call('DELETE', `/v1/parent/child/${linked.id}`, { token: p }))).toBeNull();
    expectError(await t.call('DELETE', `/v1/parent/child/${linked.id}`, { token: p }), 404);
    expect(await children(p)).toEqual([]);
  });

  it('a code of bad shape is a 400 with a Chinese message and changes nothing', async () => {
    const r = await pair(await t.login('parent'), 'AB');
    expectError(r, 400);
    expect(r.body.errmsg).toContain('配对码为 6 位字母或数字');
  });

  it('throttles guessing per account and address, and the address has a ceiling', async () => {
    await addUser(t, 'guesser', '猜码家长', ['edu:parent']);
    const g = await t.login('guesser');
    // Five free failures, a sixth that starts the delays, then 30 s to wait.
    for (let i = 0; i < 6; i++) expectError(await pair(g, 'ZZZZZZ', '198.51.100.1'), 400);
    const blocked = await pair(g, 'ZZZZZZ', '198.51.100.1');
    expectError(blocked, 429);
    expect(blocked.headers['retry-after']).toBe('30');
    // Another address is not slowed by this one's failures (the owner is never locked out)…
    expectError(await pair(g, 'ZZZZZZ', '198.51.100.2'), 400);
    // …and the delay ends.
    t.clock.advance(30_000);
    expectError(await pair(g, 'ZZZZZZ', '198.51.100.1'), 400);
    // The wait doubles.
    expectError(await pair(g, 'ZZZZZZ', '198.51.100.1'), 429);
    // 30 failures from one address in an hour stop it, whichever account guesses.
    for (let i = 0; i < 24; i++) {
      const name = `guesser-${i}`;
      await addUser(t, name, '猜码家长', ['edu:parent']);
      expectError(await pair(await t.login(name), 'ZZZZZZ', '198.51.100.9'), 400);
    }
    await addUser(t, 'guesser-x', '猜码家长', ['edu:parent']);
    const x = await t.login('guesser-x');
    for (let i = 0; i < 6; i++) expectError(await pair(x, 'ZZZZZZ', '198.51.100.9'), 400);
    expectError(await pair(x, 'ZZZZZZ', '198.51.100.9'), 429);
    expectError(await pair(x, 'ZZZZZZ', '198.51.100.8'), 400);
    await addUser(t, 'guesser-y', '猜码家长', ['edu:parent']);
    expectError(await pair(await t.login('guesser-y'), 'ZZZZZZ', '198.51.100.9'), 429);
    t.clock.advance(3600_000);
  });
});

describe('signing up with a code', () => {
  const signup = (request: Record<string, unknown>, ip = '203.0.113.5') =>
    from(ip, 'POST', '/v1/public/parent/signup', request);

  it('creates a parent linked to the child, who then logs in and reads the history', async () => {
    await addUser(t, 'signup-kid', '注册学生', ['edu:agency:demo:student']);
    const { code } = await newCode(await t.login('signup-kid'));
    const weak = await signup({ code, username: 'newparent', name: '新家长', password: 'password' });
    expectError(weak, 400);
    expect(
      (await signup({ code, username: 'student', name: '新家长', password: 'Tall-Green-Kettle-42' })).body.errmsg,
    ).toContain('该用户名已被使用');
    // Neither failure used the code up.
    expectOk(await signup({ code, username: 'newparent', name: '新家长', password: 'Tall-Green-Kettle-42' }));
    const token = await t.login('newparent', 'Tall-Green-Kettle-42');
    const kids = await children(token);
    expect(kids.map((k) => k.username)).toEqual(['signup-kid']);
    expectOk(await call('GET', `/v1/parent/child/${kids[0].id}/history`, token));
    // The code is spent.
    expectError(await signup({ code, username: 'newparent2', name: '新家长', password: 'Tall-Green-Kettle-42' }), 400);
  });

  it('tells a taken username only to a caller with a live code, and counts every refusal against the address', async () => {
    const ip = '203.0.113.77';
    const strong = 'Tall-Green-Kettle-42';
    // A wrong code: the answer is about the code, whether the name is taken or free.
    for (const username of ['student', 'nobody-has-this-name']) {
      const r = await signup({ code: 'ZZZZZZ', username, name: '试探者', password: strong }, ip);
      expectError(r, 400);
      expect(r.body.response).toEqual({ fields: [{ path: 'request.code', message: '配对码无效或已过期' }] });
    }
    // Every refused sign-up counts, under whichever name: 30 an hour from one address stop it.
    for (let i = 0; i < 28; i++)
      expectError(await signup({ code: 'ZZZZZZ', username: `probe-${i}`, name: '试探者', password: strong }, ip), 400);
    const stopped = await signup({ code: 'ZZZZZZ', username: 'student', name: '试探者', password: strong }, ip);
    expectError(stopped, 429);
    expect(stopped.body.errmsg).toContain('注册失败次数过多');
    // A caller holding a live code is told, and that refusal counts too (the code stays usable).
    await addUser(t, 'enum-kid', '注册学生', ['edu:agency:demo:student']);
    const { code } = await newCode(await t.login('enum-kid'));
    const other = '203.0.113.78';
    const taken = await signup({ code, username: 'student', name: '新家长', password: strong }, other);
    expectError(taken, 400);
    expect(taken.body.response).toEqual({
      fields: [{ path: 'request.username', message: '该用户名已被使用，请换一个' }],
    });
    for (let i = 0; i < 4; i++)
      expectError(await signup({ code, username: 'student', name: '新家长', password: strong }, other), 400);
    expectError(await signup({ code, username: 'student', name: '新家长', password: strong }, other), 400);
    expectError(await signup({ code, username: 'student', name: '新家长', password: strong }, other), 429);
    t.clock.advance(3600_000);
    expectOk(await signup({ code, username: 'enum-parent', name: '新家长', password: strong }, other));
  });
});

describe("the agency's parents", () => {
  beforeAll(async () => {
    agency = await t.login('agency');
  });
  const list = async (token: string, q = '', ag = 'demo') =>
    expectOk(await call<Page<AgencyParent>>('GET', `/v1/admin/parents?size=50${q}`, token, undefined, ag));

  it('lists parents linked to its students, searches, creates, links and unlinks', async () => {
    const all = await list(agency);
    const demoParent = all.list.find((p) => p.username === 'parent')!;
    AgencyParent.parse(demoParent);
    expect(demoParent.children.map((c) => c.username)).toContain('student');
    expect((await list(agency, `&keyword=${encodeURIComponent('李小明家')}`)).list.map((p) => p.username)).toEqual([
      'parent',
    ]);
    const students = expectOk(
      await call<{ id: string; username: string }[]>('GET', '/v1/admin/parent/students?keyword=classmate', agency),
    );
    expect(students.map((s) => s.username)).toEqual(['classmate']);
    const created = AgencyParent.parse(
      expectOk(
        await call('PUT', '/v1/admin/parent', agency, {
          username: 'made-parent',
          name: '机构建的家长',
          password: 'Tall-Green-Kettle-42',
          childIds: [students[0].id],
        }),
      ),
    );
    expect(created).toMatchObject({ mustChangePassword: true, createdHere: true });
    expect(created.children.map((c) => c.username)).toEqual(['classmate']);
    const linked = expectOk(
      await call<AgencyParent>('PUT', `/v1/admin/parent/${created.id}/child/${studentId}`, agency),
    );
    expect(linked.children.map((c) => c.username).sort()).toEqual(['classmate', 'student']);
    const unlinked = expectOk(
      await call<AgencyParent>('DELETE', `/v1/admin/parent/${created.id}/child/${classmateId}`, agency),
    );
    expect(unlinked.children.map((c) => c.username)).toEqual(['student']);
    // A DELETE again changes nothing and answers the same.
    expect(
      expectOk(await call<AgencyParent>('DELETE', `/v1/admin/parent/${created.id}/child/${classmateId}`, agency)),
    ).toEqual(unlinked);
    // The account must change its password at the first login.
    const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
      body: { request: { username: 'made-parent', password: 'Tall-Green-Kettle-42' } },
    });
    expect(expectOk(login).user.mustChangePassword).toBe(true);
  });

  it('bad input changes nothing; foreign ids are 404; other agencies see none of it', async () => {
    const before = (await list(agency)).total;
    for (const body of [
      { username: 'x', name: '家长', password: 'Tall-Green-Kettle-42' },
      { username: 'weak-parent', name: '家长', password: '12345678' },
      { username: 'student', name: '家长', password: 'Tall-Green-Kettle-42' },
    ])
      expectError(await call('PUT', '/v1/admin/parent', agency, body), 400);
    expectError(
      await call('PUT', '/v1/admin/parent', agency, {
        username: 'foreign-child',
        name: '家长',
        password: 'Tall-Green-Kettle-42',
        childIds: ['99999999'],
      }),
      404,
    );
    expect((await list(agency)).total).toBe(before);
    const demoParent = (await list(agency)).list.find((p) => p.username === 'parent')!;
    const other = await t.login('other');
    expect((await list(other, '', 'other')).total).toBe(0);
    expect(expectOk(await call<unknown[]>('GET', '/v1/admin/parent/students', other, undefined, 'other'))).toEqual([]);
    expectError(
      await call('PUT', `/v1/admin/parent/${demoParent.id}/child/${studentId}`, other, undefined, 'other'),
      404,
    );
    expectError(await call('GET', '/v1/admin/parents', other), 403);
    expectError(await call('GET', '/v1/admin/parents', await t.login('teacher')), 403);
  });
});
