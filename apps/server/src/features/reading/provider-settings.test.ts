// Provider settings, outbound rules and failures through the API (docs/reading.md "Providers and their failures",
// docs/security.md "Outbound requests"), on the real database with a LOCAL chat-completions server on 127.0.0.1:
// an agency admin's override may not name loopback, private, link-local or metadata addresses in any spelling
// (400 naming request.baseUrl), and a row that names one anyway is refused at call time — a literal or a name that
// resolves to loopback — without the server seeing a request; the platform default may be local. Replies that used
// to break the job (an error inside a 200, a non-JSON 200) end as the job's Chinese message and a call-log row with
// the reason. 测试连接 answers ok or the reason. A second app allow-lists 127.0.0.1 for agencies.
import type {
  Question,
  ReadingAgencySettings,
  ReadingCallPage,
  ReadingConnectionTest,
  ReadingJob,
  ReadingSettings,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingSettings } from '../../db/schema-reading.js';
import { completion, send, raw, sse, startChatServer, type ChatServer } from '../../test/chat-completions-server.js';
import { createTestApp, expectError, expectOk } from '../../test/test-app.js';
import { OPENAI_MESSAGES } from './openai-provider.js';
import { ARTICLE } from './reading-fixtures.test-helper.js';

const KEY = 'sk-settings-test-key-77aa88bb';
const ANSWER = JSON.stringify({
  genre: 'narrative',
  items: [
    {
      type: 'trueFalse',
      title: 'The neighbours laughed at the garden at first.',
      desc: '',
      options: [],
      answer: ['T'],
      explanation: '文中说邻居们起初嘲笑他。',
      evidence: 'The neighbours laughed at first, because the soil was dry and full of stones.',
    },
  ],
});

let chat: ChatServer;
let port: string;

beforeAll(async () => {
  chat = await startChatServer();
  port = new URL(chat.baseUrl).port;
});
afterAll(() => chat.close());

/** An app, its agency admin and platform admin, and an enReading question of the demo agency. */
async function world(allowedHosts: string[]) {
  const t = await createTestApp({
    config: {
      reading: { jobSeconds: 60, maxConcurrent: 2, keySecret: undefined, callRetentionMs: 1e10, allowedHosts },
    },
  });
  const [agency, admin] = await Promise.all([t.login('agency'), t.login('admin')]);
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    t.call<T>(method, url, { token, agency: 'demo', ...(body === undefined ? {} : { body: { request: body } }) });
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
  const generate = async (): Promise<ReadingJob> => {
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', agency, {
        questionId: q.id,
        level: 'cet4',
        count: 1,
        types: ['trueFalse'],
      }),
    );
    await t.app.services.jobs.drain();
    return expectOk(await call<ReadingJob>('GET', `/v1/reading/generate/${jobId}`, agency));
  };
  const lastCall = async () => expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls', agency)).list[0];
  return { t, agency, admin, call, generate, lastCall };
}

const settings = (baseUrl: string, extra: Record<string, unknown> = {}) => ({
  provider: 'openai',
  baseUrl,
  model: 'local-model',
  timeoutSeconds: 5,
  apiKey: KEY,
  ...extra,
});

describe('an agency without an allow-list', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world([]);
  });
  afterAll(() => w.t.close());

  it('refuses an override naming loopback, private, link-local or metadata addresses, in every spelling', async () => {
    const refused = [
      `http://127.0.0.1:${port}/v1`,
      'http://2130706433/v1',
      'http://0x7f000001/v1',
      'http://0.0.0.0:8000/v1',
      'http://10.0.0.8/v1',
      'http://172.16.5.4:8000/v1',
      'http://192.168.1.20:11434/v1',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/v1`,
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      'http://[fd00::1]/v1',
      'http://[fe80::1]/v1',
      `http://localhost:${port}/v1`,
    ];
    for (const baseUrl of refused) {
      const r = await w.call('POST', '/v1/reading/settings/agency', w.agency, settings(baseUrl));
      expectError(r, 400);
      expect(r.body.errmsg, baseUrl).toContain('接口地址被拒绝');
      expect((r.body.response as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual([
        'request.baseUrl',
      ]);
      // The connection test answers the same 400 before any request.
      expectError(await w.call('POST', '/v1/reading/settings/agency/test', w.agency, settings(baseUrl)), 400);
    }
    expect(chat.seen).toEqual([]);
    expect(await w.t.db.select().from(readingSettings)).toEqual([]);
    // A public address is saved (nothing is called on save).
    expectOk(await w.call('POST', '/v1/reading/settings/agency', w.agency, settings('https://api.deepseek.com/v1')));
  });

  it('the platform default may be local; the agency inherits it and generates', async () => {
    expectOk(await w.call('DELETE', '/v1/reading/settings/agency', w.agency));
    expectOk(await w.call<ReadingSettings>('POST', '/v1/reading/settings/platform', w.admin, settings(chat.baseUrl)));
    // …but never the cloud metadata address.
    const meta = await w.call('POST', '/v1/reading/settings/platform', w.admin, settings('http://169.254.169.254/'));
    expectError(meta, 400);
    expect(meta.body.errmsg).toContain('元数据');
    chat.script = [sse([ANSWER.slice(0, 30), ANSWER.slice(30)])];
    expect(await w.generate()).toMatchObject({ status: 'done', provider: 'openai' });
    expect(await w.lastCall()).toMatchObject({ outcome: 'ok', promptTokens: 1200 });
    chat.seen = [];
  });

  it('a reply that used to break the job: the Chinese message on the job and the reason in the call log', async () => {
    chat.script = [send(200, { error: { message: 'Model Not Exist', type: 'invalid_request_error' } })];
    expect(await w.generate()).toMatchObject({
      status: 'failed',
      message: OPENAI_MESSAGES.errorReply('Model Not Exist'),
      added: [],
    });
    expect(await w.lastCall()).toMatchObject({ outcome: 'error', message: 'HTTP 200 的回复中是错误：Model Not Exist' });

    chat.script = [raw(200, 'data: not json at all\n\n', { 'content-type': 'text/event-stream' })];
    const job = await w.generate();
    expect(job.status).toBe('failed');
    expect(job.message).toContain('AI 服务的回复无法识别');
    expect((await w.lastCall()).message).toContain('流式回复中有一行不是 JSON');
    chat.seen = [];
  });

  it('at call time a stored override naming loopback is refused — a literal or a name — and nothing is sent', async () => {
    for (const baseUrl of [`http://127.0.0.1:${port}/v1`, `http://localhost:${port}/v1`]) {
      // As if saved before the rule (or written around it): the call itself refuses.
      await w.t.db.delete(readingSettings);
      await w.t.db.insert(readingSettings).values({
        agencyId: 'demo',
        provider: 'openai',
        baseUrl,
        model: 'local-model',
        timeoutSeconds: 5,
        apiKey: KEY,
        updatedAt: new Date(),
      });
      chat.script = [completion({ content: ANSWER })];
      expect(await w.generate()).toMatchObject({ status: 'failed', message: OPENAI_MESSAGES.blocked });
      const logged = await w.lastCall();
      expect(logged.outcome).toBe('error');
      expect(logged.message).toMatch(/^地址被拒绝：(localhost 解析到的 )?(127\.0\.0\.1|::1) 是本机、内网或保留地址$/);
      expect(chat.seen).toEqual([]);
    }
    await w.t.db.delete(readingSettings);
  });

  it('测试连接: ok, the reason of a failure, the stored key when none is typed, offline needs nothing', async () => {
    expectOk(await w.call('POST', '/v1/reading/settings/platform', w.admin, settings(chat.baseUrl)));
    chat.script = [completion({ content: 'OK' })];
    const { apiKey: _typed, ...noKey } = settings(chat.baseUrl);
    const ok = expectOk(
      await w.call<ReadingConnectionTest>('POST', '/v1/reading/settings/platform/test', w.admin, noKey),
    );
    expect(ok).toMatchObject({ ok: true, message: '连接成功：模型 local-model 已回复' });
    expect(chat.seen[0].authorization).toBe(`Bearer ${KEY}`);

    chat.script = [send(404, { object: 'error', message: 'The model `nope` does not exist.' })];
    const bad = expectOk(
      await w.call<ReadingConnectionTest>(
        'POST',
        '/v1/reading/settings/platform/test',
        w.admin,
        settings(chat.baseUrl, { model: 'nope', apiKey: '' }),
      ),
    );
    expect(bad).toMatchObject({ ok: false, message: '连接失败：HTTP 404：The model `nope` does not exist.' });
    expect(chat.seen[1].authorization).toBeUndefined();

    const offline = await w.call<ReadingConnectionTest>('POST', '/v1/reading/settings/agency/test', w.agency, {
      provider: 'offline',
    });
    expect(expectOk(offline).ok).toBe(true);
    // An agency admin cannot test the platform's settings.
    expectError(await w.call('POST', '/v1/reading/settings/platform/test', w.agency, noKey), 403);
    // Nothing was saved by a test, and no call-log row written.
    expect(
      expectOk(await w.call<ReadingAgencySettings>('GET', '/v1/reading/settings/agency', w.agency)).inherited,
    ).toBe(true);
  });
});

describe('an agency with 127.0.0.1 on the allow-list (AI_PROVIDER_ALLOWED_HOSTS)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(['127.0.0.1']);
    chat.seen = [];
  });
  afterAll(() => w.t.close());

  it('saves, tests and generates with an override on that host; other loopback hosts stay refused', async () => {
    expectOk(await w.call('POST', '/v1/reading/settings/agency', w.agency, settings(chat.baseUrl)));
    chat.script = [completion({ content: 'OK' })];
    const tested = await w.call<ReadingConnectionTest>('POST', '/v1/reading/settings/agency/test', w.agency, {
      ...settings(chat.baseUrl),
    });
    expect(expectOk(tested).ok).toBe(true);
    chat.script = [completion({ content: `\`\`\`json\n${ANSWER}\n\`\`\`` })];
    expect(await w.generate()).toMatchObject({ status: 'done' });
    expect(chat.seen).toHaveLength(2);
    for (const baseUrl of [`http://localhost:${port}/v1`, `http://[::1]:${port}/v1`, 'http://10.0.0.8/v1'])
      expectError(await w.call('POST', '/v1/reading/settings/agency', w.agency, settings(baseUrl)), 400);
  });
});
