// Fixtures of the training tests: schemes over fixed questions, switched on, and the student's calls.
import { Question, type Scheme } from '@edu/contract';
import { expectOk } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import type { schemeCalls, TestBank } from '../../test/scheme-test-bank.js';

type Call = ReturnType<typeof schemeCalls>;

/** A general scheme of one phase (练习, over the bank's chapter) and one point, ending after it. */
export function onePointScheme(
  bank: TestBank,
  title: string,
  point: { name: string; selectors: Record<string, unknown>; repeat: number; requireCorrect: number },
  judgeWay: 'once' | 'retry' = 'once',
): Record<string, unknown> {
  return {
    title,
    type: 'general',
    initPhase: '练习',
    initPoint: point.name,
    timeLimit: 0,
    kpRange: [bank.kp],
    trainRepoId: bank.trainRepoId,
    phases: [
      {
        phase: '练习',
        knowledgeIds: [bank.kp],
        timeLimit: 0,
        points: [{ ...point, onOK: '@end', onError: '@end', judgeWay }],
      },
    ],
  };
}

/** A general scheme asking the given questions in order, then the end. */
export const fixedScheme = (
  bank: TestBank,
  questionIds: string[],
  o: { title?: string; judgeWay?: 'once' | 'retry' } = {},
) =>
  onePointScheme(
    bank,
    o.title ?? '固定题练习',
    { name: '固定', selectors: { questionIds }, repeat: questionIds.length, requireCorrect: questionIds.length },
    o.judgeWay,
  );

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

/** An English reading question (with sub-questions) in the agency's own repository, as the API reads it back. */
export async function readingQuestion(call: Call, agency: string): Promise<Question> {
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const repoId = repos.list.find((r) => r.owned)!.id;
  const { id } = expectOk(
    await call<{ id: string }>('PUT', '/v1/exam/question', agency, { agencyId: 'demo', repoId, ...VALID.enReading }),
  );
  return Question.parse(expectOk(await call<Question>('GET', `/v1/exam/question/${id}`, agency)));
}
