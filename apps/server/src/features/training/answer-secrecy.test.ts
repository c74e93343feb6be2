// No answer is readable before it is due (docs/judging.md "Who sees an answer when"), generated over the
// contract's answer types: for every type, a question (published for anyone, answers shown to visitors) is
// trained in a general scheme under judgeWay 'retry' and in a paper, and at every stage (before start, running,
// answered wrong while current, paper running, paper handed in, finished) every training, answer-record and
// question read the student or a visitor can make is searched whole for the standard answer: its values
// (derived from the question), its fields (`standardAnswer`, `explanation`, a question's `answer`) and a feedback
// naming it. Once the answer is due the same search must find it (the search can fail).
import {
  QUESTION_TYPES,
  Question,
  splitAlternatives,
  type QuestionType,
  type Training,
  type TrainingAnswerResult,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
const call = schemeCalls(() => t);
let answerNo = 0;

/** Each type's question: the valid fixture with explanations and text answers that only its key holds. */
const FIELDS: Record<QuestionType, Record<string, unknown>> = {
  singleChoice: { ...VALID.singleChoice, explanation: '<p>解析秘密单选</p>' },
  multipleChoice: { ...VALID.multipleChoice, explanation: '<p>解析秘密多选</p>' },
  trueFalse: { ...VALID.trueFalse, explanation: '<p>解析秘密判断</p>' },
  fillBlank: { ...VALID.fillBlank, answer: ['秘答甲空|秘答乙空', '秘答丙空'], explanation: '<p>解析秘密填空</p>' },
  shortAnswer: { ...VALID.shortAnswer, answer: ['秘答简答参考'], explanation: '<p>解析秘密简答</p>' },
  translation: { ...VALID.translation, answer: ['秘答参考译文'], explanation: '<p>解析秘密翻译</p>' },
  enReading: {
    ...VALID.enReading,
    explanation: '<p>解析秘密阅读</p>',
    questionSub: [
      { ...(VALID.enReading.questionSub as object[])[0], explanation: '解析秘密小题一' },
      { type: 'fillBlank', title: 'Q2', answer: ['秘答阅读空'], explanation: '解析秘密小题二' },
      { type: 'trueFalse', title: 'Q3', answer: ['F'], explanation: '解析秘密小题三' },
      { type: 'translation', title: 'Q4', answer: ['秘答阅读译文'] },
    ],
  },
};

/** A wrong answer of each type, typed as a student would (never one of the key's values). */
const WRONG: Record<QuestionType, (q: Question) => { answer: string[]; subAnswers?: Record<string, string[]> }> = {
  singleChoice: () => ({ answer: ['B'] }),
  multipleChoice: () => ({ answer: ['A'] }),
  trueFalse: () => ({ answer: ['F'] }),
  fillBlank: () => ({ answer: ['错的', '也错'] }),
  shortAnswer: () => ({ answer: ['我的看法'] }),
  translation: () => ({ answer: ['完全不同的一句话'] }),
  enReading: (q) => ({
    answer: [],
    subAnswers: Object.fromEntries(q.questionSub.map((s, i) => [s.questionSubId, [['A', '错的', 'T', '错译'][i]]])),
  }),
};

/** General schemes draw auto-judged questions only; a paper takes every type. */
const GENERAL_TYPES = QUESTION_TYPES.filter((type) => FIELDS[type].judgeType !== 'manual');

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** The values that give the answer away: explanations and every alternative of a text answer (choice letters and
 *  true/false values are too short to search for; the field checks catch them). */
function secretsOf(q: Question): string[] {
  const parts = [q, ...q.questionSub].flatMap((x) => [
    plain(x.explanation ?? ''),
    ...x.answer.flatMap((a) => splitAlternatives(a)),
  ]);
  return parts.filter((s) => s.length >= 3);
}

/** Where a response body gives an answer away: secret values, answer fields, feedback naming the answer. */
function leaks(body: unknown, secrets: string[]): string[] {
  const json = JSON.stringify(body);
  const found = secrets.filter((s) => json.includes(s)).map((s) => `value ${s}`);
  for (const phrase of ['正确答案', '参考译文', '参考答案'])
    if (json.includes(phrase)) found.push(`feedback ${phrase}`);
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}.${i}`));
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.standardAnswer) && o.standardAnswer.length > 0) found.push(`${path}.standardAnswer`);
    if (typeof o.explanation === 'string' && o.explanation !== '') found.push(`${path}.explanation`);
    // A question or sub-question carrying its key (a record's `answer` is the student's own, and so is a
    // record's sub-answer, which carries its verdict `isCorrect` beside it).
    if ('answer' in o && 'type' in o && !('recordId' in o) && !('isCorrect' in o)) found.push(`${path}.answer`);
    for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`);
  };
  walk(body, '$');
  return found;
}

type Reply = { status: number; body: { response: unknown } };
type Reads = [string, Reply][];

/** Every read a student or a visitor can make of the training, its records, the wrong-answer book and the question. */
async function allReads(trainId: string | null, questionIds: string[], recordIds: string[]): Promise<Reads> {
  const get = (url: string, token?: string) => t.call('GET', url, token ? { token, agency: 'demo' } : {});
  const reads: Reads = [
    ['open schemes', await get('/v1/train/open/schemes', student)],
    ['history', await get('/v1/train/history', student)],
    ['wrong list', await get('/v1/wrong/list', student)],
    ['wrong review next', await get('/v1/wrong/review/next', student)],
  ];
  if (trainId !== null)
    for (const url of [`/v1/train/${trainId}`, `/v1/train/${trainId}/questions`, `/v1/train/report/${trainId}`])
      reads.push([url, await get(url, student)]);
  if (trainId !== null) reads.push(['comments', await get(`/v1/train/${trainId}/comments`, student)]);
  for (const id of recordIds) reads.push([`record ${id}`, await get(`/v1/answer/record/${id}`, student)]);
  for (const id of questionIds) {
    reads.push([`exam read ${id}`, await get(`/v1/exam/question/${id}`, student)]);
    // A question already in the wrong-answer book (from an earlier training) may be reviewed: not while in use.
    const review = { request: { clientAnswerId: `secrecy-review-${++answerNo}`, answer: ['B'] } };
    const reviewed = await t.call('POST', `/v1/wrong/${id}/review`, { token: student, agency: 'demo', body: review });
    reads.push([`wrong review ${id}`, reviewed]);
    reads.push([`public read ${id}`, await get(`/v1/public/question/${id}`)]);
    for (const token of [undefined, student]) {
      const body = { request: { answer: ['B'] } };
      const r = await t.call('POST', `/v1/exam/question/${id}/test`, {
        ...(token ? { token, agency: 'demo' } : {}),
        body,
      });
      reads.push([`public test ${id} ${token ? 'student' : 'visitor'}`, r]);
    }
  }
  return reads;
}

/** Asserts that no reply leaks (and that none is a server error). */
function expectSecret(stage: string, reads: Reads, secrets: string[]) {
  for (const [what, r] of reads) {
    expect(r.status, `${stage}: ${what}`).toBeLessThan(500);
    expect(leaks(r.body, secrets), `${stage}: ${what}`).toEqual([]);
  }
}

const created = new Map<QuestionType, Question>();

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  for (const type of QUESTION_TYPES) {
    const body = { ...FIELDS[type], agencyId: 'demo', repoId, knowledgeId: bank.kp, tags: [] };
    const q = Question.parse(expectOk(await call<Question>('PUT', '/v1/exam/question', agency, body)));
    // Published with the answers shown to visitors: only the hold of a paper or a running training keeps them back.
    expectOk(await call('PUT', `/v1/exam/question/${q.id}/public`, agency, { showAnswer: true }));
    created.set(type, q);
  }
});
afterAll(() => t.close());

const answerOf = async (trainId: string, q: Question, clientAnswerId = `secrecy-${++answerNo}`) => {
  const r = await call<TrainingAnswerResult>('POST', `/v1/train/${trainId}/answer`, student, {
    clientAnswerId,
    questionId: q.id,
    ...WRONG[q.type](q),
  });
  return { r, clientAnswerId };
};

describe('answer secrecy over every answer type, training route and stage', () => {
  it('covers every answer type of the contract, with values to search for where the key has text', () => {
    expect([...created.keys()]).toEqual([...QUESTION_TYPES]);
    for (const type of ['fillBlank', 'shortAnswer', 'translation', 'enReading'] as const)
      expect(secretsOf(created.get(type)!).length).toBeGreaterThan(1);
  });

  it.each(GENERAL_TYPES)('%s in a general scheme under retry', async (type) => {
    const q = created.get(type)!;
    const secrets = secretsOf(q);
    const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [q.id], { judgeWay: 'retry' }));
    expectSecret('before start', await allReads(null, [], []), secrets);

    const started = await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student);
    const tr = expectOk(started);
    expect(tr.question?.id).toBe(q.id);
    expectSecret('running', [['start', started], ...(await allReads(tr.trainId, [q.id], []))], secrets);

    const first = await answerOf(tr.trainId, q);
    const again = await answerOf(tr.trainId, q, first.clientAnswerId);
    const second = await answerOf(tr.trainId, q);
    const recordIds = [first, second].map((a) => expectOk(a.r).recordId);
    expect(expectOk(second.r).training.question?.id).toBe(q.id);
    expect(expectOk(second.r).result?.isCorrect).toBe(false);
    expectSecret(
      'answered wrong under retry',
      [
        ['answer', first.r],
        ['answer repeated', again.r],
        ['answer again', second.r],
        ...(await allReads(tr.trainId, [q.id], recordIds)),
      ],
      secrets,
    );

    const finished = await call('POST', `/v1/train/${tr.trainId}/finish`, student);
    expectSecret('finished', [['finish', finished], ...(await allReads(tr.trainId, [], []))], secrets);
    // Due now: the answer record and the public test (answers shown by the publisher) show the key.
    const due = await allReads(null, [q.id], recordIds);
    for (const what of [`record ${recordIds[0]}`, `public test ${q.id} visitor`])
      expect(leaks(due.find(([w]) => w === what)![1].body, secrets), what).not.toEqual([]);
  });

  it('every type in a paper: before start, running, handed in', async () => {
    const questions = QUESTION_TYPES.map((type) => created.get(type)!);
    const ids = questions.map((q) => q.id);
    const secrets = questions.flatMap(secretsOf);
    const paper = await paperScheme(call, agency, bank, ids);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
    // Not started, the paper seals nothing for the student (docs/practice-engine.md "Sealing"): their own
    // wrong-answer book may review its questions; every other read, the public ones first, keeps the keys back.
    const notStarted = (await allReads(null, ids, [])).filter(([what]) => !what.startsWith('wrong review '));
    expectSecret('paper switched on, before start', notStarted, secrets);

    const started = await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student);
    const tr = expectOk(started);
    expect(tr.paper?.questions.map((q) => q.id)).toEqual(ids);
    const answers: Reads = [['start', started]];
    const recordIds: string[] = [];
    for (const q of questions) {
      const { r, clientAnswerId } = await answerOf(tr.trainId, q);
      recordIds.push(expectOk(r).recordId);
      answers.push(
        [`answer ${q.type}`, r],
        [`answer ${q.type} repeated`, (await answerOf(tr.trainId, q, clientAnswerId)).r],
      );
    }
    expectSecret('paper running', [...answers, ...(await allReads(tr.trainId, ids, recordIds))], secrets);

    const handedIn = await call('POST', `/v1/train/${tr.trainId}/finish`, student);
    expectSecret('paper handed in', [['finish', handedIn], ...(await allReads(tr.trainId, [], []))], secrets);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/off`, agency));
    const due = await allReads(null, ids, recordIds);
    for (const [i, q] of questions.entries())
      expect(leaks(due.find(([w]) => w === `record ${recordIds[i]}`)![1].body, secretsOf(q)), q.type).not.toEqual([]);
  });
});
