// Creates a reading question of the demo agency's own bank for the answering-step tests (docs/reading.md
// "Answering steps"): the agency admin's PUT /v1/exam/question, as the question editor sends it.
import { Question } from '@edu/contract';
import { expectOk } from '../../test/test-app.js';
import type { schemeCalls } from '../../test/scheme-test-bank.js';
import type { Page } from '../schemes/scheme-fixtures.test-helper.js';
import { TORTOISE_ARTICLE } from './tortoise-hare.fixture.js';

export async function createReadingQuestion(
  call: ReturnType<typeof schemeCalls>,
  agency: string,
  knowledgeId: string,
  questionSub: unknown[],
  question = TORTOISE_ARTICLE,
): Promise<Question> {
  const repos = expectOk(await call<Page<{ id: string; owned: boolean }>>('GET', '/v1/exam/repositories', agency));
  return Question.parse(
    expectOk(
      await call<Question>('PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId: repos.list.find((r) => r.owned)!.id,
        type: 'enReading',
        judgeType: 'auto',
        title: 'The Tortoise and the Hare',
        question,
        knowledgeId,
        questionSub,
      }),
    ),
  );
}
