// The OpenAI-compatible provider against a LOCAL chat-completions server (node:http on 127.0.0.1, port 0): a good
// structured answer, json_schema refused → JSON mode, malformed then valid, malformed twice, a refusal, a timeout
// (a short client timeout; the server never answers), 429s; then through the API end to end: the job, the call log
// (tokens, cost, outcome), the key encrypted at rest and never in an answer.
import type { Question, ReadingCallPage, ReadingJob, ReadingSettings } from '@edu/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  send,
  silent,
  startChatServer,
  type ChatServer,
  type SeenRequest,
} from '../../test/chat-completions-server.js';
import { readingSettings } from '../../db/schema-reading.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { formatArticle } from './language/format-article.js';
import { OPENAI_MESSAGES, OpenAiProvider } from './openai-provider.js';
import { articleText } from './reading-job.js';
import { ProviderFailure, type ProviderInput } from './reading-provider.js';
import { ARTICLE } from './reading-fixtures.test-helper.js';

const KEY = 'sk-local-test-key-9f8e7d6c5b4a';
/** The platform default's reach (it may be a local server): docs/security.md "Outbound requests". */
const PLATFORM: OutboundPolicy = { reach: 'private', allowedHosts: [] };

let chat: ChatServer;

const GOOD = {
  genre: 'narrative',
  items: [
    {
      type: 'singleChoice',
      title: 'What did the grandfather do every morning?',
      desc: '',
      options: [
        { key: 'A', content: 'He watered the tomatoes.' },
        { key: 'B', content: 'He sold vegetables.' },
        { key: 'C', content: 'He visited the neighbours.' },
        { key: 'D', content: 'He read about gardening.' },
      ],
      answer: ['A'],
      explanation: '第三句说他每天早上给西红柿浇水。',
      evidence: 'Every morning he watered the tomatoes and carefully removed the weeds.',
    },
    {
      type: 'trueFalse',
      title: 'The neighbours helped the grandfather from the start.',
      desc: '',
      options: [],
      answer: ['false'],
      explanation: '邻居们起初嘲笑他。',
      evidence: 'The neighbours laughed at first, because the soil was dry and full of stones.',
    },
  ],
};
const good = () => completion({ content: JSON.stringify(GOOD) });

beforeAll(async () => {
  chat = await startChatServer();
});
afterEach(() => {
  chat.script = [];
  chat.seen = [];
});
afterAll(() => chat.close());

function input(): ProviderInput {
  const f = formatArticle(ARTICLE, 'junior');
  return {
    article: articleText(ARTICLE),
    sentences: f.sentences,
    outScopeWords: f.outScopeWords,
    level: 'junior',
    count: 2,
    types: ['singleChoice', 'trueFalse', 'translation'],
  };
}

const provider = (timeoutMs = 10_000) =>
  new OpenAiProvider({ baseUrl: chat.baseUrl, apiKey: KEY, model: 'local-model', timeoutMs, policy: PLATFORM });
const run = (p = provider()) => p.generate(input(), new AbortController().signal);
async function failure(p = provider()): Promise<ProviderFailure> {
  const e = await run(p).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ProviderFailure);
  return e as ProviderFailure;
}
const messagesOf = (s: SeenRequest) => s.body.messages as { role: string; content: string }[];

describe('the OpenAI-compatible provider', () => {
  it('asks with a json_schema response format and reads a good structured answer', async () => {
    chat.script = [good()];
    const r = await run();
    expect(r.items).toHaveLength(2);
    expect(r.items[1]).toMatchObject({ type: 'trueFalse', answer: ['F'] });
    expect(r.usage).toEqual({ promptTokens: 1200, completionTokens: 300 });
    expect(r.genre).toBe('narrative');
    expect(chat.seen).toHaveLength(1);
    expect(chat.seen[0].authorization).toBe(`Bearer ${KEY}`);
    expect(chat.seen[0].body).toMatchObject({ model: 'local-model', response_format: { type: 'json_schema' } });
  });

  it('falls back to JSON mode when the server answers 400 to json_schema', async () => {
    chat.script = [send(400, { error: { message: "response_format type 'json_schema' is not supported" } }), good()];
    const p = provider();
    const r = await run(p);
    expect(r.items).toHaveLength(2);
    expect(chat.seen).toHaveLength(2);
    expect(chat.seen[1].body.response_format).toEqual({ type: 'json_object' });
    expect(messagesOf(chat.seen[1])[0].content).toContain('JSON schema');
    // The provider remembers: the next generation starts in JSON mode.
    chat.script = [good()];
    await run(p);
    expect(chat.seen[2].body.response_format).toEqual({ type: 'json_object' });
  });

  it('retries once with the problem appended after malformed JSON, and sums the usage', async () => {
    chat.script = [completion({ content: '{"items": [ oops' }, { prompt_tokens: 1000, completion_tokens: 10 }), good()];
    const r = await run();
    expect(r.items).toHaveLength(2);
    expect(r.usage).toEqual({ promptTokens: 2200, completionTokens: 310 });
    const retry = messagesOf(chat.seen[1]);
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: '{"items": [ oops' });
    expect(retry.at(-1)?.content).toContain('not valid JSON');
  });

  it('retries once when the answer breaks a rule (a key outside A–D, evidence not in the article)', async () => {
    const bad = structuredClone(GOOD);
    bad.items[0].answer = ['E'];
    bad.items[1].evidence = 'A sentence the article never had.';
    chat.script = [completion({ content: JSON.stringify(bad) }), good()];
    const r = await run();
    expect(r.items).toHaveLength(2);
    const told = messagesOf(chat.seen[1]).at(-1)!.content;
    expect(told).toContain('items[0].answer');
    expect(told).toContain('items[1].evidence');
  });

  it('fails as invalid when the retry is malformed too (two requests, no more)', async () => {
    chat.script = [completion({ content: 'not json' }), completion({ content: '{"genre": "x"}' })];
    const e = await failure();
    expect(e).toMatchObject({ outcome: 'invalid', message: OPENAI_MESSAGES.invalid });
    expect(e.usage.promptTokens).toBe(2400);
    expect(chat.seen).toHaveLength(2);
  });

  it('a refusal fails at once with the model’s reason (the key never repeated)', async () => {
    chat.script = [completion({ content: null, refusal: `I cannot help with that (${KEY}).` })];
    const e = await failure();
    expect(e.outcome).toBe('refused');
    expect(e.message).toContain('拒绝');
    expect(e.message).not.toContain(KEY);
    expect(chat.seen).toHaveLength(1);
  });

  it('a server that never answers fails as a timeout after the client’s timeout', async () => {
    chat.script = [silent];
    const e = await failure(provider(300));
    expect(e.outcome).toBe('timeout');
    expect(e.message).toContain('超时');
    expect(chat.seen).toHaveLength(1);
  });

  it('a 429 is retried once after a short Retry-After; a second 429 or a long Retry-After fails', async () => {
    chat.script = [send(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }), good()];
    expect((await run()).items).toHaveLength(2);
    expect(chat.seen).toHaveLength(2);

    chat.seen = [];
    chat.script = [
      send(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
      send(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
    ];
    expect(await failure()).toMatchObject({ outcome: 'error', message: OPENAI_MESSAGES.rateLimited });
    expect(chat.seen).toHaveLength(2);

    chat.seen = [];
    chat.script = [send(429, { error: { message: 'slow down' } }, { 'retry-after': '60' })];
    expect(await failure()).toMatchObject({ message: OPENAI_MESSAGES.rateLimited });
    expect(chat.seen).toHaveLength(1);
  });

  it('a refused key and an unreachable server give their own messages', async () => {
    chat.script = [send(401, { error: { message: 'invalid api key' } })];
    expect(await failure()).toMatchObject({ outcome: 'error', message: OPENAI_MESSAGES.auth });
    const closed = new OpenAiProvider({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: KEY,
      model: 'm',
      timeoutMs: 2000,
      policy: PLATFORM,
    });
    expect(await failure(closed)).toMatchObject({ outcome: 'error', message: OPENAI_MESSAGES.connect });
  });
});

describe('through the API', () => {
  let t: TestApp;
  let agency: string;
  let admin: string;
  let questionId: string;
  const answers: string[] = [];
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) => {
    const r = await t.call<T>(method, url, {
      token,
      agency: 'demo',
      ...(body === undefined ? {} : { body: { request: body } }),
    });
    answers.push(r.raw.body);
    return r;
  };
  const generate = async (): Promise<ReadingJob> => {
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', agency, { questionId, level: 'cet4', count: 2 }),
    );
    await t.app.services.jobs.drain();
    return expectOk(await call<ReadingJob>('GET', `/v1/reading/generate/${jobId}`, agency));
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        reading: {
          jobSeconds: 60,
          maxConcurrent: 2,
          keySecret: 'a-test-secret-of-enough-length',
          callRetentionMs: 1e10,
          allowedHosts: [],
        },
      },
    });
    [agency, admin] = await Promise.all([t.login('agency'), t.login('admin')]);
    const repos = expectOk(await call<{ list: { id: string }[] }>('GET', '/v1/exam/repositories', agency));
    const q = expectOk(
      await call<Question>('PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId: repos.list[0].id,
        type: 'enReading',
        judgeType: 'auto',
        question: ARTICLE,
        knowledgeId: 'en.g7.c1.k1.k2',
        questionSub: [{ type: 'trueFalse', title: 'He grew vegetables.', answer: ['T'] }],
      }),
    );
    questionId = q.id;
    expectOk(
      await call<ReadingSettings>('POST', '/v1/reading/settings/platform', admin, {
        provider: 'openai',
        baseUrl: chat.baseUrl,
        model: 'local-model',
        timeoutSeconds: 10,
        inputPricePer1k: 0.002,
        outputPricePer1k: 0.008,
        apiKey: KEY,
      }),
    );
  });
  afterAll(() => t.close());

  it('generates with the model: pending sub-questions, the genre it named, a call-log row with tokens and cost', async () => {
    chat.script = [good()];
    const job = await generate();
    expect(job).toMatchObject({ status: 'done', provider: 'openai', message: null });
    expect(job.added).toHaveLength(2);
    expect(chat.seen[0].authorization).toBe(`Bearer ${KEY}`);
    const q = expectOk(await call<Question>('GET', `/v1/exam/question/${questionId}`, agency));
    expect(q.questionSub.map((s) => s.status)).toEqual(['accepted', 'pending', 'pending']);
    expect(q.questionSub[2]).toMatchObject({ type: 'trueFalse', answer: ['F'] });
    expect(q.questionSub[1].explanation).toContain('原文依据');
    expect(q.extra.articleGenre).toBe('narrative');
    const calls = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls', agency));
    expect(calls.list[0]).toMatchObject({
      provider: 'openai',
      model: 'local-model',
      purpose: 'generate',
      promptTokens: 1200,
      completionTokens: 300,
      cost: 0.0048,
      outcome: 'ok',
    });
  });

  it('malformed twice: the job fails with the Chinese message, the question is unchanged, the call is logged', async () => {
    const before = expectOk(await call<Question>('GET', `/v1/exam/question/${questionId}`, agency));
    chat.script = [completion({ content: 'nope' }), completion({ content: 'still nope' })];
    const job = await generate();
    expect(job).toMatchObject({ status: 'failed', message: OPENAI_MESSAGES.invalid, added: [] });
    expect(expectOk(await call<Question>('GET', `/v1/exam/question/${questionId}`, agency))).toEqual(before);
    const calls = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls/all', admin));
    expect(calls.list[0]).toMatchObject({ outcome: 'invalid', promptTokens: 2400, cost: 0.0096 });
  });

  it('stores the key encrypted (AI_KEY_SECRET set) and no answer ever carried it', async () => {
    const [row] = await t.db.select().from(readingSettings);
    expect(row.apiKey).toMatch(/^enc:v1:/);
    expect(row.apiKey).not.toContain(KEY);
    expectOk(await call('GET', '/v1/reading/settings/platform', admin));
    expectOk(await call('GET', '/v1/reading/settings/agency', agency));
    expect(answers.length).toBeGreaterThan(5);
    for (const a of answers) expect(a).not.toContain(KEY);
  });
});
