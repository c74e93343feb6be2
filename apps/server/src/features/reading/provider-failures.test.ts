// The OpenAI-compatible provider against a LOCAL server answering as real servers and proxies do (docs/reading.md
// "Providers and their failures"): DeepSeek's fenced JSON, prose around it, an Ollama reasoning model's <think>,
// SSE streams sent to a non-stream request, errors inside 200s, vLLM's 400 `{"object":"error"}` naming
// response_format (JSON mode, then no response_format), HTML pages, empty bodies, a missing `choices`, 429s, 5xx,
// a redirect, and a body trickled past the deadline. Every failure is a ProviderFailure with a Chinese message and
// a reason for the call log (never a TypeError). The platform default's policy: the server is on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  raw,
  send,
  sse,
  startChatServer,
  trickle,
  type ChatServer,
} from '../../test/chat-completions-server.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { formatArticle } from './language/format-article.js';
import { OPENAI_MESSAGES, OpenAiProvider, jsonIn } from './openai-provider.js';
import { articleText } from './reading-job.js';
import { ProviderFailure, type ProviderInput } from './reading-provider.js';
import { ARTICLE } from './reading-fixtures.test-helper.js';

const KEY = 'sk-failure-test-key-0a1b2c3d';
const PLATFORM: OutboundPolicy = { reach: 'private', allowedHosts: [] };

const ANSWER = JSON.stringify({
  genre: 'narrative',
  items: [
    {
      type: 'trueFalse',
      title: 'The grandfather had grown vegetables for years.',
      desc: '',
      options: [],
      answer: ['F'],
      explanation: '文中说他以前从未种过东西。',
      evidence: 'He had never grown anything before, but he was determined to learn.',
    },
  ],
});

let chat: ChatServer;
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
    count: 1,
    types: ['trueFalse'],
  };
}
const provider = (timeoutMs = 5_000) =>
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

describe('replies that hold a good answer', () => {
  it('DeepSeek-style: the JSON in a ```json fence, prose around it', async () => {
    chat.script = [
      completion({ content: `Here are the questions:\n\`\`\`json\n${ANSWER}\n\`\`\`\nHope this helps!` }),
      completion({ content: `Sure! ${ANSWER} Let me know if you need more.` }),
    ];
    expect((await run()).items).toHaveLength(1);
    expect((await run()).items[0]).toMatchObject({ type: 'trueFalse', answer: ['F'] });
    expect(chat.seen).toHaveLength(2);
  });

  it('Ollama reasoning model: a <think> block with braces before the JSON', async () => {
    chat.script = [completion({ content: `<think>The answer needs {items}…</think>\n${ANSWER}` })];
    expect((await run()).items).toHaveLength(1);
  });

  it('an SSE stream answered to a non-stream request: the deltas joined, the usage of the last chunk', async () => {
    const parts = [ANSWER.slice(0, 40), ANSWER.slice(40, 200), ANSWER.slice(200)];
    chat.script = [sse(parts), sse(parts, 'application/json')];
    const r = await run();
    expect(r.items).toHaveLength(1);
    expect(r.usage).toEqual({ promptTokens: 1200, completionTokens: 300 });
    // A proxy that labels the stream application/json is read the same way.
    expect((await run()).items).toHaveLength(1);
    expect(chat.seen[0].body.stream).toBe(false);
  });

  it("vLLM's 400 naming response_format: JSON mode, then no response_format at all", async () => {
    const vllm400 = (what: string) =>
      send(400, { object: 'error', message: what, type: 'BadRequestError', param: null, code: 400 });
    chat.script = [
      vllm400("1 validation error: response_format.json_schema is not supported by the 'outlines' backend"),
      vllm400("Unsupported value 'json_object' for response_format.type"),
      completion({ content: ANSWER }),
    ];
    const p = provider();
    expect((await run(p)).items).toHaveLength(1);
    expect(chat.seen.map((s) => (s.body.response_format as { type?: string } | undefined)?.type)).toEqual([
      'json_schema',
      'json_object',
      undefined,
    ]);
    expect(JSON.stringify(chat.seen[2].body.messages)).toContain('JSON schema');
  });
});

describe('replies that end as a clear failure', () => {
  const cases: {
    name: string;
    reply: ReturnType<typeof raw>;
    message: string;
    reason: RegExp;
  }[] = [
    {
      name: 'an error inside a 200 (DeepSeek, OpenAI shape)',
      reply: send(200, { error: { message: 'Model Not Exist', type: 'invalid_request_error' } }),
      message: OPENAI_MESSAGES.errorReply('Model Not Exist'),
      reason: /^HTTP 200 的回复中是错误：Model Not Exist$/,
    },
    {
      name: "vLLM's error object inside a 200",
      reply: send(200, { object: 'error', message: 'The model `x` does not exist.', code: 404 }),
      message: OPENAI_MESSAGES.errorReply('The model `x` does not exist.'),
      reason: /does not exist/,
    },
    {
      name: "Ollama's plain-string error",
      reply: send(404, { error: 'model "qwen9" not found, try pulling it first' }),
      message: OPENAI_MESSAGES.status(404, 'model "qwen9" not found, try pulling it first'),
      reason: /^HTTP 404：model "qwen9" not found/,
    },
    {
      name: 'a proxy login page (HTML in a 200)',
      reply: raw(200, '<!DOCTYPE html><html><head><title>Sign in - Gateway</title></head><body>…</body></html>', {
        'content-type': 'text/html',
      }),
      message: OPENAI_MESSAGES.badReply('HTML 页面「Sign in - Gateway」'),
      reason: /HTML 页面「Sign in - Gateway」/,
    },
    {
      name: 'an empty 200',
      reply: raw(200, '', { 'content-type': 'application/json' }),
      message: OPENAI_MESSAGES.badReply('回复为空'),
      reason: /回复为空/,
    },
    {
      name: 'a 200 that is not JSON',
      reply: raw(200, 'OK', { 'content-type': 'text/plain' }),
      message: OPENAI_MESSAGES.badReply('回复不是 JSON：OK'),
      reason: /回复不是 JSON：OK/,
    },
    {
      name: 'a JSON 200 without choices',
      reply: send(200, { id: 'chatcmpl-1', object: 'chat.completion', model: 'm' }),
      message: OPENAI_MESSAGES.badReply(
        '回复中没有 choices：{"id":"chatcmpl-1","object":"chat.completion","model":"m"}',
      ),
      reason: /没有 choices/,
    },
    {
      name: 'a stream whose chunk is an error',
      reply: raw(200, 'data: {"error":{"message":"overloaded"}}\n\ndata: [DONE]\n\n', {
        'content-type': 'text/event-stream',
      }),
      message: OPENAI_MESSAGES.errorReply('overloaded'),
      reason: /overloaded/,
    },
    {
      name: "nginx's 502 page",
      reply: raw(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', {
        'content-type': 'text/html',
      }),
      message: OPENAI_MESSAGES.status(502, 'HTML 页面「502 Bad Gateway」'),
      reason: /^HTTP 502：HTML 页面「502 Bad Gateway」$/,
    },
    {
      name: 'a 503 with a JSON error',
      reply: send(503, { error: { message: 'Service temporarily unavailable' } }),
      message: OPENAI_MESSAGES.status(503, 'Service temporarily unavailable'),
      reason: /^HTTP 503：Service temporarily unavailable$/,
    },
    {
      name: 'a 400 that does not name response_format (no fallback)',
      reply: send(400, { object: 'error', message: "This model's maximum context length is 4096 tokens." }),
      message: OPENAI_MESSAGES.status(400, "This model's maximum context length is 4096 tokens."),
      reason: /maximum context length/,
    },
    {
      name: 'a 429 with a long Retry-After',
      reply: send(429, { error: { message: 'Rate limit reached' } }, { 'retry-after': '60' }),
      message: OPENAI_MESSAGES.rateLimited,
      reason: /^HTTP 429（Retry-After 60 秒）：Rate limit reached$/,
    },
    {
      name: 'a redirect (never followed)',
      reply: raw(307, '', { location: 'http://169.254.169.254/latest/meta-data/' }),
      message: OPENAI_MESSAGES.redirect,
      reason: /重定向.*169\.254\.169\.254/,
    },
  ];

  it.each(cases)('$name', async ({ reply, message, reason }) => {
    chat.script = [reply];
    const e = await failure();
    expect(e.message).toBe(message);
    expect(e.message).toContain('未添加任何小题');
    expect(e.outcome).toBe('error');
    expect(e.reason).toMatch(reason);
    expect(chat.seen).toHaveLength(1);
  });

  it('the key is blanked from every reason (a server echoing the request)', async () => {
    chat.script = [send(401, { error: { message: `Incorrect API key provided: ${KEY}` } })];
    const e = await failure();
    expect(e.message).toBe(OPENAI_MESSAGES.auth);
    expect(e.reason).toContain('***');
    expect(e.reason).not.toContain(KEY);
  });

  it('a body trickled beyond the deadline is a timeout: the deadline covers the whole body', async () => {
    chat.script = [trickle(40, ' '.repeat(1000) + ANSWER)];
    const started = performance.now();
    const e = await failure(provider(300));
    expect(e.outcome).toBe('timeout');
    expect(e.message).toContain('超时');
    expect(e.reason).toMatch(/^超时：300 毫秒内没有收到完整回复$/);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('an empty answer twice is invalid, with the problem as the reason', async () => {
    chat.script = [completion({ content: '' }), completion({ content: '   ' })];
    const e = await failure();
    expect(e).toMatchObject({ outcome: 'invalid', message: OPENAI_MESSAGES.invalid });
    expect(e.reason).toContain('the answer is empty');
  });
});

describe('jsonIn', () => {
  it('reads the object as it is, in a fence, or between prose; throws otherwise', () => {
    expect(jsonIn('{"a":1}')).toEqual({ a: 1 });
    expect(jsonIn('```\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(jsonIn('```JSON {"a":1}```')).toEqual({ a: 1 });
    expect(jsonIn('The answer is {"a":{"b":2}}. Done.')).toEqual({ a: { b: 2 } });
    expect(() => jsonIn('no json here')).toThrow();
  });
});
