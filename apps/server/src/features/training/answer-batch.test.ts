// Answers arriving together are written by one statement (training.repository.ts `answerBatch`,
// docs/performance.md "Answers written together"): each keeps its own outcome — stored, missed because its
// training changed, or failed — and a failing answer never takes the others of its batch with it.
import type { Training } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../lib/api-error.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { countStatements, type StatementCounter } from '../../test/statement-counter.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from './training-fixtures.test-helper.js';
import { TrainingRepository } from './training.repository.js';

let t: TestApp;
let agency: string;
let tokens: string[];
let bank: TestBank;
let schemeId: string;
let repo: TrainingRepository;
let counter: StatementCounter;
const call = schemeCalls(() => t);
let writeNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  let student: string;
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  tokens = [student];
  for (const name of ['batch-a', 'batch-b', 'batch-c']) {
    await addUser(t, name, `同学${name}`, ['edu:agency:demo:student']);
    tokens.push(await t.login(name));
  }
  schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single, bank.trueFalse], { title: '批量' }));
  repo = new TrainingRepository(t.database.db);
  counter = countStatements(t.database);
});
afterAll(() => t.close());

const exec = async <T>(q: ReturnType<typeof sql>) => {
  const r: unknown = await t.database.db.execute(q);
  return (r as { rows: T[] }).rows;
};

/** Each student's running training of the scheme (started now, or the one left running by an earlier test). */
async function runningTrainings(): Promise<number[]> {
  const ids: number[] = [];
  for (const token of tokens) {
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, token));
    ids.push(Number(tr.trainId));
  }
  return ids;
}

type Args = Parameters<TrainingRepository['recordAnswer']>;

/** The arguments of recordAnswer for the training as stored now: an answer to its first question, A. */
async function answerTo(trainingId: number, clientAnswerId = `batch-write-${++writeNo}`): Promise<Args> {
  const [{ agency_id: agencyId }] = await exec<{ agency_id: string }>(
    sql`select agency_id from trainings where id = ${trainingId}`,
  );
  const found = await repo.forAnswer(trainingId, agencyId, clientAnswerId, Number(bank.single), Date.now());
  if (!found?.question || found.questionXmin === null) throw new Error('the training or its question is missing');
  const { row, question } = found;
  const now = new Date();
  const before = row.state as { answers: unknown[] };
  const state = { ...before, answers: [...before.answers, { questionId: bank.single, written: clientAnswerId }] };
  return [
    {
      agencyId,
      questionId: question.id,
      version: question.version,
      userId: row.userId,
      trainingId,
      clientAnswerId,
      submission: { answer: ['A'] },
      result: { isCorrect: true, score: 1 },
      score: 1,
      isCorrect: true,
      first: true,
      phase: '练习',
      point: '固定',
      createdAt: now,
    },
    trainingId,
    row.eventCount,
    [{ type: 'answer', at: now.getTime(), questionId: bank.single, score: 1, isCorrect: true }],
    before,
    {
      state,
      status: 'running',
      answered: 1,
      correct: 1,
      credit: 1,
      score: 1,
      maxScore: 2,
      endedAt: null,
      updatedAt: now,
    },
    Number(bank.trueFalse),
    { xmin: found.xmin, questionXmin: found.questionXmin },
  ];
}

const write = (args: Args) => repo.recordAnswer(...args);
/** What each training holds now: records, log events and answer rows. */
const heldBy = (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => {
      const [r] = await exec<{ records: number; events: number; answers: number }>(sql`
        select (select count(*)::int from answer_records where training_id = ${id}) as records,
               (select count(*)::int from training_events where training_id = ${id}) as events,
               (select count(*)::int from training_answers where training_id = ${id}) as answers`);
      return r;
    }),
  );

describe('answers written together', () => {
  it('answers of one turn share one statement, each stored with its own record, events and answer row', async () => {
    const ids = await runningTrainings();
    const before = await heldBy(ids);
    const args = await Promise.all(ids.map((id) => answerTo(id)));
    counter.reset();
    const stored = await Promise.all(args.map(write));
    expect(counter.count).toBe(1);
    expect(new Set(stored.map((s) => s?.id)).size).toBe(ids.length);
    for (const s of stored) {
      expect(s?.next?.id).toBe(Number(bank.trueFalse));
      expect(s?.nextXmin).toEqual(expect.any(String));
    }
    const after = await heldBy(ids);
    after.forEach((a, i) => {
      expect(a.records).toBe(before[i].records + 1);
      expect(a.events).toBe(before[i].events + 1);
      expect(a.answers).toBe(before[i].answers + 1);
    });
    // Each record is its own training's, under its own clientAnswerId.
    for (const [i, s] of stored.entries()) {
      const [r] = await exec<{ training_id: string; client_answer_id: string }>(
        sql`select training_id, client_answer_id from answer_records where id = ${s?.id}`,
      );
      expect(Number(r.training_id)).toBe(ids[i]);
      expect(r.client_answer_id).toBe(args[i][0].clientAnswerId);
    }
  });

  it('a training written since it was read misses alone; the others of the batch are stored', async () => {
    const ids = await runningTrainings();
    const args = await Promise.all(ids.map((id) => answerTo(id)));
    await exec(sql`update trainings set updated_at = updated_at where id = ${ids[1]}`);
    const before = await heldBy(ids);
    counter.reset();
    const stored = await Promise.all(args.map(write));
    expect(counter.count).toBe(1);
    expect(stored[1]).toBeUndefined();
    expect(stored.filter((s) => s !== undefined)).toHaveLength(ids.length - 1);
    const after = await heldBy(ids);
    expect(after[1]).toEqual(before[1]);
    expect(after[0].records).toBe(before[0].records + 1);
  });

  it('an answer already stored fails alone: the batch is written again one answer a statement', async () => {
    const ids = await runningTrainings();
    const clientAnswerId = `batch-repeat-${++writeNo}`;
    expect(await write(await answerTo(ids[0], clientAnswerId))).toBeDefined();
    // The same clientAnswerId again, on the training as it is now (so only the record's key collides).
    const repeat = await answerTo(ids[0], clientAnswerId);
    const others = await Promise.all(ids.slice(1).map((id) => answerTo(id)));
    const before = await heldBy(ids);
    counter.reset();
    const outcomes = await Promise.allSettled([repeat, ...others].map(write));
    // The batch's statement, then one statement per answer.
    expect(counter.count).toBe(1 + ids.length);
    expect(outcomes[0].status).toBe('rejected');
    expect(isUniqueViolation((outcomes[0] as PromiseRejectedResult).reason)).toBe(true);
    for (const o of outcomes.slice(1)) expect(o.status === 'fulfilled' && o.value !== undefined).toBe(true);
    const after = await heldBy(ids);
    expect(after[0]).toEqual(before[0]);
    for (let i = 1; i < ids.length; i++) expect(after[i].records).toBe(before[i].records + 1);
  });

  it('one training twice in a batch: one of the two is stored, the other misses', async () => {
    const [id] = await runningTrainings();
    const a = await answerTo(id);
    const b = await answerTo(id);
    const before = await heldBy([id]);
    const stored = await Promise.all([a, b].map(write));
    expect(stored.filter((s) => s !== undefined)).toHaveLength(1);
    const [after] = await heldBy([id]);
    expect(after.records).toBe(before[0].records + 1);
    expect(after.events).toBe(before[0].events + 1);
  });
});

describe('the question shown next, sent once a version (question-copies.ts)', () => {
  it('is sent once, then shown from the kept copy until it, its knowledge point or its tags change', async () => {
    const copies = new TrainingRepository(t.database.db, 10);
    const [id] = await runningTrainings();
    const trueFalse = Number(bank.trueFalse);
    const shown = async () => {
      const stored = await copies.recordAnswer(...(await answerTo(id)));
      if (!stored?.next) throw new Error('the answer was not stored with a question shown next');
      expect(stored.next.id).toBe(trueFalse);
      return stored.next;
    };
    const first = await shown();
    expect(copies.shownNext.counts).toEqual({ sent: 1, kept: 0 });
    expect(await shown()).toEqual(first);
    expect(copies.shownNext.counts).toEqual({ sent: 1, kept: 1 });

    await exec(sql`update questions set title = '改过的判断题' where id = ${trueFalse}`);
    expect((await shown()).title).toBe('改过的判断题');
    expect(copies.shownNext.counts).toEqual({ sent: 2, kept: 1 });

    await exec(sql`update knowledge_points set name = '改过的知识点' where code = ${first.knowledgeCode}`);
    const renamed = await shown();
    expect(renamed.kpName).toBe('改过的知识点');
    expect(renamed.title).toBe('改过的判断题');
    expect(copies.shownNext.counts).toEqual({ sent: 3, kept: 1 });

    // A tag given to the question, then renamed: neither row changes, the names read with the answer do.
    const [tag] = await exec<{ id: string }>(
      sql`insert into tags (agency_id, name) select agency_id, '送题前的标签' from questions where id = ${trueFalse}
          returning id`,
    );
    await exec(sql`insert into question_tags (question_id, tag_id) values (${trueFalse}, ${tag.id})`);
    expect((await shown()).tagNames).toContain('送题前的标签');
    await exec(sql`update tags set name = '改名后的标签' where id = ${tag.id}`);
    const retagged = await shown();
    expect(retagged.tagNames).toContain('改名后的标签');
    expect(retagged.tagNames).not.toContain('送题前的标签');
    expect(retagged).toEqual({ ...renamed, tagNames: retagged.tagNames });
    expect(copies.shownNext.counts).toEqual({ sent: 3, kept: 3 });
  });

  it('keeps nothing at size 0: every answer sends the question', async () => {
    const [id] = await runningTrainings();
    const before = { ...repo.shownNext.counts };
    await repo.recordAnswer(...(await answerTo(id)));
    await repo.recordAnswer(...(await answerTo(id)));
    expect(repo.shownNext.counts).toEqual({ sent: before.sent + 2, kept: before.kept });
  });
});
