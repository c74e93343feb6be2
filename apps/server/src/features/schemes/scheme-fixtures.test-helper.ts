// Fixtures of the scheme API tests: enveloped calls, a knowledge subtree holding only the tests' own questions
// (so what a selector matches is known exactly), and a valid general scheme over it.
import type { FieldError } from '@edu/contract';
import { expectOk, type TestApp } from '../../test/test-app.js';
import { schemeCalls, type TestBank } from '../../test/scheme-test-bank.js';

export { schemeCalls, type TestBank };
export type Page<T> = { total: number; list: T[] };

/** The field errors of a 400 answer. */
export const fieldsOf = (r: { body: { response: unknown } }): FieldError[] =>
  (r.body.response as { fields: FieldError[] }).fields;

const question = (kp: string, type: string, extra: Record<string, unknown>) => ({
  type,
  judgeType: 'auto',
  question: `<p>方案测试题 ${type}</p>`,
  knowledgeId: kp,
  ...extra,
});

/** A fresh test app's demo agency admin and student, and a test bank the agency admin authored. */
export async function agencyStudentAndBank(t: TestApp) {
  const [agency, student, admin] = await Promise.all(['agency', 'student', 'admin'].map((u) => t.login(u)));
  return { agency, student, bank: await createTestBank(t, admin, agency) };
}

/** Builds the bank in the agency: `admin` creates the knowledge points, `author` the questions. */
export async function createTestBank(t: TestApp, admin: string, author: string, ag = 'demo'): Promise<TestBank> {
  const call = schemeCalls(() => t);
  const kpOf = async (name: string) =>
    expectOk(
      await t.call<{ code: string }>('PUT', '/v1/exam/question/knowledgepoint', {
        token: admin,
        body: { request: { parent: 'en.g7', name } },
      }),
    ).code;
  const kp = await kpOf(`方案测试章-${ag}`);
  const emptyKp = await kpOf(`空章节-${ag}`);
  const repos = expectOk(
    await call<Page<{ id: string; owned: boolean }>>('GET', '/v1/exam/repositories', author, undefined, ag),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  const create = async (fields: Record<string, unknown>) =>
    expectOk(await call<{ id: string }>('PUT', '/v1/exam/question', author, { agencyId: ag, repoId, ...fields }, ag))
      .id;
  const options = [
    { key: 'A', content: 'yes' },
    { key: 'B', content: 'no' },
  ];
  const single = await create(question(kp, 'singleChoice', { options, answer: ['A'], tags: ['方案测试'] }));
  const trueFalse = await create(question(kp, 'trueFalse', { answer: ['T'] }));
  const manual = await create(question(kp, 'shortAnswer', { judgeType: 'manual', answer: ['参考答案'] }));
  const trainRepos = expectOk(
    await call<Page<{ id: string; owned: boolean }>>('GET', '/v1/train/repositories', author, undefined, ag),
  );
  return { kp, emptyKp, single, trueFalse, manual, trainRepoId: trainRepos.list.find((r) => r.owned)!.id };
}

type SchemePoint = Record<string, unknown>;
type SchemePhase = Record<string, unknown> & { points: SchemePoint[] };
type GeneralScheme = Record<string, unknown> & { phases: SchemePhase[] };

/** A valid general scheme: two phases, selectors by type and by tag, then a fixed list. */
export function generalScheme(b: TestBank, over: Record<string, unknown> = {}): GeneralScheme {
  return {
    title: '名词专项训练',
    type: 'general',
    initPhase: '热身',
    initPoint: '基础',
    timeLimit: 1800,
    kpRange: [b.kp],
    trainRepoId: b.trainRepoId,
    phases: [
      {
        phase: '热身',
        knowledgeIds: [b.kp],
        timeLimit: 600,
        points: [
          {
            name: '基础',
            onOK: '提高',
            onError: '基础',
            selectors: { types: ['singleChoice', 'trueFalse'] },
            repeat: 2,
            judgeWay: 'once',
            requireCorrect: 1,
          },
          {
            name: '提高',
            onOK: '@next',
            onError: '基础',
            selectors: { tags: ['方案测试'] },
            repeat: 1,
            judgeWay: 'retry',
            requireCorrect: 1,
          },
        ],
      },
      {
        phase: '巩固',
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: '固定题',
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds: [b.trueFalse, b.single] },
            repeat: 2,
            judgeWay: 'once',
            requireCorrect: 1,
          },
        ],
      },
    ],
    ...over,
  };
}

/** The scheme with its first point's fields changed. */
export function withFirstPoint(s: GeneralScheme, point: Record<string, unknown>): GeneralScheme {
  const [first, ...rest] = s.phases;
  const [p0, ...points] = first.points;
  return { ...s, phases: [{ ...first, points: [{ ...p0, ...point }, ...points] }, ...rest] };
}

/** The scheme with its first phase's fields changed. */
export function withFirstPhase(s: GeneralScheme, phase: Record<string, unknown>): GeneralScheme {
  const [first, ...rest] = s.phases;
  return { ...s, phases: [{ ...first, ...phase }, ...rest] };
}
