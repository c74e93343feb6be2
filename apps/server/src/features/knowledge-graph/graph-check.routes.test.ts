// API tests of the mastery check (docs/knowledge-graph.md "Practice") on real PGlite: 掌握测验 on a graph item is a
// paper of up to GRAPH_CHECK_QUESTIONS questions from its subtree; handed in all answered and all right it masters the
// point and readies what it unlocks; a check with a question left blank masters nothing (docs/practice-engine.md
// "Wrong-answer book and mastery"); a practice and a check of one point are two trainings, one running at a time.
import { GRAPH_CHECK_QUESTIONS, Training, type GraphItem, type StudentGraphs, type Training as T } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let learner: string;
let base: string;
let next: string;
let baseName: string;
let answerNo = 0;

type Method = 'GET' | 'PUT' | 'POST';
const call = <R>(method: Method, url: string, token: string, body?: unknown) =>
  t.call<R>(method, url, { token, agency: 'demo', ...(body === undefined ? {} : { body: { request: body } }) });

const start = async (knowledgeCode: string, mode?: 'practice' | 'check') =>
  expectOk(
    await call<{ trainId: string }>('POST', '/v1/student/knowledgegraph/practice', learner, {
      knowledgeCode,
      ...(mode ? { mode } : {}),
    }),
  ).trainId;
const read = async (trainId: string) => Training.parse(expectOk(await call<T>('GET', `/v1/train/${trainId}`, learner)));
const answer = async (trainId: string, questionId: string, value: string) =>
  expectOk(
    await call('POST', `/v1/train/${trainId}/answer`, learner, {
      clientAnswerId: `check-answer-${++answerNo}`,
      questionId,
      answer: [value],
    }),
  );
const finish = async (trainId: string) => expectOk(await call<T>('POST', `/v1/train/${trainId}/finish`, learner));
const states = async () => {
  const graphs = expectOk(await call<StudentGraphs>('GET', '/v1/student/knowledgegraph', learner));
  const graph = graphs.graphs.find((g) => g.group.name === '掌握测验图谱')!;
  return Object.fromEntries(graph.nodes.map((n) => [n.knowledgeCode, [n.state, n.mastery.level]]));
};

beforeAll(async () => {
  t = await createTestApp();
  const learnerId = await addUser(t, 'checker', '测验学生', ['edu:agency:demo:student']);
  // English in the student's profile: the graphs of their subjects (docs/knowledge-graph.md "States and mastery").
  await t.db.execute(
    sql`insert into agency_members (agency_id, user_id, subject_ids) values ('demo', ${learnerId}, '{en}')`,
  );
  learner = await t.login('checker');
  const [platformAdmin, agencyAdmin] = await Promise.all([t.login('admin'), t.login('agency')]);
  const as = <R>(token: string, method: Method, url: string, body: unknown, agency?: string) =>
    t.call<R>(method, url, { token, body: { request: body }, ...(agency ? { agency } : {}) });
  const kp = async (parent: string, name: string) =>
    expectOk(await as<{ code: string }>(platformAdmin, 'PUT', '/v1/exam/question/knowledgepoint', { parent, name }))
      .code;
  const chapter = await kp('en.g7', '掌握测验章');
  baseName = '测验基础';
  base = await kp(chapter, baseName);
  next = await kp(chapter, '测验后续');
  const repos = expectOk(
    await t.call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', {
      token: agencyAdmin,
      agency: 'demo',
    }),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  // One question more than a check asks: a check draws GRAPH_CHECK_QUESTIONS of them.
  for (let i = 0; i <= GRAPH_CHECK_QUESTIONS; i++)
    expectOk(
      await as(
        agencyAdmin,
        'PUT',
        '/v1/exam/question',
        {
          agencyId: 'demo',
          repoId,
          type: 'trueFalse',
          judgeType: 'auto',
          question: `<p>测验题 ${i}</p>`,
          knowledgeId: i === GRAPH_CHECK_QUESTIONS ? next : base,
          answer: ['T'],
        },
        'demo',
      ),
    );
  // The graph: base → next (the last question above sits on next, outside the checks of base).
  const group = expectOk(
    await as<{ id: string }>(platformAdmin, 'PUT', '/v1/knowledgraph/group', { name: '掌握测验图谱', subjectId: 'en' }),
  );
  const items = expectOk(
    await as<GraphItem[]>(platformAdmin, 'PUT', `/v1/knowledgraph/group/${group.id}/items`, {
      knowledgeCodes: [base, next],
    }),
  );
  const id = (code: string) => items.find((i) => i.knowledgeCode === code)!.id;
  expectOk(
    await as(platformAdmin, 'PUT', `/v1/knowledgraph/group/${group.id}/edges`, {
      fromItemId: id(base),
      toItemId: id(next),
    }),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('mastery check', () => {
  it('is a paper of the subtree; a blank question masters nothing, all right masters and readies the next', async () => {
    expect(await states()).toEqual({ [base]: ['ready', null], [next]: ['locked', null] });

    // A practice first, then a check of the same point: the practice is finished, the check is a paper.
    const practice = await start(base);
    expect((await read(practice)).paper).toBeFalsy();
    const first = await start(base, 'check');
    expect(first).not.toBe(practice);
    expect((await read(practice)).status).toBe('finished');
    const check = await read(first);
    expect(check.title).toBe(`掌握测验：${baseName}`);
    // The page knows what runs, to ask before ending it (docs/knowledge-graph.md "Practice").
    const graphs = expectOk(await call<StudentGraphs>('GET', '/v1/student/knowledgegraph', learner));
    expect(graphs.running).toEqual({
      trainId: first,
      knowledgeCode: base,
      mode: 'check',
      title: `掌握测验：${baseName}`,
      answered: 0,
    });
    expect(check.paper?.questions).toHaveLength(GRAPH_CHECK_QUESTIONS);
    // Started again: the same running check.
    expect(await start(base, 'check')).toBe(first);

    // All but one answered right, handed in: not mastered (the paper was not whole).
    const questions = check.paper!.questions.map((q) => q.id);
    for (const q of questions.slice(1)) await answer(first, q, 'T');
    expect(await finish(first)).toMatchObject({ status: 'finished', answered: questions.length - 1 });
    const [state, level] = (await states())[base];
    expect(state).toBe('ready');
    expect(level).not.toBe('mastered');

    // A whole check all right: mastered, and the point it unlocks is ready.
    const second = await start(base, 'check');
    expect(second).not.toBe(first);
    const paper = (await read(second)).paper!.questions.map((q) => q.id);
    for (const q of paper) await answer(second, q, 'T');
    await finish(second);
    expect(await states()).toEqual({ [base]: ['mastered', 'mastered'], [next]: ['ready', null] });
  });

  it('refuses an unknown mode', async () => {
    expectError(
      await call('POST', '/v1/student/knowledgegraph/practice', learner, { knowledgeCode: base, mode: 'exam' }),
      400,
    );
  });
});
