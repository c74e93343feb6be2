// AI reading through the API on the real database (docs/reading.md): formatting, the offline generation end to end
// through the job queue, the review of pending sub-questions, the settings and the call log — each with its
// access (platform admin, agency admin, question admin, teacher, student; another agency's question answers 404).
import type { Question, ReadingAgencySettings, ReadingCallPage, ReadingJob, ReadingSettings } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { jobs, userRoles, users } from '../../db/schema.js';
import { readingCalls } from '../../db/schema-reading.js';
import { hashPassword } from '../../lib/password.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { articleText, READING_GENERATE_KIND } from './reading-job.js';
import { AGENCY_ACTIVE_JOBS_MAX } from './reading.service.js';
import { ARTICLE } from './reading-fixtures.test-helper.js';

let t: TestApp;
const tok: Record<string, string> = {};
let demoRepo: string;
let otherRepo: string;
let readingId: string;

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, body?: unknown, ag = 'demo') =>
  t.call<T>(method, url, { token: tok[who], agency: ag, ...(body === undefined ? {} : { body: { request: body } }) });

const readingQuestion = (article = ARTICLE) => ({
  type: 'enReading',
  judgeType: 'auto',
  title: 'Grandfather’s garden',
  question: article,
  knowledgeId: 'en.g7.c1.k1.k2',
  questionSub: [
    {
      type: 'singleChoice',
      title: 'What did the grandfather plant?',
      options: [
        { key: 'A', content: 'Flowers' },
        { key: 'B', content: 'Vegetables' },
      ],
      answer: ['B'],
    },
  ],
});

async function createQuestion(fields: Record<string, unknown>, who = 'agency', ag = 'demo', repo = demoRepo) {
  return expectOk(await call<Question>('PUT', '/v1/exam/question', who, { agencyId: ag, repoId: repo, ...fields }, ag));
}

async function runJob(jobId: string, who = 'qadmin'): Promise<ReadingJob> {
  await t.app.services.jobs.drain();
  return expectOk(await call<ReadingJob>('GET', `/v1/reading/generate/${jobId}`, who));
}

const getQuestion = async (id: string) => expectOk(await call<Question>('GET', `/v1/exam/question/${id}`, 'agency'));

beforeAll(async () => {
  t = await createTestApp();
  const [u] = await t.db
    .insert(users)
    .values({ username: 'demo_qadmin', name: '题库管理员', passwordHash: await hashPassword('Copper-Meadow-42') })
    .returning({ id: users.id });
  await t.db.insert(userRoles).values({ userId: u.id, role: 'edu:agency:demo:question:admin' });
  tok.qadmin = await t.login('demo_qadmin', 'Copper-Meadow-42');
  for (const name of ['admin', 'agency', 'teacher', 'student', 'other']) tok[name] = await t.login(name);
  type Repos = { list: { id: string; agencyId?: string }[] };
  demoRepo = expectOk(await call<Repos>('GET', '/v1/exam/repositories', 'agency')).list[0].id;
  otherRepo = expectOk(await call<Repos>('GET', '/v1/exam/repositories', 'other', undefined, 'other')).list[0].id;
  readingId = (await createQuestion(readingQuestion())).id;
});
afterAll(() => t.close());

describe('format', () => {
  it('wraps the sentences in span.word and lists the words above the level, for question authors only', async () => {
    const r = expectOk(
      await call<{ formatResult: string; outScopeWords: { lemma: string }[]; level: string }>(
        'POST',
        '/v1/reading/format',
        'qadmin',
        { article: ARTICLE, level: 'junior', glossary: ['persistence'] },
      ),
    );
    expect(r.level).toBe('junior');
    expect(r.formatResult).toContain('class="word"');
    expect(r.outScopeWords.length).toBeGreaterThan(0);
    expect(r.outScopeWords.map((w) => w.lemma)).not.toContain('persistence');
    for (const who of ['teacher', 'student', 'admin'])
      expectError(await call('POST', '/v1/reading/format', who, { article: 'Hello.', level: 'cet4' }), 403);
    expectError(await call('POST', '/v1/reading/format', 'other', { article: 'Hello.', level: 'cet4' }), 403);
  });

  it('issue 29: marks no name, contraction, comparative or American spelling, and a typo as unknown', async () => {
    const article =
      'Jane Ansell said she cannot buy fewer than ten meters of cloth. Stephen Hawking usually worked late. Tom laughed.';
    type Formatted = { outScopeWords: { word: string; forms: string[] }[]; unknownWords: { word: string }[] };
    const marked = (r: Formatted) => r.outScopeWords.flatMap((w) => [w.word, ...w.forms]);
    const kaoyan = expectOk(
      await call<Formatted>('POST', '/v1/reading/format', 'qadmin', { article, level: 'kaoyan' }),
    );
    for (const word of ['jane', 'cannot', 'fewer', 'meters', 'stephen', 'tom'])
      expect(marked(kaoyan)).not.toContain(word);
    const junior = expectOk(
      await call<Formatted>('POST', '/v1/reading/format', 'qadmin', { article, level: 'junior' }),
    );
    for (const word of ['usually', 'cloth']) expect(marked(junior)).not.toContain(word);
    const typo = expectOk(
      await call<Formatted>('POST', '/v1/reading/format', 'qadmin', {
        article: 'We squatteddown and looked for beans.',
        level: 'junior',
      }),
    );
    expect(typo.unknownWords).toEqual([{ word: 'squatteddown', forms: ['squatteddown'] }]);
    expect(marked(typo)).not.toContain('squatteddown');
  });

  it('refuses an empty article, an unknown level and an article over 20,000 characters (400 in Chinese)', async () => {
    const empty = await call('POST', '/v1/reading/format', 'agency', { article: '   ', level: 'cet4' });
    expectError(empty, 400);
    expect(empty.body.errmsg + JSON.stringify(empty.body)).toContain('请输入文章');
    expectError(await call('POST', '/v1/reading/format', 'agency', { article: 'Hi.', level: 'ielts' }), 400);
    expectError(
      await call('POST', '/v1/reading/format', 'agency', { article: 'a'.repeat(20_001), level: 'cet4' }),
      400,
    );
  });
});

describe('a new questionSubId', () => {
  it('is a fresh id for question authors', async () => {
    const a = expectOk(await call<{ questionSubId: string }>('GET', '/v1/reading/questionSubId', 'qadmin'));
    const b = expectOk(await call<{ questionSubId: string }>('GET', '/v1/reading/questionSubId', 'agency'));
    expect(a.questionSubId).toMatch(/^[0-9a-f]{12}$/);
    expect(a.questionSubId).not.toBe(b.questionSubId);
    expectError(await call('GET', '/v1/reading/questionSubId', 'teacher'), 403);
    expectError(await call('GET', '/v1/reading/questionSubId', 'student'), 403);
  });
});

describe('offline generation through the job', () => {
  it('appends pending sub-questions with new ids, fills extra, keeps the accepted ones', async () => {
    const before = await getQuestion(readingId);
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'qadmin', {
        questionId: readingId,
        level: 'junior',
        count: 4,
      }),
    );
    const job = await runJob(jobId);
    expect(job).toMatchObject({ status: 'done', provider: 'offline', message: null });
    expect(job.added.length).toBeGreaterThan(0);
    expect(job.added.length).toBeLessThanOrEqual(4);
    const after = await getQuestion(readingId);
    expect(after.questionSub[0]).toEqual(before.questionSub[0]);
    const added = after.questionSub.filter((s) => job.added.includes(s.questionSubId));
    expect(added).toHaveLength(job.added.length);
    for (const s of added) {
      expect(s.status).toBe('pending');
      expect(['singleChoice', 'trueFalse', 'translation']).toContain(s.type);
    }
    expect(new Set(after.questionSub.map((s) => s.questionSubId)).size).toBe(after.questionSub.length);
    expect(after.extra.outScopeWords?.length).toBeGreaterThan(0);
    expect(after.extra.articleGenre).toMatch(/^[a-z]+$/);
    // The call log has the offline call, without tokens or cost.
    const calls = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls', 'agency'));
    expect(calls.list[0]).toMatchObject({ provider: 'offline', purpose: 'generate', outcome: 'ok', cost: 0 });
  });

  it('issue 29: evidence in the article’s own characters, entities decoded, and a second run adds only new items', async () => {
    const article =
      '<p>Tom &amp; Jerry took a long,deep breath before the race, because 3 &lt; 5 and they wanted to win it.</p>' +
      '<p>The little mouse ran faster than the big cat, and the children in the park laughed at them both.</p>' +
      '<p>Every morning the old farmer fed his hungry horses before he went to work in the fields.</p>' +
      '<p>His daughter usually helped him carry the heavy baskets of apples to the market in town.</p>' +
      '<p>They sold most of the apples quickly, and the farmer bought a new coat for his daughter.</p>';
    const q = await createQuestion(readingQuestion(article));
    const generate = async () => {
      const { jobId } = expectOk(
        await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'qadmin', {
          questionId: q.id,
          level: 'junior',
          count: 4,
        }),
      );
      return runJob(jobId);
    };
    const first = await generate();
    expect(first.status).toBe('done');
    const afterFirst = await getQuestion(q.id);
    const text = 'Tom & Jerry took a long,deep breath';
    const evidenceOf = (explanation = '') => /原文依据：([^<]*)/.exec(explanation)?.[1] ?? '';
    const firstSubs = afterFirst.questionSub.filter((s) => first.added.includes(s.questionSubId));
    for (const s of firstSubs) {
      // Sub-question texts are stored as HTML (sanitised like the editor's): `&` once escaped, never twice, so the
      // rendered text reads `Tom & Jerry`, `3 < 5`.
      for (const field of [s.title, s.desc ?? '', ...s.options.map((o) => o.content)])
        expect(field).not.toMatch(/&amp;(amp|lt|gt);/);
      expect(s.title).not.toMatch(/^[^A-Za-z0-9\u4e00-\u9fff]/);
    }
    // The stored question is formatted (a `span.word` per piece): its text still reads `long,deep`, entities decoded.
    expect(articleText(afterFirst.question)).toContain('Tom & Jerry took a long,deep breath');
    const firstEvidence = firstSubs.map((s) => evidenceOf(s.explanation));
    expect(new Set(firstEvidence).size).toBe(firstEvidence.length);
    // The stored explanation is HTML: the evidence in it, unescaped, is the article's text as written.
    const decode = (h: string) => h.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const plain = decode(article.replace(/<\/p>/g, '\n').replace(/<[^>]+>/g, ''));
    for (const e of firstEvidence) expect(plain.includes(decode(e)), decode(e)).toBe(true);
    const withText = firstEvidence.map(decode).find((e) => e.startsWith('Tom'));
    if (withText) expect(withText.startsWith(text)).toBe(true);
    // Generating again asks other sentences: no sentence is asked twice in the question.
    const second = await generate();
    const afterSecond = await getQuestion(q.id);
    const secondEvidence = afterSecond.questionSub
      .filter((s) => second.added.includes(s.questionSubId))
      .map((s) => evidenceOf(s.explanation));
    for (const e of secondEvidence) expect(firstEvidence).not.toContain(e);
  });

  it('only the chosen types, and only on the agency’s own enReading question', async () => {
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'agency', {
        questionId: readingId,
        level: 'cet4',
        count: 2,
        types: ['trueFalse'],
      }),
    );
    const job = await runJob(jobId, 'agency');
    expect(job.status).toBe('done');
    const q = await getQuestion(readingId);
    for (const id of job.added) expect(q.questionSub.find((s) => s.questionSubId === id)?.type).toBe('trueFalse');

    const single = await createQuestion({
      type: 'singleChoice',
      judgeType: 'auto',
      question: '<p>Pick one.</p>',
      knowledgeId: 'en.g7.c1.k1.k2',
      options: [
        { key: 'A', content: 'a' },
        { key: 'B', content: 'b' },
      ],
      answer: ['A'],
    });
    expectError(
      await call('PUT', '/v1/reading/generate', 'agency', { questionId: single.id, level: 'cet4', count: 2 }),
      404,
    );
    const foreign = await createQuestion(readingQuestion(), 'other', 'other', otherRepo);
    expectError(
      await call('PUT', '/v1/reading/generate', 'agency', { questionId: foreign.id, level: 'cet4', count: 2 }),
      404,
    );
    expectError(
      await call('PUT', '/v1/reading/generate', 'agency', { questionId: readingId, level: 'cet4', count: 21 }),
      400,
    );
    for (const who of ['teacher', 'student'])
      expectError(
        await call('PUT', '/v1/reading/generate', who, { questionId: readingId, level: 'cet4', count: 2 }),
        403,
      );
    // Another agency's admin cannot read the job, and an unknown id answers 404.
    expectError(await call('GET', `/v1/reading/generate/${jobId}`, 'other', undefined, 'other'), 404);
    expectError(await call('GET', '/v1/reading/generate/nope', 'agency'), 404);
    for (const who of ['teacher', 'student']) expectError(await call('GET', `/v1/reading/generate/${jobId}`, who), 403);
  });

  it('an agency with its maximum of generations waiting or running gets 429 for one more', async () => {
    const ids = Array.from({ length: AGENCY_ACTIVE_JOBS_MAX }, (_, i) => `busy${String(i).padStart(20, '0')}`);
    // Running on another node (fresh heartbeat): this node's queue leaves them alone.
    await t.db.insert(jobs).values(
      ids.map((id) => ({
        id,
        kind: READING_GENERATE_KIND,
        agencyId: 'demo',
        status: 'running',
        node: 'elsewhere',
        heartbeatAt: new Date(t.clock.now()),
      })),
    );
    const r = await call('PUT', '/v1/reading/generate', 'agency', { questionId: readingId, level: 'cet4', count: 1 });
    expectError(r, 429);
    expect(r.body.errmsg).toContain('生成任务');
    // Another agency is not held back by this one's jobs.
    const foreign = await createQuestion(readingQuestion(), 'other', 'other', otherRepo);
    expectOk(
      await call('PUT', '/v1/reading/generate', 'other', { questionId: foreign.id, level: 'cet4', count: 1 }, 'other'),
    );
    await t.app.services.jobs.drain();
    await t.db.delete(jobs).where(inArray(jobs.id, ids));
  });

  it('on an article not saved yet (the create page): the items come back in the job and the question saves them', async () => {
    const countBefore = (await t.db.select().from(jobs)).length;
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'qadmin', {
        article: ARTICLE,
        level: 'junior',
        count: 3,
        types: ['singleChoice', 'trueFalse'],
      }),
    );
    expect((await t.db.select().from(jobs)).length).toBe(countBefore + 1);
    const job = await runJob(jobId);
    expect(job).toMatchObject({ status: 'done', provider: 'offline', message: null });
    const items = job.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
    expect(items.map((s) => s.questionSubId)).toEqual(job.added);
    const text = articleText(ARTICLE);
    for (const s of items) {
      expect(s.status).toBe('pending');
      expect(['singleChoice', 'trueFalse']).toContain(s.type);
      const evidence = /原文依据：([^<]*)/.exec(s.explanation ?? '')?.[1] ?? '';
      expect(text).toContain(evidence.replace(/&amp;/g, '&'));
    }
    // The create page saves them with the question: checked by the question rules, kept as proposed.
    const saved = await createQuestion({ ...readingQuestion(), questionSub: items });
    expect(saved.questionSub.map((s) => [s.questionSubId, s.status])).toEqual(
      items.map((s) => [s.questionSubId, 'pending']),
    );
    // A job of another agency is not readable; the calls are logged as any generation.
    expectError(await call('GET', `/v1/reading/generate/${jobId}`, 'other', undefined, 'other'), 404);
    const calls = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls', 'agency'));
    expect(calls.list[0]).toMatchObject({ provider: 'offline', purpose: 'generate', outcome: 'ok' });
  });

  it('an article job is bounded as a question’s: one of question or article, ≤ 20,000 characters, 1–20 items, authors only', async () => {
    for (const body of [
      { level: 'cet4', count: 2 },
      { questionId: readingId, article: ARTICLE, level: 'cet4', count: 2 },
      { article: '   ', level: 'cet4', count: 2 },
      { article: 'a'.repeat(20_001), level: 'cet4', count: 2 },
      { article: ARTICLE, level: 'cet4', count: 21 },
    ])
      expectError(await call('PUT', '/v1/reading/generate', 'agency', body), 400);
    for (const who of ['teacher', 'student'])
      expectError(await call('PUT', '/v1/reading/generate', who, { article: ARTICLE, level: 'cet4', count: 2 }), 403);
    // An article with nothing to ask fails with the job's message, as a question's does.
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'agency', {
        article: '<p>Hi.</p>',
        level: 'cet4',
        count: 2,
      }),
    );
    const job = await runJob(jobId, 'agency');
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/没有生成任何小题|文章为空/);
    expect(job.items).toBeUndefined();
  });

  it('fails with a Chinese message and changes nothing when the article is empty', async () => {
    const blank = await createQuestion(readingQuestion('<p>  </p>'.replace('  ', '.')));
    const before = await getQuestion(blank.id);
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'agency', {
        questionId: blank.id,
        level: 'cet4',
        count: 3,
      }),
    );
    const job = await runJob(jobId, 'agency');
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/[\u4e00-\u9fff]/);
    expect(job.added).toEqual([]);
    expect(await getQuestion(blank.id)).toEqual(before);
  });
});

describe('review of a sub-question', () => {
  let q: Question;
  const act = (subId: string, body: unknown, who = 'qadmin', id = q.id, ag = 'demo') =>
    call<Question>('POST', `/v1/reading/question/${id}/sub/${subId}`, who, body, ag);

  // A pending single choice through the editor, a pending translation without a reference through a generation
  // (the editor asks every translation for its reference; the offline generator proposes none).
  let choiceId: string;
  let translationId: string;
  beforeAll(async () => {
    const created = await createQuestion({
      ...readingQuestion(),
      questionSub: [
        ...readingQuestion().questionSub,
        {
          type: 'singleChoice',
          title: 'Why did the neighbours laugh?',
          options: ['dry soil', 'a big house', 'no water', 'too many weeds'].map((c, i) => ({
            key: 'ABCD'[i],
            content: c,
          })),
          answer: ['A'],
          status: 'pending',
        },
      ],
    });
    const { jobId } = expectOk(
      await call<{ jobId: string }>('PUT', '/v1/reading/generate', 'agency', {
        questionId: created.id,
        level: 'junior',
        count: 1,
        types: ['translation'],
      }),
    );
    const job = await runJob(jobId, 'agency');
    expect(job.status).toBe('done');
    q = await getQuestion(created.id);
    choiceId = q.questionSub[1].questionSubId;
    translationId = job.added[0];
    expect(q.questionSub[2]).toMatchObject({ questionSubId: translationId, type: 'translation', status: 'pending' });
  });

  it('accepts a pending single choice (a new version of the question)', async () => {
    const r = expectOk(await act(choiceId, { action: 'accept' }));
    expect(r.questionSub.find((s) => s.questionSubId === choiceId)?.status).toBe('accepted');
    expect(r.questionSub).toHaveLength(3);
  });

  it('a translation without a reference cannot be accepted; edited with one, it can', async () => {
    const refused = await act(translationId, { action: 'accept' });
    expectError(refused, 400);
    expect(JSON.stringify(refused.body)).toContain('参考译文');
    const edited = expectOk(
      await act(translationId, {
        action: 'edit',
        sub: { title: 'Translate the last sentence.', answer: ['他说耐心和毅力比天赋更重要。'] },
      }),
    );
    expect(edited.questionSub[2]).toMatchObject({ status: 'pending', answer: ['他说耐心和毅力比天赋更重要。'] });
    const accepted = expectOk(await act(translationId, { action: 'accept' }));
    expect(accepted.questionSub[2].status).toBe('accepted');
  });

  it('an edit is checked like the question editor (400 naming the field)', async () => {
    const r = await act(choiceId, {
      action: 'edit',
      sub: { title: 'Why?', options: [{ key: 'A', content: 'x' }], answer: ['Z'] },
    });
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain('request.sub.answer.0');
    expectError(await act(choiceId, { action: 'edit', sub: { title: '' } }), 400);
    expectError(await act(choiceId, { action: 'rename' }), 400);
  });

  it('deletes a sub-question (accepted ones too); unknown, foreign and forbidden calls are refused', async () => {
    const r = expectOk(await act(choiceId, { action: 'delete' }));
    expect(r.questionSub.map((s) => s.questionSubId)).not.toContain(choiceId);
    expectError(await act(choiceId, { action: 'delete' }), 404);
    expectError(await act(q.questionSub[0].questionSubId, { action: 'accept' }, 'other', q.id, 'other'), 404);
    expectError(await act(q.questionSub[0].questionSubId, { action: 'accept' }, 'teacher'), 403);
    expectError(await act(q.questionSub[0].questionSubId, { action: 'accept' }, 'student'), 403);
    expectError(await act(q.questionSub[0].questionSubId, { action: 'accept' }, 'qadmin', '999999999'), 404);
  });
});

describe('settings', () => {
  const KEY = 'sk-test-secret-never-shown-0123456789';

  it('the platform default: platform admin only; the key is write-only', async () => {
    const empty = expectOk(await call<ReadingSettings>('GET', '/v1/reading/settings/platform', 'admin'));
    expect(empty).toMatchObject({ provider: 'offline', hasKey: false, lastUpdate: 0 });
    const saved = await call<ReadingSettings>('POST', '/v1/reading/settings/platform', 'admin', {
      provider: 'offline',
      baseUrl: 'https://api.example.com/v1',
      model: 'deepseek-chat',
      timeoutSeconds: 30,
      inputPricePer1k: 0.002,
      outputPricePer1k: 0.008,
      apiKey: KEY,
    });
    expect(expectOk(saved)).toMatchObject({ model: 'deepseek-chat', hasKey: true, timeoutSeconds: 30 });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    const read = await call<ReadingSettings>('GET', '/v1/reading/settings/platform', 'admin');
    expect(JSON.stringify(read.body)).not.toContain(KEY);
    expect(expectOk(read).hasKey).toBe(true);
    // Absent keeps the key, '' clears it.
    const kept = expectOk(
      await call<ReadingSettings>('POST', '/v1/reading/settings/platform', 'admin', { provider: 'offline' }),
    );
    expect(kept.hasKey).toBe(true);
    const cleared = expectOk(
      await call<ReadingSettings>('POST', '/v1/reading/settings/platform', 'admin', {
        provider: 'offline',
        apiKey: '',
      }),
    );
    expect(cleared.hasKey).toBe(false);
    for (const who of ['agency', 'qadmin', 'teacher', 'student'])
      expectError(await call('GET', '/v1/reading/settings/platform', who), 403);
    expectError(await call('POST', '/v1/reading/settings/platform', 'agency', { provider: 'offline' }), 403);
    const bad = await call('POST', '/v1/reading/settings/platform', 'admin', {
      provider: 'openai',
      baseUrl: '',
      model: 'x',
    });
    expectError(bad, 400);
    expectError(
      await call('POST', '/v1/reading/settings/platform', 'admin', { provider: 'offline', timeoutSeconds: 1 }),
      400,
    );
  });

  it('an agency inherits the default, overrides it and goes back to it; agency admins only', async () => {
    const inherited = expectOk(await call<ReadingAgencySettings>('GET', '/v1/reading/settings/agency', 'agency'));
    expect(inherited.inherited).toBe(true);
    const saved = await call<ReadingAgencySettings>('POST', '/v1/reading/settings/agency', 'agency', {
      provider: 'openai',
      baseUrl: 'https://models.example.com/v1',
      model: 'qwen-plus',
      apiKey: KEY,
    });
    expect(expectOk(saved)).toMatchObject({ inherited: false, provider: 'openai', hasKey: true });
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    // The other agency still inherits.
    expect(
      expectOk(await call<ReadingAgencySettings>('GET', '/v1/reading/settings/agency', 'other', undefined, 'other'))
        .inherited,
    ).toBe(true);
    const reset = expectOk(await call<ReadingAgencySettings>('DELETE', '/v1/reading/settings/agency', 'agency'));
    expect(reset).toMatchObject({ inherited: true, provider: 'offline' });
    for (const who of ['qadmin', 'teacher', 'student'])
      expectError(await call('GET', '/v1/reading/settings/agency', who), 403);
    expectError(await call('POST', '/v1/reading/settings/agency', 'other', { provider: 'offline' }), 403);
    // A platform admin may look at an agency's settings in its context.
    expect(expectOk(await call<ReadingAgencySettings>('GET', '/v1/reading/settings/agency', 'admin')).inherited).toBe(
      true,
    );
  });
});

describe('call log', () => {
  it('an agency admin reads its own calls, a platform admin every agency’s; old rows are swept', async () => {
    const now = t.clock.now();
    await t.db.insert(readingCalls).values([
      { agencyId: 'other', at: new Date(now), provider: 'openai', model: 'm', purpose: 'generate', outcome: 'ok' },
      {
        agencyId: 'demo',
        at: new Date(now - 181 * 24 * 3600_000),
        provider: 'openai',
        model: 'old',
        purpose: 'generate',
        outcome: 'ok',
      },
    ]);
    const own = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls?size=100', 'agency'));
    expect(own.list.every((c) => c.agencyId === 'demo')).toBe(true);
    const all = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls/all?size=100', 'admin'));
    expect(new Set(all.list.map((c) => c.agencyId))).toEqual(new Set(['demo', 'other']));
    for (const who of ['qadmin', 'teacher', 'student']) expectError(await call('GET', '/v1/reading/calls', who), 403);
    expectError(await call('GET', '/v1/reading/calls/all', 'agency'), 403);
    expectError(await call('GET', '/v1/reading/calls?size=1000', 'agency'), 400);

    expect(await t.app.services.reading.purgeCalls()).toBe(1);
    const after = expectOk(await call<ReadingCallPage>('GET', '/v1/reading/calls/all?size=100', 'admin'));
    expect(after.list.map((c) => c.model)).not.toContain('old');
    expect(after.total).toBe(Number(all.total) - 1);
  });
});
