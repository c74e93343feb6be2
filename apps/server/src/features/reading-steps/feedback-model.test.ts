// A translation step's feedback written by an OpenAI-compatible model (docs/reading.md "Answering steps"), against
// a LOCAL chat-completions server (node:http on 127.0.0.1, port 0): the model's text is used and the call logged
// with purpose 'feedback'; a text quoting the reference translation, an HTTP error or a refusal fall back to the
// key-term feedback; the verdict is always the contract's.
import { ReadingProcess, type Question, type ReadingCallPage, type Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, send, startChatServer, type ChatServer } from '../../test/chat-completions-server.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';
import { quotesReference } from './feedback-model.js';
import { createReadingQuestion } from './reading-question.test-helper.js';
import { PERSISTENT_REFERENCE as REFERENCE, persistentTranslation } from './tortoise-hare.fixture.js';

let chat: ChatServer;
/** The model's answer: its text (or a refusal), 120 + 40 tokens. */
const reply = (content: string | null, refusal: string | null = null) =>
  completion({ content, refusal }, { prompt_tokens: 120, completion_tokens: 40 });

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let question: Question;
const call = schemeCalls(() => t);

beforeAll(async () => {
  chat = await startChatServer();
  t = await createTestApp();
  let admin: string;
  [agency, student, admin] = await Promise.all(['agency', 'student', 'admin'].map((u) => t.login(u)));
  bank = await createTestBank(t, admin, agency);
  question = await createReadingQuestion(call, agency, bank.kp, [persistentTranslation()]);
  // The platform default (it may be a local server; an agency's own setting may not: docs/security.md
  // "Outbound requests"), which the agency inherits.
  expectOk(
    await call('POST', '/v1/reading/settings/platform', admin, {
      provider: 'openai',
      baseUrl: chat.baseUrl,
      model: 'local-model',
      timeoutSeconds: 10,
      inputPricePer1k: 0.002,
      outputPricePer1k: 0.008,
      apiKey: 'sk-local',
    }),
  );
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

/** One training over the question; the translation answered; its feedback text. */
async function translate(answer: string): Promise<{ text: string; isCorrect: boolean | null }> {
  const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [question.id]));
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
  const url = `/v1/train/${tr.trainId}/reading/${question.id}`;
  const p = ReadingProcess.parse(expectOk(await call('GET', `${url}/process`, student)));
  const after = ReadingProcess.parse(
    expectOk(
      await call('POST', `${url}/step`, student, {
        processId: p.processId,
        questionSubId: p.questionSubId,
        answer: [answer],
      }),
    ),
  );
  const h = after.historyQuestionSub[0];
  return { text: h.feedback.text, isCorrect: h.isCorrect };
}

const feedbackCalls = async () =>
  expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls?size=100', agency)).list.filter(
    (c) => c.purpose === 'feedback',
  );

describe('a translation step with a model configured', () => {
  it("uses the model's text, keeps the judge's verdict and logs the call", async () => {
    chat.script = [reply('“persistent” 没有译出来，它的意思是坚持不懈的。')];
    const r = await translate('乌龟很慢。');
    expect(r.isCorrect).toBe(false);
    expect(r.text).toContain('“persistent” 没有译出来');
    const [logged] = await feedbackCalls();
    expect(logged).toMatchObject({ provider: 'openai', model: 'local-model', outcome: 'ok', promptTokens: 120 });
    expect(logged.cost).toBeGreaterThan(0);
  });

  it('falls back to the key terms when the model quotes the reference, fails or refuses', async () => {
    for (const answer of [
      reply(`参考译文是：${REFERENCE}`),
      send(500, { error: { message: 'boom' } }),
      reply(null, 'I cannot help with that.'),
    ]) {
      chat.script = [answer];
      const r = await translate('乌龟很慢。');
      expect(r.isCorrect).toBe(false);
      expect(r.text).toContain('译文没有译出这些关键词');
      expect(r.text).not.toContain(REFERENCE);
    }
    const outcomes = (await feedbackCalls()).slice(0, 3).map((c) => c.outcome);
    expect(outcomes.sort()).toEqual(['error', 'invalid', 'refused']);
    expect(chat.seen).toHaveLength(4);
  });

  it('finds a quoted reference by six characters in a row, punctuation ignored', () => {
    expect(quotesReference('他说：乌龟走得很慢', REFERENCE)).toBe(true);
    expect(quotesReference('“slow” 译得不错，但漏了一个词。', REFERENCE)).toBe(false);
  });
});
