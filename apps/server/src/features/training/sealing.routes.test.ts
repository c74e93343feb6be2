// The sealing rule over the API (docs/practice-engine.md "Sealing"): while a paper of the student runs, no other
// training of theirs draws its questions, no answer path shows their keys or verdicts, and the wrong-answer book
// postpones them, skipping them in the review queue; once handed in, everything is there again. Then a property:
// random interleavings of starts, draws, answers and hand-ins of every holder (a paper, a 掌握测验, a task's paper)
// and every drawer (a practice, graph practice, the wrong-answer book's reviews) over the same questions never draw
// a sealed question, never show its key or verdict, and always postpone it in the book.
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
import { SealingRepository } from './sealing.repository.js';
import { fixedScheme, generalSchemeOn, onePointScheme, paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
const call = schemeCalls(() => t);
let answerNo = 0;
/** The bank's auto-judged questions: the fixture's two and six more single choices (key A). */
let auto: string[] = [];
let paper: string;
let practice: string;
/** A paper given through a task (the property gives it anew each run): overlaps `paper` on its first extra. */
let taskPaper: string;
let studentId: number;

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
  // Tokens outlive the property's clock moves (each run ends past its task's deadline).
  t = await createTestApp({ config: { tokenTtlSeconds: 30 * 24 * 3600, tokenIdleSeconds: 30 * 24 * 3600 } });
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  const extra: string[] = [];
  for (let i = 0; i < 6; i++) {
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
  taskPaper = await paperScheme(call, agency, bank, [extra[0], extra[1], extra[2]]);
  expectOk(await call('POST', `/v1/train/scheme/${taskPaper}/on`, agency));
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

  it('reads arriving together share one statement, each leaving out only its own training', async () => {
    const other = await paperScheme(call, agency, bank, [auto[3], auto[4]]);
    expectOk(await call('POST', `/v1/train/scheme/${other}/on`, agency));
    const a = Number((await start(paper)).trainId);
    const b = Number((await start(other)).trainId);
    const repo = new SealingRepository(t.db);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    // Queued in one turn: one batch (lib/micro-batch.ts), two reads of the same student leaving out different ones.
    const [all, butA, butB] = await Promise.all([
      repo.holdingOf(studentId, Date.now()),
      repo.holdingOf(studentId, Date.now(), a),
      repo.holdingOf(studentId, Date.now(), b),
    ]);
    expect(ids(all)).toEqual(expect.arrayContaining([a, b]));
    expect(ids(butA)).toContain(b);
    expect(ids(butA)).not.toContain(a);
    expect(ids(butB)).toContain(a);
    expect(ids(butB)).not.toContain(b);
    await finish(String(a));
    await finish(String(b));
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

/** The trainings that hold the questions they drew while unfinished, and those that draw and show keys. */
type Holder = 'paper' | 'check' | 'task';
type Drawer = 'practice' | 'graph';
type Target = Holder | Drawer;
const HOLDERS: readonly Target[] = ['paper', 'check', 'task'];

/** One step of an interleaving. */
type Step =
  | { kind: 'start'; target: Target }
  | { kind: 'answer'; target: Target; value: 'A' | 'B' }
  | { kind: 'finish'; target: Target }
  | { kind: 'book' };

/** A running training of the run, as the property tracks it. */
interface Running {
  trainId: string;
  /** A holder's drawn questions (its paper); a drawer holds nothing. */
  holds: string[];
  answered: Set<string>;
  /** A drawer's current question. */
  question: string | null;
  /** How many holders had started when the drawer started (its visit's draws were all made under them). */
  drewAt: number;
}

const HOUR = 3600_000;

describe('sealing as a property over interleavings of every holder and drawer', () => {
  it('never draws a held question, never shows its key or verdict, and the book postpones exactly the held ones', async () => {
    const target = fc.constantFrom<Target>('paper', 'check', 'task', 'practice', 'graph');
    // Weighted so that holders run long enough to meet the drawers and the book.
    const step = fc.oneof(
      { weight: 3, arbitrary: target.map((x): Step => ({ kind: 'start', target: x })) },
      {
        weight: 4,
        arbitrary: fc
          .tuple(target, fc.constantFrom<'A' | 'B'>('A', 'B'))
          .map(([x, value]): Step => ({ kind: 'answer', target: x, value })),
      },
      { weight: 1, arbitrary: target.map((x): Step => ({ kind: 'finish', target: x })) },
      { weight: 2, arbitrary: fc.constant<Step>({ kind: 'book' }) },
    );
    const graphStart = (mode: 'practice' | 'check') =>
      call<{ trainId: string }>('POST', '/v1/student/knowledgegraph/practice', student, {
        knowledgeCode: bank.kp,
        mode,
      });
    const read = async (trainId: string) => expectOk(await call<Training>('GET', `/v1/train/${trainId}`, student));
    /** What the runs met (steps, draws, answers, book entries), so the property is known to reach each case. */
    const met = { heldByCheck: 0, heldByTask: 0, endedTaskHeld: 0, graphDrew: 0, sealedAnswer: 0, postponed: 0 };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 16 }), async (steps) => {
        const run: Partial<Record<Target, Running>> = {};
        /** A task's paper handed in before its deadline keeps its questions until then (its corrections wait). */
        let endedTask: string[] = [];
        let taskStarted = false;
        let holderStarts = 0;
        const now = t.clock.now();
        const task = expectOk(
          await call<{ taskId: string }>('PUT', '/v1/task', agency, {
            title: '封存作业',
            schemeId: taskPaper,
            classId: null,
            studentIds: [String(studentId)],
            startTime: now,
            deadline: now + HOUR,
            latePolicy: 'none',
            homework: false,
          }),
        );
        /** The questions sealed for a training of `except` (all holders but it). */
        const held = (except?: Target) => {
          const ids = new Set(endedTask);
          for (const h of HOLDERS) if (h !== except) for (const id of run[h]?.holds ?? []) ids.add(id);
          return ids;
        };
        const running = (trainId: string, holds: string[], question: string | null): Running => ({
          trainId,
          holds,
          answered: new Set(),
          question,
          drewAt: holderStarts,
        });
        const ended = (x: Target) => {
          if (x === 'task') endedTask = run.task?.holds ?? [];
          delete run[x];
        };
        const startDrawer = (x: Drawer, tr: Training, sealed: Set<string>) => {
          if (tr.status !== 'running' || !tr.question) return;
          expect(sealed.has(tr.question.id), `${x} drew sealed ${tr.question.id}`).toBe(false);
          run[x] = running(tr.trainId, [], tr.question.id);
        };

        const start = async (x: Target) => {
          if (run[x] || (x === 'task' && taskStarted)) return;
          const sealed = held(x === 'graph' ? 'check' : undefined);
          if (run.check) met.heldByCheck++;
          if (run.task) met.heldByTask++;
          if (x === 'paper') {
            const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student));
            run.paper = running(
              tr.trainId,
              tr.paper!.questions.map((q) => q.id),
              null,
            );
            holderStarts++;
          } else if (x === 'task') {
            const tr = expectOk(await call<Training>('PUT', `/v1/student/task/${task.taskId}/do`, student));
            taskStarted = true;
            run.task = running(
              tr.trainId,
              tr.paper!.questions.map((q) => q.id),
              null,
            );
            holderStarts++;
          } else if (x === 'practice') {
            startDrawer(
              x,
              expectOk(await call<Training>('PUT', `/v1/train/scheme/${practice}/start`, student)),
              sealed,
            );
          } else {
            // Graph practice and the 掌握测验 share one running slot: starting one hands the other in first (a
            // check's corrections come at the hand-in, so it holds nothing then).
            delete run[x === 'check' ? 'graph' : 'check'];
            const r = await graphStart(x === 'check' ? 'check' : 'practice');
            // Every question of the point sealed: it says so.
            if (r.status === 409) return;
            const tr = await read(expectOk(r).trainId);
            if (x === 'graph') {
              startDrawer('graph', tr, sealed);
              if (run.graph) met.graphDrew++;
            } else {
              const drawn = tr.paper!.questions.map((q) => q.id);
              for (const id of drawn) expect(sealed.has(id), `check drew sealed ${id}`).toBe(false);
              run.check = running(tr.trainId, drawn, null);
              holderStarts++;
            }
          }
        };

        const answerIn = async (x: Target, value: 'A' | 'B') => {
          const tr = run[x];
          const q = tr && (HOLDERS.includes(x) ? tr.holds.find((id) => !tr.answered.has(id)) : tr.question);
          if (!tr || !q) return;
          const sealed = held(x);
          const r = await answer(tr.trainId, q, value);
          tr.answered.add(q);
          if (sealed.has(q)) {
            met.sealedAnswer++;
            expect(r.result, `${x}: answer to sealed ${q}`).toBeNull();
            expectError(await call('GET', `/v1/answer/record/${r.recordId}`, student), 409);
          } else if (!HOLDERS.includes(x) && auto.includes(q))
            expect(r.result?.standardAnswer.length ?? 0, `${x}: answer to free ${q}`).toBeGreaterThan(0);
          if (r.training.status !== 'running') return ended(x);
          if (HOLDERS.includes(x)) return;
          const next = r.training.question?.id ?? null;
          tr.question = next;
          // A question drawn now (or earlier in the visit under the same holders) is not sealed.
          if (next && next !== q && tr.drewAt === holderStarts)
            expect(held().has(next), `${x} drew sealed ${next}`).toBe(false);
        };

        const book = async () => {
          const sealed = held();
          for (const d of (await due()).list)
            expect(sealed.has(d.entry.questionId), `due ${d.entry.questionId}`).toBe(false);
          const all = expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all&size=100', student));
          for (const e of all.list)
            expect(e.postponed === true, `postponed ${e.questionId}`).toBe(sealed.has(e.questionId));
          met.postponed += all.list.filter((e) => e.postponed).length;
          const waiting = all.list.find((e) => sealed.has(e.questionId));
          if (waiting) {
            const refused = await call('POST', `/v1/wrong/${waiting.questionId}/review`, student, {
              clientAnswerId: `sealing-review-${++answerNo}`,
              answer: ['A'],
            });
            expectError(refused, 409);
          }
        };

        try {
          for (const s of steps) {
            if (endedTask.length > 0) met.endedTaskHeld++;
            if (s.kind === 'start') await start(s.target);
            else if (s.kind === 'answer') await answerIn(s.target, s.value);
            else if (s.kind === 'finish' && run[s.target]) {
              await finish(run[s.target]!.trainId);
              ended(s.target);
            } else if (s.kind === 'book') await book();
          }
        } finally {
          // Every run starts from no running training and no waiting task, whatever the last one left.
          for (const x of Object.keys(run) as Target[])
            await call('POST', `/v1/train/${run[x]!.trainId}/finish`, student);
          t.clock.advance(2 * HOUR);
        }
      }),
      { numRuns: 20, seed: 2026 },
    );
    for (const [what, n] of Object.entries(met)) expect(n, what).toBeGreaterThan(0);
  });
});
