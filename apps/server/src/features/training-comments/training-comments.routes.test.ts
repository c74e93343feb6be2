// API tests of training comments: staff comment on an ended training and on its answers (one each, a second
// write replaces), the student reads them, a teacher changes only their own, bad input changes nothing, and
// other students' and agencies' ids are not found.
import { TrainingComments, type Scheme, type Training, type TrainingRecord } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError as expectErrorOf, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser, joinDemoClass } from '../../test/test-users.js';
import { createTestBank, generalScheme, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let teacher2: string;
let student: string;
let classmate: string;
let other: string;
let bank: TestBank;
const call = schemeCalls(() => t);
/** expectError that hands the response back, to read its errmsg. */
const expectError = <R extends Parameters<typeof expectErrorOf>[0]>(r: R, errno: number): R => {
  expectErrorOf(r, errno);
  return r;
};

const comments = async (trainId: string, token: string) =>
  TrainingComments.parse(expectOk(await call<TrainingComments>('GET', `/v1/train/${trainId}/comments`, token)));
const save = (trainId: string, token: string, body: Record<string, unknown>) =>
  call<TrainingComments>('PUT', `/v1/train/${trainId}/comment`, token, body);

/** The student starts the scheme, answers the first question and, unless `keepRunning`, hands in. */
async function trainOnce(schemeId: string, keepRunning = false) {
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
  const q = tr.question!;
  expectOk(
    await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
      clientAnswerId: `comment-test-${tr.trainId}`,
      questionId: q.id,
      answer: ['A'],
    }),
  );
  if (!keepRunning) expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  const records = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student));
  return { trainId: tr.trainId, recordId: records[0].recordId };
}

let schemeId: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second teacher of the student's class: both read the student's records (docs/classes.md "Whose records a
  // teacher reads"; a teacher outside the class is refused in classes/student-records.routes.test.ts).
  await joinDemoClass(t, await addUser(t, 'teacher2', '赵老师', ['edu:agency:demo:teacher']));
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  let admin: string;
  [agency, teacher, teacher2, student, classmate, other, admin] = await Promise.all(
    ['agency', 'teacher', 'teacher2', 'student', 'classmate', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, generalScheme(bank)));
  schemeId = s.schemeId;
  expectOk(await call('POST', `/v1/train/scheme/${schemeId}/on`, agency));
});
afterAll(() => t.close());

describe('PUT /v1/train/:id/comment', () => {
  it('writes one comment on the training and one per answer, a second write replacing the first', async () => {
    const { trainId, recordId } = await trainOnce(schemeId);
    const empty = await comments(trainId, teacher);
    expect(empty).toMatchObject({ trainId, commentable: true, canComment: true, overall: null, records: [] });

    expectOk(await save(trainId, teacher, { content: '  整体不错，注意审题。  ' }));
    const after = TrainingComments.parse(
      expectOk(await save(trainId, teacher, { recordId, content: '这道题选项 B 的干扰要看清。' })),
    );
    expect(after.overall).toMatchObject({ content: '整体不错，注意审题。', author: '张老师', editable: true });
    expect(after.records).toEqual([
      expect.objectContaining({ recordId, content: '这道题选项 B 的干扰要看清。', author: '张老师' }),
    ]);

    expectOk(await save(trainId, teacher, { content: '改过的点评' }));
    const again = await comments(trainId, teacher);
    expect(again.overall?.content).toBe('改过的点评');
    expect(again.overall?.commentId).toBe(after.overall?.commentId);
    expect(again.records).toHaveLength(1);

    // The student reads them, may not write.
    const mine = await comments(trainId, student);
    expect(mine).toMatchObject({ canComment: false, overall: { content: '改过的点评', editable: false } });
    expect(mine.records[0]).toMatchObject({ recordId, editable: false });
    expectError(await save(trainId, student, { content: '我自己点评' }), 403);
  });

  it('refuses a running training, empty or overlong text and a foreign record, changing nothing', async () => {
    const running = await trainOnce(schemeId, true);
    const r = expectError(await save(running.trainId, teacher, { content: '太早了' }), 409);
    expect(r.body.errmsg).toContain('训练尚未结束');
    expect((await comments(running.trainId, teacher)).commentable).toBe(false);
    expectOk(await call('POST', `/v1/train/${running.trainId}/finish`, student));

    const { trainId } = await trainOnce(schemeId);
    const blank = expectError(await save(trainId, teacher, { content: '   ' }), 400);
    expect(blank.body.errmsg).toContain('请输入点评内容');
    expectError(await save(trainId, teacher, { content: '长'.repeat(2001) }), 400);
    const foreign = expectError(await save(trainId, teacher, { recordId: running.recordId, content: '别的训练' }), 400);
    expect(foreign.body.errmsg).toContain('不属于这次训练');
    expectError(await save(trainId, teacher, { recordId: 'abc', content: '坏编号' }), 400);
    expect(await comments(trainId, teacher)).toMatchObject({ overall: null, records: [] });
  });

  it("lets a teacher change and delete only their own comments, the agency's admin any", async () => {
    const { trainId, recordId } = await trainOnce(schemeId);
    const mine = expectOk(await save(trainId, teacher, { recordId, content: '张老师的点评' }));
    const commentId = mine.records[0].commentId;

    const seen = await comments(trainId, teacher2);
    expect(seen.records[0]).toMatchObject({ author: '张老师', editable: false });
    expect(expectError(await save(trainId, teacher2, { recordId, content: '赵老师改' }), 403).body.errmsg).toContain(
      '只能修改自己的点评',
    );
    expectError(await call('DELETE', `/v1/train/comment/${commentId}`, teacher2), 403);
    expect((await comments(trainId, teacher)).records[0]?.content).toBe('张老师的点评');

    // The agency admin may edit any; the editor becomes the author.
    expect((await comments(trainId, agency)).records[0]?.editable).toBe(true);
    const edited = expectOk(await save(trainId, agency, { recordId, content: '管理员修改' }));
    expect(edited.records[0]).toMatchObject({ content: '管理员修改', author: '演示机构管理员' });
    const left = expectOk(await call<TrainingComments>('DELETE', `/v1/train/comment/${commentId}`, agency));
    expect(left.records).toEqual([]);
    expectError(await call('DELETE', `/v1/train/comment/${commentId}`, agency), 404);
  });
});

describe('GET /v1/train/:id/comments', () => {
  it('answers 404 to another student, another agency and unknown ids', async () => {
    const { trainId } = await trainOnce(schemeId);
    const c = expectOk(await save(trainId, teacher, { content: '只给本人看' }));
    expectError(await call('GET', `/v1/train/${trainId}/comments`, classmate), 404);
    expectError(await call('GET', `/v1/train/${trainId}/comments`, other, undefined, 'other'), 404);
    expectError(await call('PUT', `/v1/train/${trainId}/comment`, other, { content: '外机构' }, 'other'), 404);
    expectError(await call('DELETE', `/v1/train/comment/${c.overall!.commentId}`, other, undefined, 'other'), 404);
    expectError(await call('GET', '/v1/train/99999999/comments', teacher), 404);
    expectError(await call('GET', '/v1/train/abc/comments', teacher), 404);
    expect((await comments(trainId, teacher)).overall?.content).toBe('只给本人看');
  });
});
