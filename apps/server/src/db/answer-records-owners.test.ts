// The agency and the student of an answer record, checked by triggers instead of foreign keys (migrations 0053 and
// 0056, docs/performance.md "The agency's row locked by every answer", "The student's row locked by every answer"):
// a record of no agency or of no user is refused as the foreign keys refused it, and an agency's or a user's deletion
// still takes its records along — on the driver under test.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { databaseErrorOf } from '../lib/db-errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A question and a user of the demo agency to hang records on. */
async function anchors(): Promise<{ questionId: number; userId: number }> {
  const [q] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from questions order by id limit 1`));
  const [u] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from users order by id limit 1`));
  return { questionId: Number(q.id), userId: Number(u.id) };
}

const insertRecords = (agencies: string[], a: { questionId: number; userId: number }) =>
  t.db.execute(sql`insert into answer_records (agency_id, question_id, version, user_id)
    select x, ${a.questionId}, 1, ${a.userId} from jsonb_array_elements_text(${JSON.stringify(agencies)}::jsonb) as x
    returning id`);

/** Records of the demo agency, one for each user id given. */
const insertForUsers = (userIds: number[], questionId: number) =>
  t.db.execute(sql`insert into answer_records (agency_id, question_id, version, user_id)
    select 'demo', ${questionId}, 1, x::bigint from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as x
    returning id`);

/** What the statement failed with, or undefined when it succeeded. */
const errorOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

const sqlStateOf = async (p: Promise<unknown>) => {
  const err = await errorOf(p);
  return err === undefined ? 'no error' : databaseErrorOf(err)?.code;
};

/** The messages of an error and of its causes, one after the other. */
function messagesOf(err: unknown): string {
  const messages: string[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) messages.push(e.message);
  return messages.join(' / ');
}

const countOfUser = (userId: number) => countWhere(sql`user_id = ${userId}`);

/** A user made for one test. */
async function newUser(loginName: string): Promise<number> {
  const [u] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into users (username, name, password_hash)
      values (${loginName}, ${loginName}, 'x') returning id`),
  );
  return Number(u.id);
}

/** Answer records matching a condition. */
const countWhere = async (condition: SQL) =>
  Number(
    rowsOf<{ n: string }>(await t.db.execute(sql`select count(*) as n from answer_records where ${condition}`))[0].n,
  );

const countOf = (agency: string) => countWhere(sql`agency_id = ${agency}`);

/** The foreign keys from answer_records to a table. */
const foreignKeysTo = async (table: 'agencies' | 'users') =>
  rowsOf<{ name: string }>(
    await t.db.execute(sql`select conname as name from pg_constraint
      where contype = 'f' and conrelid = 'answer_records'::regclass and confrelid = ${table}::regclass`),
  );

describe('answer records name an agency (migration 0053)', () => {
  it('has no foreign key to agencies, whose check would lock the agency row in every batch of answers', async () => {
    expect(await foreignKeysTo('agencies')).toEqual([]);
  });

  it('refuses a record of an unknown agency, alone or in a batch with known ones, and stores none of the batch', async () => {
    const a = await anchors();
    expect(await sqlStateOf(insertRecords(['no-such-agency'], a))).toBe('23503');
    expect(await sqlStateOf(insertRecords(['demo', 'no-such-agency', 'demo'], a))).toBe('23503');
    expect(await countOf('no-such-agency')).toBe(0);
    const before = await countOf('demo');
    await insertRecords(['demo', 'demo'], a);
    expect(await countOf('demo')).toBe(before + 2);
  });

  it('refuses moving a record to an unknown agency; other updates pass', async () => {
    const a = await anchors();
    const [r] = rowsOf<{ id: number }>(await insertRecords(['demo'], a));
    expect(
      await sqlStateOf(t.db.execute(sql`update answer_records set agency_id = 'no-such-agency' where id = ${r.id}`)),
    ).toBe('23503');
    await t.db.execute(sql`update answer_records set score = 1 where id = ${r.id}`);
    const [after] = rowsOf<{ agency_id: string; score: number }>(
      await t.db.execute(sql`select agency_id, score from answer_records where id = ${r.id}`),
    );
    expect(after).toEqual({ agency_id: 'demo', score: 1 });
  });

  it("deletes an agency's records with the agency, and keeps an agency's id while records name it", async () => {
    const a = await anchors();
    await t.db.execute(sql`insert into agencies (id, name) values ('agency-check-a', '甲'), ('agency-check-b', '乙')`);
    await insertRecords(['agency-check-a', 'agency-check-a', 'agency-check-b'], a);
    expect(
      await sqlStateOf(t.db.execute(sql`update agencies set id = 'agency-check-c' where id = 'agency-check-b'`)),
    ).toBe('23503');
    await t.db.execute(sql`delete from agencies where id = 'agency-check-a'`);
    expect(await countOf('agency-check-a')).toBe(0);
    expect(await countOf('agency-check-b')).toBe(1);
  });
});

describe('answer records name a user (migration 0056)', () => {
  it('has no foreign key to users, whose check would lock the student row with every answer', async () => {
    expect(await foreignKeysTo('users')).toEqual([]);
  });

  it('refuses a record of an unknown user, alone or in a batch with known ones, and stores none of the batch', async () => {
    const { questionId, userId } = await anchors();
    const unknown = 9_000_000_001;
    const alone = await errorOf(insertForUsers([unknown], questionId));
    expect(databaseErrorOf(alone)?.code).toBe('23503');
    expect(messagesOf(alone)).toMatch(/violates the student check/);
    expect(await sqlStateOf(insertForUsers([userId, unknown, userId], questionId))).toBe('23503');
    expect(await countOfUser(unknown)).toBe(0);
    const before = await countOfUser(userId);
    await insertForUsers([userId, userId], questionId);
    expect(await countOfUser(userId)).toBe(before + 2);
  });

  it('names the agency when both the agency and the user are unknown', async () => {
    const { questionId } = await anchors();
    const both = t.db.execute(sql`insert into answer_records (agency_id, question_id, version, user_id)
      values ('no-such-agency', ${questionId}, 1, 9000000002)`);
    const err = await errorOf(both);
    expect(databaseErrorOf(err)?.code).toBe('23503');
    expect(messagesOf(err)).toMatch(/violates the agency check/);
  });

  it('refuses moving a record to an unknown user; other updates pass', async () => {
    const a = await anchors();
    const [r] = rowsOf<{ id: number }>(await insertForUsers([a.userId], a.questionId));
    expect(await sqlStateOf(t.db.execute(sql`update answer_records set user_id = 9000000003 where id = ${r.id}`))).toBe(
      '23503',
    );
    await t.db.execute(sql`update answer_records set score = 2 where id = ${r.id}`);
    const [after] = rowsOf<{ user_id: number; score: number }>(
      await t.db.execute(sql`select user_id, score from answer_records where id = ${r.id}`),
    );
    expect({ userId: Number(after.user_id), score: after.score }).toEqual({ userId: a.userId, score: 2 });
  });

  it("deletes a user's records with the user, and keeps a user's id while records name it", async () => {
    const { questionId } = await anchors();
    const gone = await newUser('owner-check-gone');
    const kept = await newUser('owner-check-kept');
    await insertForUsers([gone, gone, kept], questionId);
    // A user's id is an identity generated always: the only change it takes is a new one drawn by DEFAULT.
    expect(await sqlStateOf(t.db.execute(sql`update users set id = default where id = ${kept}`))).toBe('23503');
    await t.db.execute(sql`delete from users where id = ${gone}`);
    expect(await countOfUser(gone)).toBe(0);
    expect(await countOfUser(kept)).toBe(1);
  });
});
