// Fixtures of the training tests: schemes over fixed questions, switched on, and the student's calls.
import type { Scheme } from '@edu/contract';
import { expectOk } from '../../test/test-app.js';
import type { schemeCalls, TestBank } from '../schemes/scheme-fixtures.test-helper.js';

type Call = ReturnType<typeof schemeCalls>;

/** A general scheme of one phase and one point asking the given questions in order, then the end. */
export function fixedScheme(
  bank: TestBank,
  questionIds: string[],
  o: { title?: string; judgeWay?: 'once' | 'retry' } = {},
): Record<string, unknown> {
  return {
    title: o.title ?? '固定题练习',
    type: 'general',
    initPhase: '练习',
    initPoint: '固定',
    timeLimit: 0,
    kpRange: [bank.kp],
    trainRepoId: bank.trainRepoId,
    phases: [
      {
        phase: '练习',
        knowledgeIds: [bank.kp],
        timeLimit: 0,
        points: [
          {
            name: '固定',
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds },
            repeat: questionIds.length,
            judgeWay: o.judgeWay ?? 'once',
            requireCorrect: questionIds.length,
          },
        ],
      },
    ],
  };
}

/** Saves a general scheme and switches it on; answers its id. */
export async function generalSchemeOn(call: Call, agency: string, body: Record<string, unknown>): Promise<string> {
  const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, body));
  expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
  return s.schemeId;
}

/** Saves a paper of the questions (switched off until `on`); answers its id. */
export async function paperScheme(call: Call, agency: string, bank: TestBank, questionIds: string[]) {
  const s = expectOk(
    await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
      title: '固定题小测',
      kpRange: [bank.kp],
      timeLimit: 0,
      questionIds,
      trainRepoId: bank.trainRepoId,
    }),
  );
  return s.schemeId;
}
