// The request path's smoke (docs/performance.md "Request path"): the statements each hot route sends to the
// database per request, on warm caches (the user's session and the route's own caches filled by a request just
// before), held to the numbers documented in that section's table. A change that adds a statement to a hot route
// fails here, in seconds, before any bench sees it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, expectOk, type TestApp } from './test/test-app.js';
import { users } from './db/schema.js';
import { taskOpenNow } from './features/tasks/task-fixtures.test-helper.js';
import { countStatements, type StatementCounter } from './test/statement-counter.js';
import { addUser } from './test/test-users.js';
import { DEMO_PASSWORD } from './seed/seed-data.js';
import { createTestBank, schemeCalls, type TestBank } from './features/schemes/scheme-fixtures.test-helper.js';
import { generalSchemeOn, onePointScheme, paperScheme } from './features/training/training-fixtures.test-helper.js';

/** The documented limits: the rows of the table under "Statements per request" (route in backticks, limit last). */
function documentedLimits(): Map<string, number> {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/performance.md'), 'utf8');
  const start = doc.indexOf('### Statements per request');
  if (start < 0) throw new Error('docs/performance.md has no "Statements per request" section');
  const section = doc.slice(start, doc.indexOf('\n#', start + 1));
  const limits = new Map<string, number>();
  for (const m of section.matchAll(/^\|\s*`([A-Z]+ [^`]+)`\s*\|.*\|\s*(\d+)\s*\|$/gmu)) limits.set(m[1], Number(m[2]));
  return limits;
}

let t: TestApp;
let counter: StatementCounter;
let student: string;
let classmate: string;
let agency: string;
let bank: TestBank;
const call = schemeCalls(() => t);
const measured = new Map<string, number>();

/** The statements of one request (the request's own: nothing else runs meanwhile). */
async function statementsOf(route: string, send: () => Promise<{ status: number }>): Promise<number> {
  counter.reset();
  const r = await send();
  expect(r.status, route).toBe(200);
  measured.set(route, counter.count);
  if (process.env.STATEMENTS_REPORT)
    console.log(
      route,
      counter.texts.map((q) => q.slice(0, 160)),
    );
  return counter.count;
}

beforeAll(async () => {
  t = await createTestApp();
  // The job queue polls the database every second: stopped, so that only the requests' statements count.
  await t.app.services.jobs.stop();
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  let admin: string;
  [agency, student, classmate, admin] = await Promise.all(
    ['agency', 'student', 'classmate', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  counter = countStatements(t.database);
});
afterAll(() => t.close());

describe('statements per request on the hot routes (docs/performance.md "Request path")', () => {
  const limits = documentedLimits();
  const within = (route: string, n: number) => {
    const limit = limits.get(route);
    expect(limit, `${route} has no documented limit`).toBeDefined();
    expect(n, `${route}: ${n} statements, documented ${limit}`).toBeLessThanOrEqual(limit!);
  };

  it('GET /v1/health reads nothing', async () => {
    within('GET /v1/health', await statementsOf('GET /v1/health', () => t.call('GET', '/v1/health')));
  });

  it('POST /v1/auth/login', async () => {
    const n = await statementsOf('POST /v1/auth/login', () =>
      t.call('POST', '/v1/auth/login', { body: { request: { username: 'student', password: DEMO_PASSWORD } } }),
    );
    within('POST /v1/auth/login', n);
  });

  it('a start and an answer to a running training, each after the same call of a classmate', async () => {
    // One visit of the bank's two auto-judged questions: the first answer leaves the training running.
    const schemeId = await generalSchemeOn(
      call,
      agency,
      onePointScheme(bank, '语句计数', {
        name: '基础',
        selectors: { types: ['singleChoice', 'trueFalse'] },
        repeat: 2,
        requireCorrect: 2,
      }),
    );
    const answerBody = (tr: Training, n: number) => ({
      clientAnswerId: `statements-${n}-${tr.trainId}`,
      questionId: tr.question!.id,
      answer: tr.question!.id === bank.single ? ['A'] : ['T'],
    });
    // The classmate's calls fill the caches (scheme, candidates); the student's session is read once before.
    const warm = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, classmate));
    expectOk(await call('POST', `/v1/train/${warm.trainId}/answer`, classmate, answerBody(warm, 1)));
    expectOk(await call('GET', '/v1/train/open/schemes', student));

    let tr: Training | undefined;
    const start = await statementsOf('PUT /v1/train/scheme/:id/start', async () => {
      const r = await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student);
      tr = r.body.response;
      return r;
    });
    within('PUT /v1/train/scheme/:id/start', start);
    // The start left this process a copy of the training (features/training/answering-cache.ts): the answer to
    // the question it showed is the write alone.
    let next: Training | undefined;
    const answer = await statementsOf('POST /v1/train/:id/answer', async () => {
      const r = await call<{ training: Training }>(
        'POST',
        `/v1/train/${tr!.trainId}/answer`,
        student,
        answerBody(tr!, 1),
      );
      next = r.body.response?.training;
      return r;
    });
    within('POST /v1/train/:id/answer', answer);
    expect(next?.question, 'the first answer leaves a question to answer').toBeTruthy();
    // Without the copy (another process wrote the training, or this one restarted) the answer reads first.
    t.app.services.training.answering.drop(Number(tr!.trainId));
    const uncopied = 'POST /v1/train/:id/answer (no copy)';
    within(
      uncopied,
      await statementsOf(uncopied, () =>
        call('POST', `/v1/train/${tr!.trainId}/answer`, student, answerBody(next!, 2)),
      ),
    );
    // The classmate hands in (交卷) the training still running: a whole exam does so at once when its time is up.
    const finish = 'POST /v1/train/:id/finish';
    const handedIn = await statementsOf(finish, () => call('POST', `/v1/train/${warm.trainId}/finish`, classmate));
    within(finish, handedIn);
  });

  it('a paper: its start, an answer and the hand-in, each after the same call of a classmate', async () => {
    const paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
    const answerOf = (tr: Training, id: string, n: number) => ({
      clientAnswerId: `paper-${n}-${tr.trainId}`,
      questionId: id,
      answer: id === bank.single ? ['A'] : ['T'],
    });
    const warm = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, classmate));
    expectOk(await call('POST', `/v1/train/${warm.trainId}/answer`, classmate, answerOf(warm, bank.single, 1)));
    expectOk(await call('POST', `/v1/train/${warm.trainId}/finish`, classmate));
    let tr: Training | undefined;
    const start = 'PUT /v1/train/scheme/:id/start (paper)';
    const started = await statementsOf(start, async () => {
      const r = await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student);
      tr = r.body.response;
      return r;
    });
    within(start, started);
    // Every answer to a running paper answers the whole paper (its questions kept: features/training/paper-views.ts).
    const answer = 'POST /v1/train/:id/answer (paper)';
    for (const [n, id] of [bank.single, bank.trueFalse].entries())
      within(
        answer,
        await statementsOf(answer, () =>
          call('POST', `/v1/train/${tr!.trainId}/answer`, student, answerOf(tr!, id, n)),
        ),
      );
    const finish = 'POST /v1/train/:id/finish (paper)';
    within(finish, await statementsOf(finish, () => call('POST', `/v1/train/${tr!.trainId}/finish`, student)));
  });

  it("a paper given as a task: a student's start through the task, after a classmate's", async () => {
    const paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
    const members = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['student', 'classmate']));
    const taskId = await taskOpenNow(
      t,
      call,
      agency,
      paper,
      members.map((u) => u.id),
    );
    const doTask = (token: string) => call<Training>('PUT', `/v1/student/task/${taskId}/do`, token);
    expectOk(await doTask(classmate));
    const route = 'PUT /v1/student/task/:id/do (paper)';
    within(route, await statementsOf(route, () => doTask(student)));
  });

  it("the bench's single-INSERT route: a train repository created, the created row answered by the insert", async () => {
    const create = (name: string) =>
      call<{ id: string; name: string; agencyName: string; schemeCount: number; owned: boolean }>(
        'PUT',
        '/v1/train/repository',
        agency,
        { name, description: '', shared: false },
      );
    expectOk(await create('语句计数库一'));
    let created: Awaited<ReturnType<typeof create>>['body']['response'] | undefined;
    const route = 'PUT /v1/train/repository';
    within(
      route,
      await statementsOf(route, async () => {
        const r = await create('语句计数库二');
        created = r.body.response;
        return r;
      }),
    );
    // The answer is the row as a read of it gives it.
    const read = expectOk(await call<unknown>('GET', `/v1/train/repository/${created!.id}`, agency));
    expect(created).toEqual(read);
    expect(created).toMatchObject({ name: '语句计数库二', schemeCount: 0, owned: true });
  });

  it('the question list and the knowledge trees, read twice', async () => {
    const list = () => call('POST', '/v1/exam/question/list?start=0&size=20', agency, { knowledgeIds: [bank.kp] });
    expectOk(await list());
    within('POST /v1/exam/question/list', await statementsOf('POST /v1/exam/question/list', list));
    const tree = () => t.call('GET', '/v1/exam/question/knowledgepoints/tree', { token: student });
    expectOk(await tree());
    within(
      'GET /v1/exam/question/knowledgepoints/tree',
      await statementsOf('GET /v1/exam/question/knowledgepoints/tree', tree),
    );
    const specList = () => t.call('GET', '/v1/exam/question/knowledgepoints', { token: student, agency: 'demo' });
    expectOk(await specList());
    within(
      'GET /v1/exam/question/knowledgepoints',
      await statementsOf('GET /v1/exam/question/knowledgepoints', specList),
    );
  });

  afterAll(() => {
    if (process.env.STATEMENTS_REPORT) console.log(JSON.stringify(Object.fromEntries(measured)));
  });
});
