// A running paper's questions as its students see them, kept per process (paper-views.ts): every answer to the paper
// answers the whole paper from the kept views while the bank version stands, and a teacher's edit of one of its
// questions in place (its version kept) shows in the very next answer.
import type { Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { countStatements } from '../../test/statement-counter.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let bank: TestBank;
let paper: string;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  const admin = await t.login('admin');
  agency = await t.login('agency');
  bank = await createTestBank(t, admin, agency);
  paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
});
afterAll(() => t.close());

type Answered = { training: Training };
const answer = (student: string, tr: Training, questionId: string, n: number) =>
  call<Answered>('POST', `/v1/train/${tr.trainId}/answer`, student, {
    clientAnswerId: `paper-views-${tr.trainId}-${n}`,
    questionId,
    answer: questionId === bank.single ? ['A'] : ['T'],
  });
const contentOf = (tr: Training, id: string) => tr.paper?.questions.find((q) => q.id === id)?.question;

describe("a running paper's questions", () => {
  it('are read once for the students sitting it, and an edit in place shows in the next answer', async () => {
    const [student, classmate] = await Promise.all([t.login('student'), t.login('classmate')]);
    const mine = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student));
    const first = expectOk(await answer(student, mine, bank.trueFalse, 1)).training;
    expect(first.paper?.questions.map((q) => q.id)).toEqual([bank.single, bank.trueFalse]);
    expect(first.paper?.answers).toEqual({ [bank.trueFalse]: ['T'] });
    expect(t.app.services.training.paperViews.size).toBe(1);

    // The classmate's answer shows the same paper without reading its questions (on PostgreSQL the counter has the
    // statements' text; the question page's statement is named question_page_…).
    const theirs = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, classmate));
    const counter = countStatements(t.database);
    counter.reset();
    const seen = expectOk(await answer(classmate, theirs, bank.single, 1)).training;
    expect(seen.paper?.questions).toEqual(first.paper?.questions);
    expect(seen.paper?.answers).toEqual({ [bank.single]: ['A'] });
    if (t.database.kind === 'postgres') {
      expect(counter.texts.length).toBeGreaterThan(0);
      expect(counter.texts.filter((q) => q.includes('question_page'))).toEqual([]);
    }

    // The author rewrites the single-choice question: every edit moves the bank version, whether it keeps the
    // question's version (no answer records yet) or makes a new one.
    const current = expectOk(await call<Record<string, unknown>>('GET', `/v1/exam/question/${bank.single}`, agency));
    expectOk(
      await call('POST', `/v1/exam/question/${bank.single}`, agency, {
        ...current,
        question: '<p>改写后的题目</p>',
      }),
    );
    const after = expectOk(await answer(student, mine, bank.single, 2)).training;
    // Presented as the student sees it: its words wrapped for the word lookup, so the text is compared without tags.
    expect(contentOf(after, bank.single)?.replace(/<[^>]*>/g, '')).toBe('改写后的题目');
    expect(contentOf(after, bank.trueFalse)).toBe(contentOf(first, bank.trueFalse));
  });
});
