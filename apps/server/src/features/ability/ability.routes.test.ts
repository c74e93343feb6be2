// API tests of ability-matched draws (docs/practice-engine.md "Draw modes"): the nightly calibration job on the queue
// calibrates each agency's questions from its own judged first answers only (a cohort of known abilities answering
// questions of known difficulty), a student's draw on a point of mode `ability` starts with the most informative
// question they have seen least, the scheme statistics show the agency's calibration (尚未校准 = null), and the mode is
// validated.
import { eq } from 'drizzle-orm';
import { type Scheme, SchemeAnswerStats, Training, DRAW_MODE_MESSAGE } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, trainings, users } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, fieldsOf, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { generalSchemeOn, onePointScheme } from '../training/training-fixtures.test-helper.js';
import { TRAINING_COLUMNS } from '../training/training-state.js';
import { abilityFrom } from './ability-order.js';
import { AbilityRepository } from './ability.repository.js';
import { ABILITY_CALIBRATION_KIND } from './ability.service.js';
import { information, probability } from './irt.js';

const HOUR = 3600_000;
const TAG = '能力匹配';
/** The true items: discrimination 1.5, difficulties well apart, four options (c = ¼). */
const TRUE_B = [-2, -1.2, -0.4, 0.4, 1.2, 2];
const COHORT = 80;
const OTHER_COHORT = 30;

let t: TestApp;
let agency: string;
let other: string;
let bank: TestBank;
let repo: AbilityRepository;
/** The six questions, easiest first. */
const ids: string[] = [];
const call = schemeCalls(() => t);

/** A deterministic stream in [0, 1) (mulberry32). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function cohort(prefix: string, n: number): Promise<number[]> {
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ username: `${prefix}-${i}`, name: `模拟${i}`, passwordHash: '-' })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Judged first answers written as a training writes them. */
async function store(agencyId: string, rows: { userId: number; questionId: string; right: boolean; at: number }[]) {
  await t.db.insert(answerRecords).values(
    rows.map((r) => ({
      agencyId,
      questionId: Number(r.questionId),
      version: 1,
      userId: r.userId,
      isCorrect: r.right,
      score: r.right ? 1 : 0,
      first: true,
      createdAt: new Date(r.at),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [admin, agency, other] = await Promise.all(['admin', 'agency', 'other'].map((u) => t.login(u)));
  bank = await createTestBank(t, admin, agency);
  repo = new AbilityRepository(t.db);
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  for (const [i] of TRUE_B.entries()) {
    const q = expectOk(
      await call<{ id: string }>('PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId,
        type: 'singleChoice',
        judgeType: 'auto',
        question: `<p>能力匹配第 ${i + 1} 题</p>`,
        knowledgeId: bank.kp,
        options: ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `选项${key}` })),
        answer: ['A'],
        tags: [TAG],
      }),
    );
    ids.push(q.id);
  }
  // demo: a cohort of known abilities from −2.5 to 2.5 answers every question once (the 3PL of the true items).
  const rng = random(7);
  const start = t.clock.now() - 30 * 24 * HOUR;
  const demoUsers = await cohort('ability-demo', COHORT);
  await store(
    'demo',
    demoUsers.flatMap((userId, s) => {
      const theta = -2.5 + (5 * s) / (COHORT - 1);
      return ids.map((questionId, k) => ({
        userId,
        questionId,
        right: rng() < probability({ a: 1.5, b: TRUE_B[k], c: 0.25 }, theta),
        at: start + (s * ids.length + k) * 60_000,
      }));
    }),
  );
  // other: answers to the same questions, every one wrong — a different record that demo's figures must not see.
  const otherUsers = await cohort('ability-other', OTHER_COHORT);
  await store(
    'other',
    otherUsers.flatMap((userId, s) =>
      ids.map((questionId, k) => ({ userId, questionId, right: false, at: start + s * 1000 + k })),
    ),
  );
});
afterAll(() => t.close());

/** The one-point scheme with its point's draw mode set. */
function withDraw(scheme: Record<string, unknown>, draw: string) {
  const [phase] = scheme.phases as { points: Record<string, unknown>[] }[];
  return { ...scheme, phases: [{ ...phase, points: [{ ...phase.points[0], draw }] }] };
}

describe('the nightly ability-calibration job', () => {
  it('is queued once a day and calibrates each agency from its own answers', async () => {
    const { ability, jobs } = t.app.services;
    const first = await ability.schedule();
    expect(first).toMatch(/^[0-9a-f]{24}$/);
    expect(await ability.schedule()).toBeNull();
    await jobs.drain();
    const job = await jobs.store.get(first!);
    expect(job).toMatchObject({ kind: ABILITY_CALIBRATION_KIND, status: 'done' });
    expect(job!.result).toMatchObject({ answers: COHORT * 6 + OTHER_COHORT * 6 });

    const demo = new Map((await repo.of('demo', ids.map(Number))).map((r) => [String(r.questionId), r]));
    const rows = ids.map((id) => demo.get(id)!);
    for (const r of rows) {
      expect(r).toMatchObject({ answers: COHORT, c: 0.25 });
      expect(r.facility).toBeCloseTo(r.rights / COHORT, 12);
      expect(r.rights).toBeGreaterThan(0);
    }
    // The difficulties come out in the true order, easiest first.
    for (let k = 1; k < rows.length; k++) expect(rows[k].b).toBeGreaterThan(rows[k - 1].b);
    // other's rows are its own: every answer wrong.
    const theirs = await repo.of('other', ids.map(Number));
    expect(theirs).toHaveLength(6);
    for (const r of theirs) expect(r).toMatchObject({ answers: OTHER_COHORT, rights: 0, facility: 0 });

    t.clock.advance(23 * HOUR);
    expect(await ability.schedule()).toBeNull();
    t.clock.advance(HOUR);
    const next = await ability.schedule();
    expect(next).toMatch(/^[0-9a-f]{24}$/);
    // Not run here: the figures below are the first job's.
    expect(await jobs.cancel(next!)).toBe(true);
    [agency, other] = await Promise.all(['agency', 'other'].map((u) => t.login(u)));
  });
});

describe('a draw on a point of mode ability', () => {
  it("draws the questions the student has seen least, the most informative at the student's ability first", async () => {
    const body = withDraw(
      onePointScheme(bank, '按能力匹配', { name: '匹配', selectors: { tags: [TAG] }, repeat: 4, requireCorrect: 0 }),
      'ability',
    );
    const schemeId = await generalSchemeOn(call, agency, body);
    const saved = expectOk(await call<Scheme>('GET', `/v1/train/scheme/${schemeId}`, agency));
    expect(saved.phases[0].points[0].draw).toBe('ability');

    const params = new Map((await repo.of('demo', ids.map(Number))).map((r) => [String(r.questionId), r]));
    const item = (id: string) => ({ a: params.get(id)!.a, b: params.get(id)!.b, c: params.get(id)!.c });
    // A weak student got the two easiest wrong, a strong one the three easiest right; each saw those once.
    const weak = await addUser(t, 'ability-weak', '弱', ['edu:agency:demo:student']);
    const strong = await addUser(t, 'ability-strong', '强', ['edu:agency:demo:student']);
    const now = t.clock.now();
    const answersOf = (userId: number, ks: number[], right: boolean) =>
      ks.map((k) => ({ userId, questionId: ids[k], right, at: now - 1000 + k }));
    const weakAnswers = answersOf(weak, [0, 1], false);
    const strongAnswers = answersOf(strong, [0, 1, 2], true);
    await store('demo', [...weakAnswers, ...strongAnswers]);

    /** The rule by hand: unseen first, then by information at the EAP of the student's answers, most first. */
    const expected = (answers: typeof weakAnswers) => {
      const theta = abilityFrom(answers.map((a) => ({ item: item(a.questionId), right: a.right }))).theta;
      const seen = (id: string) => (answers.some((a) => a.questionId === id) ? 1 : 0);
      return [...ids]
        .sort((x, y) => seen(x) - seen(y) || information(item(y), theta) - information(item(x), theta))
        .slice(0, 4);
    };
    const drawn = async (username: string) => {
      const token = await t.login(username);
      const tr = Training.parse(expectOk(await call('PUT', `/v1/train/scheme/${schemeId}/start`, token)));
      const [row] = await t.db
        .select({ state: TRAINING_COLUMNS.state })
        .from(trainings)
        .where(eq(trainings.id, Number(tr.trainId)));
      const order = (row.state as { drawn: string[] }).drawn;
      expect(tr.question!.id).toBe(order[0]);
      // Answered through the route, the next question is the next in that order.
      const r = expectOk(
        await call<{ training: { question: { id: string } | null } }>('POST', `/v1/train/${tr.trainId}/answer`, token, {
          clientAnswerId: `ability-${username}`,
          questionId: order[0],
          answer: ['A'],
        }),
      );
      expect(r.training.question?.id).toBe(order[1]);
      return order;
    };
    const [weakOrder, strongOrder] = [expected(weakAnswers), expected(strongAnswers)];
    expect(weakOrder[0]).not.toBe(strongOrder[0]);
    expect(await drawn('ability-weak')).toEqual(weakOrder);
    expect(await drawn('ability-strong')).toEqual(strongOrder);
  });

  it('refuses an unknown draw mode and leaves a scheme without one as it was', async () => {
    const plain = onePointScheme(bank, '最少作答优先', {
      name: '基础',
      selectors: { tags: [TAG] },
      repeat: 1,
      requireCorrect: 1,
    });
    const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, plain));
    expect(s.phases[0].points[0]).not.toHaveProperty('draw');
    const bad = withDraw(plain, 'random');
    const r = await call('PUT', '/v1/train/scheme', agency, bad);
    expectError(r, 400);
    expect(fieldsOf(r).map((f) => f.message)).toContain(DRAW_MODE_MESSAGE);
  });
});

describe('the scheme statistics', () => {
  it("show the agency's own calibration of each question, null when not calibrated, and nothing to another agency", async () => {
    const fixed = onePointScheme(bank, '能力统计', {
      name: '固定',
      selectors: { questionIds: [...ids, bank.single] },
      repeat: ids.length + 1,
      requireCorrect: 0,
    });
    const schemeId = await generalSchemeOn(call, agency, fixed);
    const stats = SchemeAnswerStats.parse(
      expectOk(await call('GET', `/v1/train/scheme/${schemeId}/stats/answer`, agency)),
    );
    const byId = new Map(stats.questions.map((q) => [q.questionId, q]));
    for (const id of ids) {
      const c = byId.get(id)!.calibration!;
      expect(c).toMatchObject({ answers: COHORT, c: 0.25 });
      expect(c.a).toBeGreaterThan(0);
      expect(c.calibratedAt).toBeGreaterThan(0);
    }
    expect(byId.get(bank.single)!.calibration).toBeNull();
    expectError(await call('GET', `/v1/train/scheme/${schemeId}/stats/answer`, other, undefined, 'other'), 404);
  });
});
