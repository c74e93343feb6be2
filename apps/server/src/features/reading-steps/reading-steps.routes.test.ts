// The answering steps of a reading question inside a training (docs/reading.md "Answering steps") over HTTP on a
// real database: a student steps through with right and wrong answers and a translation, a reload resumes, a wrong
// step is refused, another student's training is not found, the last step records the answer once (also when
// retried) and the training, wrong-answer book and records see it; no reply carries a sub-question's key before it
// is answered.
import { Question, ReadingProcess, type Training, type TrainingRecord, type TrainingReport } from '@edu/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type Page, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';
import { createReadingQuestion } from './reading-question.test-helper.js';
import { persistentTranslation, ridiculedChoice } from './tortoise-hare.fixture.js';

let t: TestApp;
let agency: string;
let student: string;
let classmate: string;
let bank: TestBank;
const call = schemeCalls(() => t);

/** The keys and explanations, each a text that appears nowhere else, to search replies for. */
const SECRET_EXPLANATION = '解析秘密第一题';
const SUBS = [
  ridiculedChoice(`<p>${SECRET_EXPLANATION}</p>`),
  {
    type: 'trueFalse',
    title: 'The hare won the race.',
    answer: ['F'],
    explanation: '<p>原文依据：The hare fell asleep under a tree, and the tortoise won the race by steady effort.</p>',
  },
  persistentTranslation(),
];

let question: Question;

const processUrl = (trainId: string, qid = question.id) => `/v1/train/${trainId}/reading/${qid}/process`;
const stepUrl = (trainId: string, qid = question.id) => `/v1/train/${trainId}/reading/${qid}/step`;
const readProcess = async (trainId: string, token = student) =>
  ReadingProcess.parse(expectOk(await call<ReadingProcess>('GET', processUrl(trainId), token)));
const step = (trainId: string, body: { processId: string; questionSubId: string; answer: string[] }, token = student) =>
  call<ReadingProcess>('POST', stepUrl(trainId), token, body);

/** Where a reply gives a not-yet-answered sub-question's key away. */
function leaksOf(body: unknown, unanswered: Question['questionSub']): string[] {
  const json = JSON.stringify(body);
  const found: string[] = [];
  for (const s of unanswered) {
    if (s.explanation && json.includes(SECRET_EXPLANATION) && s.explanation.includes(SECRET_EXPLANATION))
      found.push(`explanation of ${s.title}`);
    if (s.type === 'translation' && json.includes(s.answer[0])) found.push(`reference of ${s.title}`);
  }
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if ('answer' in o && 'options' in o && 'type' in o) found.push(`sub-question with its answer: ${String(o.title)}`);
    Object.values(o).forEach(walk);
  };
  walk(body);
  return found;
}

async function startReading(): Promise<Training> {
  const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [question.id, bank.single]));
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
  expect(tr.question?.id).toBe(question.id);
  return tr;
}

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  let admin: string;
  [agency, student, classmate, admin] = await Promise.all(
    ['agency', 'student', 'classmate', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  question = await createReadingQuestion(call, agency, bank.kp, SUBS);
});
afterAll(() => t.close());

describe('reading answering steps inside a training', () => {
  it('steps through right and wrong answers and a translation; a reload resumes; the last step records once', async () => {
    const tr = await startReading();
    const subs = question.questionSub;
    const first = await call<ReadingProcess>('GET', processUrl(tr.trainId), student);
    const p0 = ReadingProcess.parse(expectOk(first));
    expect(leaksOf(first.body, subs)).toEqual([]);
    expect(p0.questionSubId).toBe(subs[0].questionSubId);
    expect(p0.questionSub?.title).toBe(SUBS[0].title);
    expect(p0.historyQuestionSub).toEqual([]);
    expect(p0.recordId).toBeNull();
    expect(p0.total).toBe(3);
    expect(p0.question.extra).toMatchObject({ processId: p0.processId, questionSubId: subs[0].questionSubId });
    // A reload gives the same process.
    expect((await readProcess(tr.trainId)).processId).toBe(p0.processId);

    // Step 1, a right choice: the supporting sentence's span and the glossary of its hard words.
    const r1 = await step(tr.trainId, { processId: p0.processId, questionSubId: subs[0].questionSubId, answer: ['A'] });
    const p1 = ReadingProcess.parse(expectOk(r1));
    expect(leaksOf(r1.body, subs.slice(1))).toEqual([]);
    expect(p1.questionSubId).toBe(subs[1].questionSubId);
    const h1 = p1.historyQuestionSub[0];
    expect(h1).toMatchObject({ questionSubId: subs[0].questionSubId, answer: ['A'], isCorrect: true });
    expect(h1.feedback.evidenceSentenceId).toMatch(/^w-/);
    expect(p1.question.question).toContain(`id="${h1.feedback.evidenceSentenceId}"`);
    expect(h1.feedback.glossary.map((g) => g.word)).toContain('ridiculed');
    // Right while the question is current: its own answer may be shown (docs/judging.md "Who sees an answer when").
    expect(h1.standardAnswer).toEqual(['A']);

    // The same answer again is harmless; another answer to it, or a step out of order, is refused.
    expect(
      ReadingProcess.parse(
        expectOk(
          await step(tr.trainId, { processId: p0.processId, questionSubId: subs[0].questionSubId, answer: ['A'] }),
        ),
      ).historyQuestionSub,
    ).toHaveLength(1);
    expectError(
      await step(tr.trainId, { processId: p0.processId, questionSubId: subs[0].questionSubId, answer: ['B'] }),
      409,
    );
    const outOfOrder = await step(tr.trainId, {
      processId: p0.processId,
      questionSubId: subs[2].questionSubId,
      answer: ['x'],
    });
    expectError(outOfOrder, 409);
    expect(JSON.stringify(outOfOrder.body)).toMatch(/[\u4e00-\u9fa5]/);

    // Step 2, a wrong true/false: the verdict without its key while the question is current.
    const p2 = ReadingProcess.parse(
      expectOk(
        await step(tr.trainId, { processId: p0.processId, questionSubId: subs[1].questionSubId, answer: ['T'] }),
      ),
    );
    const h2 = p2.historyQuestionSub[1];
    expect(h2.isCorrect).toBe(false);
    expect(h2.standardAnswer).toEqual([]);
    expect(h2.feedback.evidenceSentenceId).not.toBeNull();
    expect(p2.questionSub?.type).toBe('translation');

    // A reload resumes at the translation.
    const resumed = await readProcess(tr.trainId);
    expect(resumed.questionSubId).toBe(subs[2].questionSubId);
    expect(resumed.historyQuestionSub).toHaveLength(2);

    // Step 3, a translation missing the word "persistent": wrong, the feedback names the key term.
    const last = { processId: p0.processId, questionSubId: subs[2].questionSubId, answer: ['乌龟很慢。'] };
    const p3 = ReadingProcess.parse(expectOk(await step(tr.trainId, last)));
    const h3 = p3.historyQuestionSub[2];
    expect(h3.isCorrect).toBe(false);
    expect(h3.similarity).toBeLessThan(80);
    expect(h3.feedback.text).toContain('persistent');
    expect(p3.questionSub).toBeNull();
    expect(p3.questionSubId).toBeNull();
    expect(p3.recordId).not.toBeNull();
    expect(p3.question.recordId).toBe(p3.recordId);

    // Retrying the last step records nothing more.
    const again = ReadingProcess.parse(expectOk(await step(tr.trainId, last)));
    expect(again.recordId).toBe(p3.recordId);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(answerRecords)
      .where(and(eq(answerRecords.trainingId, Number(tr.trainId)), eq(answerRecords.questionId, Number(question.id))));
    expect(n).toBe(1);

    // The training moved on (judgeWay once) and the answers are due now: the keys of the wrong steps are shown.
    const after = expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student));
    expect(after.question?.id).toBe(bank.single);
    expect(after.answered).toBe(1);
    const done = await readProcess(tr.trainId);
    expect(done.historyQuestionSub[1].standardAnswer).toEqual(['F']);
    expect(done.historyQuestionSub[2].standardAnswer).toEqual(SUBS[2].answer);

    // Records, the report and the wrong-answer book see the sub-answers.
    const records = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student));
    const rec = records.find((r) => r.questionId === question.id)!;
    expect(rec.recordId).toBe(p3.recordId);
    expect(rec.subAnswers.map((s) => [s.answer, s.isCorrect])).toEqual([
      [['A'], true],
      [['T'], false],
      [['乌龟很慢。'], false],
    ]);
    const report = expectOk(await call<TrainingReport>('GET', `/v1/train/report/${tr.trainId}`, student));
    expect(report.records.find((r) => r.questionId === question.id)?.recordId).toBe(p3.recordId);
    // The wrong-answer book holds back questions of a running training: it lists it once the training ends.
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    const wrong = expectOk(
      await call<Page<{ questionId?: string; question?: { id: string } }>>(
        'GET',
        `/v1/wrong/list?knowledgeId=${bank.kp}`,
        student,
      ),
    );
    expect(JSON.stringify(wrong.list)).toContain(question.id);
  });

  it("answers 404 for another student's training, an unknown one, and a question that is not current", async () => {
    const tr = await startReading();
    expectError(await call('GET', processUrl(tr.trainId), classmate), 404);
    expectError(await call('GET', processUrl('999999'), student), 404);
    expectError(await call('GET', processUrl(tr.trainId, bank.single), student), 404);
    const p = await readProcess(tr.trainId);
    const body = { processId: p.processId, questionSubId: p.questionSubId!, answer: ['A'] };
    expectError(await step(tr.trainId, body, classmate), 404);
    // A process id that is not this one's.
    expectError(await step(tr.trainId, { ...body, processId: '999999' }), 409);
    // Bounded input.
    expectError(await step(tr.trainId, { ...body, answer: Array.from({ length: 101 }, () => 'A') }), 400);
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    // Ended: the process reads, a new step is refused.
    expect((await readProcess(tr.trainId)).historyQuestionSub).toEqual([]);
    expectError(await step(tr.trainId, body), 409);
  });

  it("judgeWay 'retry': a wrong answer keeps the question, which carries its record; the steps start again", async () => {
    const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [question.id], { judgeWay: 'retry' }));
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
    let p = await readProcess(tr.trainId);
    for (const answer of [['B'], ['T'], ['不对']])
      p = ReadingProcess.parse(
        expectOk(await step(tr.trainId, { processId: p.processId, questionSubId: p.questionSubId!, answer })),
      );
    const firstRecord = p.recordId;
    expect(firstRecord).not.toBeNull();
    // Wrong and still current: no key is shown, and the training's question carries the record.
    expect(p.historyQuestionSub.map((h) => h.standardAnswer)).toEqual([[], [], []]);
    const during = expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student));
    expect(during.question?.id).toBe(question.id);
    expect(during.question?.recordId).toBe(firstRecord);
    // Read again: a new round at the first sub-question, which submits a record of its own.
    p = await readProcess(tr.trainId);
    expect(p.historyQuestionSub).toEqual([]);
    expect(p.recordId).toBeNull();
    for (const answer of [['A'], ['F'], ['乌龟走得很慢，但是他坚持不懈。']])
      p = ReadingProcess.parse(
        expectOk(await step(tr.trainId, { processId: p.processId, questionSubId: p.questionSubId!, answer })),
      );
    expect(p.recordId).not.toBeNull();
    expect(p.recordId).not.toBe(firstRecord);
    const after = expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student));
    expect(after.status).toBe('finished');
  });

  it('all right: the answer counts as correct in the training', async () => {
    const tr = await startReading();
    let p = await readProcess(tr.trainId);
    for (const answer of [['A'], ['F'], ['乌龟走得很慢，但是他坚持不懈。']]) {
      p = ReadingProcess.parse(
        expectOk(await step(tr.trainId, { processId: p.processId, questionSubId: p.questionSubId!, answer })),
      );
    }
    expect(p.historyQuestionSub.every((h) => h.isCorrect)).toBe(true);
    expect(p.historyQuestionSub[2].feedback.text).toContain('翻译正确');
    const after = expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student));
    expect(after.correct).toBe(1);
    expect(after.score).toBe(1);
  });
});
