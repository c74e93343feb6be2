// Fixtures of the statistics API tests: extra demo students (logged in like `student`), a paper of three
// auto-judged questions, and trainings run over HTTP exactly as a student would.
import { eq } from 'drizzle-orm';
import { userRoles, users } from '../../db/schema.js';
import { expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

export interface StatsWorld {
  bank: TestBank;
  /** Three auto-judged questions: Q1 trueFalse (T), Q2 singleChoice (A), Q3 trueFalse (F). */
  q: [string, string, string];
  right: Record<string, string[]>;
  wrong: Record<string, string[]>;
  paperId: string;
}

/** Students of demo with the demo password: [userId, token] per name. */
export async function addStudents(t: TestApp, names: string[]): Promise<{ id: number; token: string }[]> {
  const [model] = await t.db.select().from(users).where(eq(users.username, 'student'));
  const out: { id: number; token: string }[] = [];
  for (const [i, name] of names.entries()) {
    const username = `stats-student-${i + 1}`;
    const [row] = await t.db
      .insert(users)
      .values({ username, name, passwordHash: model.passwordHash })
      .returning({ id: users.id });
    await t.db.insert(userRoles).values({ userId: row.id, role: 'edu:agency:demo:student' });
    out.push({ id: row.id, token: await t.login(username) });
  }
  return out;
}

export async function createStatsWorld(t: TestApp, admin: string, agency: string): Promise<StatsWorld> {
  const call = schemeCalls(() => t);
  const bank = await createTestBank(t, admin, agency);
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const q3 = expectOk(
    await call<{ id: string }>('PUT', '/v1/exam/question', agency, {
      agencyId: 'demo',
      repoId: repos.list.find((r) => r.owned)!.id,
      type: 'trueFalse',
      judgeType: 'auto',
      question: '<p>统计测试题 3</p>',
      knowledgeId: bank.kp,
      answer: ['F'],
    }),
  ).id;
  const q: [string, string, string] = [bank.trueFalse, bank.single, q3];
  const paper = expectOk(
    await call<{ schemeId: string }>('POST', '/v1/train/scheme/ordered/submit', agency, {
      title: '统计测试卷',
      kpRange: ['en.g7'],
      timeLimit: 0,
      questionIds: q,
      trainRepoId: bank.trainRepoId,
    }),
  );
  expectOk(await call('POST', `/v1/train/scheme/${paper.schemeId}/on`, agency));
  return {
    bank,
    q,
    right: { [q[0]]: ['T'], [q[1]]: ['A'], [q[2]]: ['F'] },
    wrong: { [q[0]]: ['F'], [q[1]]: ['B'], [q[2]]: ['T'] },
    paperId: paper.schemeId,
  };
}

let answerNo = 0;

/** One training of the scheme: answers each question right (1) or wrong (0), skips null, then finishes. */
export async function runPaper(
  t: TestApp,
  w: StatsWorld,
  token: string,
  marks: (0 | 1 | null)[],
  schemeId = w.paperId,
): Promise<string> {
  const call = schemeCalls(() => t);
  const training = expectOk(await call<{ trainId: string }>('PUT', `/v1/train/scheme/${schemeId}/start`, token));
  for (const [i, m] of marks.entries()) {
    if (m === null) continue;
    const questionId = w.q[i];
    expectOk(
      await call('POST', `/v1/train/${training.trainId}/answer`, token, {
        clientAnswerId: `stats-answer-${++answerNo}`,
        questionId,
        answer: m === 1 ? w.right[questionId] : w.wrong[questionId],
      }),
    );
  }
  expectOk(await call('POST', `/v1/train/${training.trainId}/finish`, token));
  return training.trainId;
}
