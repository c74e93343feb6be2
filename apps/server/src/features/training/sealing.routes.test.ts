// The sealing rule over the API (docs/practice-engine.md "Sealing"): while a paper of the student runs, no other
// training of theirs draws its questions, no answer path shows their keys or verdicts, and the wrong-answer book
// postpones them, skipping them in the review queue; once handed in, everything is there again. Then a property:
// random interleavings of starts, answers and hand-ins of a paper and practices never show a sealed key.
import fc from 'fast-check';
import {
  Question,
  WRONG_POSTPONED_REASON,
  type Training,
  type TrainingAnswerResult,
  type WrongDue,
  type WrongListPage,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, onePointScheme, paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
const call = schemeCalls(() => t);
let answerNo = 0;
/** The bank's auto-judged questions: the fixture's two and three more single choices (key A). */
let auto: string[] = [];
let paper: string;
let practice: string;

const start = async (schemeId: string) =>
  expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
const finish = async (trainId: string) =>
  expectOk(await call<Training>('POST', `/v1/train/${trainId}/finish`, student));
const answer = async (trainId: string, questionId: string, value = 'B') =>
  expectOk(
    await call<TrainingAnswerResult>('POST', `/v1/train/${trainId}/answer`, student, {
      clientAnswerId: `sealing-${++answerNo}`,
      questionId,
      answer: [value],
    }),
  );
const drawnBy = (tr: Training): string[] => (tr.question ? [tr.question.id] : []);
const due = async () => expectOk(await call<WrongDue>('GET', '/v1/wrong/review/next', student));

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  const extra: string[] = [];
  for (let i = 0; i < 3; i++) {
    const body = {
      ...VALID.singleChoice,
      question: `<p>封存测试题 ${i}</p>`,
      agencyId: 'demo',
      repoId,
      knowledgeId: bank.kp,
      tags: [],
    };
    extra.push(Question.parse(expectOk(await call<Question>('PUT', '/v1/exam/question', agency, body))).id);
  }
  auto = [bank.single, bank.trueFalse, ...extra];
  // The paper: the fixture's two questions and the first extra one. The practice: any auto-judged question of the
  // chapter, one at a time, until 5 were asked.
  paper = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse, extra[0]]);
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
  practice = await generalSchemeOn(
    call,
    agency,
    onePointScheme(bank, '封存练习', { name: '任意', selectors: {}, repeat: 5, requireCorrect: 5 }),
  );
});
afterAll(() => t.close());

describe('sealing: a running paper keeps its questions to itself', () => {
  it('no other training draws them, and a point left without questions ends as when it runs dry', async () => {
    const exam = await start(paper);
    const sealed = exam.paper!.questions.map((q) => q.id);
    let tr = await start(practice);
    const asked: string[] = [];
    while (tr.status === 'running' && tr.question) {
      asked.push(tr.question.id);
      tr = (await answer(tr.trainId, tr.question.id, 'A')).training;
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((id) => sealed.includes(id))).toEqual([]);
    if (tr.status === 'running') await finish(tr.trainId);
    await finish(exam.trainId);
    // Handed in, the paper seals nothing: a new practice may draw its questions again.
    const after = await start(practice);
    expect(auto).toContain(after.question?.id);
    await finish(after.trainId);
  });

  it('a practice that drew a question before the paper started shows nothing of its answer until the hand-in', async () => {
    const fixed = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single], { title: '先开始的练习' }));
    const tr = await start(fixed);
    expect(drawnBy(tr)).toEqual([bank.single]);
    const exam = await start(paper);
    const r = await answer(tr.trainId, bank.single, 'B');
    expect(r.result).toBeNull();
    const records = expectOk(
      await call<{ isCorrect: boolean | null }[]>('GET', `/v1/train/${tr.trainId}/questions`, student),
    );
    expect(records.map((x) => x.isCorrect)).toEqual([null]);
    const recordId = r.recordId;
    expectError(await call('GET', `/v1/answer/record/${recordId}`, student), 409);
    // Staff read the practice's report whole.
    const report = expectOk(
      await call<{ records: { isCorrect: boolean | null }[] }>('GET', `/v1/train/report/${tr.trainId}`, agency),
    );
    expect(report.records.map((x) => x.isCorrect)).toEqual([false]);
    await finish(exam.trainId);
    const detail = expectOk(
      await call<{ result: { standardAnswer: string[] } }>('GET', `/v1/answer/record/${recordId}`, student),
    );
    expect(detail.result.standardAnswer).toEqual(['A']);
    const mine = expectOk(
      await call<{ isCorrect: boolean | null }[]>('GET', `/v1/train/${tr.trainId}/questions`, student),
    );
    expect(mine.map((x) => x.isCorrect)).toEqual([false]);
  });

  it('the wrong-answer book postpones a sealed question: skipped with its reason, not due, back after the hand-in', async () => {
    // bank.single is in the book since the last test (answered wrong).
    const before = await due();
    expect(before.list.map((x) => x.entry.questionId)).toContain(bank.single);
    const exam = await start(paper);
    const during = await due();
    expect(during.list.map((x) => x.entry.questionId)).not.toContain(bank.single);
    expect(during.total).toBe(before.total - 1);
    expect(during.postponed).toBe(1);
    const list = expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all', student));
    expect(list.list.find((e) => e.questionId === bank.single)?.postponed).toBe(true);
    expect(list.counts.due).toBe(before.total - 1);
    const refused = await call('POST', `/v1/wrong/${bank.single}/review`, student, {
      clientAnswerId: `sealing-review-${++answerNo}`,
      answer: ['A'],
    });
    expectError(refused, 409);
    expect(JSON.stringify(refused.body)).toContain(WRONG_POSTPONED_REASON);
    await finish(exam.trainId);
    const back = await due();
    expect(back.list.map((x) => x.entry.questionId)).toContain(bank.single);
    expect(back.postponed ?? 0).toBe(0);
    const reviewed = expectOk(
      await call<{ result: { standardAnswer: string[] } }>('POST', `/v1/wrong/${bank.single}/review`, student, {
        clientAnswerId: `sealing-review-${++answerNo}`,
        answer: ['A'],
      }),
    );
    expect(reviewed.result.standardAnswer).toEqual(['A']);
  });
});

/** One step of an interleaving. */
type Step =
  { kind: 'startPaper' } | { kind: 'handIn' } | { kind: 'startPractice' } | { kind: 'answer'; value: 'A' | 'B' };

describe('sealing as a property over interleavings of starts, answers and hand-ins', () => {
  it('never shows a key of a question the running paper holds, and never draws one', async () => {
    const step = fc.oneof(
      fc.constant<Step>({ kind: 'startPaper' }),
      fc.constant<Step>({ kind: 'handIn' }),
      fc.constant<Step>({ kind: 'startPractice' }),
      fc.constantFrom<Step>({ kind: 'answer', value: 'A' }, { kind: 'answer', value: 'B' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        let exam: Training | null = null;
        let tr: Training | null = null;
        /** The paper training the practice started under: its draws (a visit may draw several questions at once)
         *  were all made while that paper ran. One started before the paper may show a question it drew earlier:
         *  that one is sealed (its answer shows nothing), which the key check covers. */
        let drewUnder: string | null = null;
        try {
          for (const s of steps) {
            const held = new Set(exam?.paper?.questions.map((q) => q.id) ?? []);
            if (s.kind === 'startPaper' && !exam) exam = await start(paper);
            else if (s.kind === 'handIn' && exam) exam = (await finish(exam.trainId), null);
            else if (s.kind === 'startPractice' && !tr) {
              tr = await start(practice);
              drewUnder = exam?.trainId ?? null;
              // A draw made while the paper runs takes none of its questions.
              for (const id of drawnBy(tr)) if (exam) expect(held.has(id), `drew ${id}`).toBe(false);
            } else if (s.kind === 'answer' && tr?.status === 'running' && tr.question) {
              const q = tr.question.id;
              const r = await answer(tr.trainId, q, s.value);
              if (held.has(q)) expect(r.result, `answer to sealed ${q}`).toBeNull();
              else expect(r.result?.standardAnswer.length ?? 0, `answer to free ${q}`).toBeGreaterThan(0);
              tr = r.training.status === 'running' ? r.training : null;
              if (tr && exam && drewUnder === exam.trainId)
                for (const id of drawnBy(tr)) if (id !== q) expect(held.has(id), `drew ${id}`).toBe(false);
            }
          }
        } finally {
          // Every run starts from no running training, whatever the last one left.
          if (tr) await finish(tr.trainId);
          if (exam) await finish(exam.trainId);
        }
      }),
      { numRuns: 12, seed: 2026 },
    );
  });
});
