// Import and export through the API on the real database: validation first, all-or-nothing and good-only
// imports as jobs with progress, access (403/404 for foreign and borrowed repositories, foreign jobs), exports
// with their content types, and the full round trip export → import between two repositories.
import { readFileSync } from 'node:fs';
import type { ImportJob, Question, QuestionRepo } from '@edu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let other: string;
let teacher: string;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await createTestApp();
  [agency, other, teacher] = await Promise.all([t.login('agency'), t.login('other'), t.login('teacher')]);
});
afterAll(() => t.close());

const upload = (method: 'PUT' | 'POST', url: string, body: Buffer | string, token = agency, ag = 'demo') =>
  t.call(method, url, { token, agency: ag, body, headers: { 'content-type': 'application/octet-stream' } });

const importUrl = (q: Record<string, string>) => `/v1/exam/questions/import?${new URLSearchParams(q).toString()}`;

async function newRepo(name: string): Promise<string> {
  return expectOk(
    await t.call<QuestionRepo>('PUT', '/v1/exam/repository', {
      token: agency,
      agency: 'demo',
      body: { request: { name } },
    }),
  ).id;
}

async function repoQuestions(repoId: string): Promise<Question[]> {
  const r = await t.call<{ total: number; list: Question[] }>(
    'POST',
    `/v1/exam/question/list?start=0&size=200&repoId=${repoId}`,
    { token: agency, agency: 'demo', body: { request: { orderBy: 'createTime' } } },
  );
  return expectOk(r).list;
}

/** Waits for the background jobs (no polling, no sleeps), then reads the job. */
async function settle(jobId: string): Promise<{ job: ImportJob }> {
  await t.app.services.jobs.drain();
  const job = expectOk(
    await t.call<ImportJob>('GET', `/v1/exam/questions/import/${jobId}`, { token: agency, agency: 'demo' }),
  );
  return { job };
}

describe('POST /v1/exam/questions/import/preview', () => {
  it('validates every item and reports the bad ones by line, writing nothing', async () => {
    const repoId = await newRepo('预览');
    const { jobId } = expectOk(
      await upload(
        'POST',
        `/v1/exam/questions/import/preview?format=gift&repoId=${repoId}&knowledgeId=en`,
        fixture('sample.gift'),
      ),
    ) as { jobId: string };
    const { job: r } = await settle(jobId);
    expect(r).toMatchObject({ preview: true, status: 'done', total: 10, valid: 7, errorCount: 3, encoding: 'utf-8' });
    expect(r.errors.map((e) => [e.line, e.title])).toEqual([
      [40, 'Broken braces'],
      [42, 'No right answer'],
      [45, 'Unknown point'],
    ]);
    expect(r.unsupported.map((e) => e.line)).toEqual([38]);
    expect(await repoQuestions(repoId)).toEqual([]);
  });
});

describe('PUT /v1/exam/questions/import', () => {
  it('mode=all writes nothing when one item is bad, and says so', async () => {
    const repoId = await newRepo('全部或不导入');
    const started = expectOk(
      await upload(
        'PUT',
        importUrl({ format: 'moodle', repoId, knowledgeId: 'en', mode: 'all' }),
        fixture('sample.moodle.xml'),
      ),
    ) as { jobId: string };
    expect(started.jobId).toMatch(/^[0-9a-f]{24}$/);
    const { job } = await settle(started.jobId);
    expect(job).toMatchObject({
      status: 'failed',
      mode: 'all',
      format: 'moodle',
      total: 8,
      processed: 8,
      imported: 0,
      skipped: 8,
    });
    expect(job.errors.map((e) => e.line)).toEqual([76, 83, 89]);
    expect(job.message).toContain('未导入任何题目');
    expect(await repoQuestions(repoId)).toEqual([]);
  });

  it('mode=valid writes the good items, lists the bad, and the job reaches done', async () => {
    const repoId = await newRepo('只导入正确的');
    const started = expectOk(
      await upload(
        'PUT',
        importUrl({ format: 'moodle', repoId, knowledgeId: 'en', mode: 'valid' }),
        fixture('sample.moodle.xml'),
      ),
    ) as { jobId: string };
    const { job } = await settle(started.jobId);
    expect(job).toMatchObject({
      status: 'done',
      total: 8,
      processed: 5,
      imported: 5,
      skipped: 3,
      message: null,
      repoId,
    });
    expect(job.errors.map((e) => [e.line, e.title])).toEqual([
      [76, 'No right answer'],
      [83, 'Broken true/false'],
      [89, 'Unknown point'],
    ]);
    expect(job.unsupported.map((e) => e.title)).toEqual(['Capitals']);
    const qs = await repoQuestions(repoId);
    expect(qs.map((q) => [q.type, q.title, q.knowledgeId])).toEqual([
      ['singleChoice', 'Fruit', 'en.g7'],
      ['multipleChoice', 'Colours', 'en.g7'],
      ['trueFalse', 'Sun', 'en.g7'],
      ['fillBlank', 'Past of go', 'en.g7.c1.k1'],
      ['shortAnswer', 'My school', 'en.g7.c1'],
    ]);
    expect(qs[0].tags.sort()).toEqual(['fruit', '例题']);
    // Written like a create through the API: sanitised and sentence-wrapped.
    expect(qs[0].question).toContain('class="word"');
  });

  it('shows progress on a long import until done', async () => {
    const repoId = await newRepo('长导入');
    const gift = Array.from({ length: 250 }, (_, i) => `::Q${i}::Statement ${i} is true.{${i % 2 ? 'T' : 'F'}}`).join(
      '\n\n',
    );
    const { jobId } = expectOk(
      await upload('PUT', importUrl({ format: 'gift', repoId, knowledgeId: 'en', mode: 'valid' }), gift),
    ) as {
      jobId: string;
    };
    const { job } = await settle(jobId);
    expect(job).toMatchObject({ status: 'done', total: 250, processed: 250, imported: 250, skipped: 0 });
    expect(await repoQuestions(repoId)).toHaveLength(200);
  });

  it('imports an Excel file row by row and a GIFT file', async () => {
    const repoId = await newRepo('Excel 与 GIFT');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('题目');
    ws.addRow(['题型', '题干', '选项A', '选项B', '答案', '知识点编码']);
    ws.addRow(['单选题', 'Which one?', 'x', 'y', 'A', 'math']);
    ws.addRow(['判断题', 'True?', '', '', '对', '']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const a = expectOk(
      await upload('PUT', importUrl({ format: 'xlsx', repoId, knowledgeId: 'en', mode: 'valid' }), xlsx),
    ) as {
      jobId: string;
    };
    expect((await settle(a.jobId)).job).toMatchObject({ status: 'done', imported: 2, skipped: 0 });
    const b = expectOk(
      await upload(
        'PUT',
        importUrl({ format: 'gift', repoId, knowledgeId: 'en', mode: 'valid' }),
        fixture('sample.gift'),
      ),
    ) as {
      jobId: string;
    };
    expect((await settle(b.jobId)).job).toMatchObject({ status: 'done', imported: 7, skipped: 3 });
    expect(await repoQuestions(repoId)).toHaveLength(9);
  });

  it('answers 400 for bad options and unknown knowledge points; an unreadable file fails its job', async () => {
    const repoId = await newRepo('400');
    const cases: [Record<string, string>, Buffer | string, string][] = [
      [{ format: 'pdf', repoId }, 'x', 'format'],
      [{ format: 'gift', repoId, mode: 'some' }, 'x', 'mode'],
      [{ format: 'gift' }, 'x', 'repoId'],
      [{ format: 'gift', repoId, knowledgeId: 'no.such' }, '::a::b{T}', 'knowledgeId'],
    ];
    for (const [q, body, path] of cases) {
      const r = await upload('PUT', importUrl(q), body);
      expectError(r, 400);
      expect((r.body.response as { fields: { path: string }[] }).fields[0].path).toBe(path);
    }
    const empty = await t.call('PUT', importUrl({ format: 'gift', repoId }), { token: agency, agency: 'demo' });
    expectError(empty, 400);
    const unreadable: [string, string][] = [
      ['moodle', '<quiz><question></quiz>'],
      ['xlsx', 'not a workbook'],
      ['gift', '// only a comment\n'],
    ];
    // The three jobs run side by side: each is a child process, and one after another they took most of the
    // test's time on a loaded machine (docs/testing.md "Timeouts").
    await Promise.all(
      unreadable.map(async ([format, body]) => {
        const { jobId } = expectOk(await upload('PUT', importUrl({ format, repoId }), body)) as { jobId: string };
        const { job } = await settle(jobId);
        expect(job.status, format).toBe('failed');
        expect(job.message, format).toMatch(/[\u4e00-\u9fff]/);
      }),
    );
    expect(await repoQuestions(repoId)).toEqual([]);
  }, 90_000);

  it('answers 404 for a foreign repository, 403 for a borrowed one and for a role that may not author', async () => {
    // Repository 2 is agency other's own; 3 is other's shared one, which demo borrows by reference.
    expectError(await upload('PUT', importUrl({ format: 'gift', repoId: '2', knowledgeId: 'en' }), '{T}'), 404);
    expectOk(await t.call('POST', '/v1/exam/repository/3/subscribe', { token: agency, agency: 'demo' }));
    expectError(await upload('PUT', importUrl({ format: 'gift', repoId: '3', knowledgeId: 'en' }), '{T}'), 403);
    expectError(
      await upload('PUT', importUrl({ format: 'gift', repoId: '1', knowledgeId: 'en' }), '{T}', teacher),
      403,
    );
  });

  it("a job is the agency's own: another agency's job answers 404", async () => {
    const { jobId } = expectOk(
      await upload('PUT', importUrl({ format: 'gift', repoId: '1', knowledgeId: 'en', mode: 'valid' }), '::x::y{T}'),
    ) as {
      jobId: string;
    };
    await settle(jobId);
    const r = await t.call('GET', `/v1/exam/questions/import/${jobId}`, { token: other, agency: 'other' });
    expectError(r, 404);
    expect(r.body.response).toBeNull();
    expectError(await t.call('GET', '/v1/exam/questions/import/not-a-job', { token: agency, agency: 'demo' }), 404);
  });
});

describe('GET /v1/exam/questions/export and the template', () => {
  it('answers each format with its content type and an attachment name, counting what was skipped', async () => {
    for (const [format, type, ext] of [
      ['moodle', 'application/xml; charset=utf-8', 'xml'],
      ['gift', 'text/plain; charset=utf-8', 'gift.txt'],
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ] as const) {
      const r = await t.call('GET', `/v1/exam/questions/export?format=${format}&repoId=1`, {
        token: agency,
        agency: 'demo',
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe(type);
      expect(r.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="questions-\\d{4}-\\d\\d-\\d\\d\\.${ext.replace('.', '\\.')}"`),
      );
      expect(Number(r.headers['x-export-count'])).toBeGreaterThan(0);
      // The demo repository has enReading and translation questions: only Excel holds them.
      if (format === 'xlsx') expect(r.headers['x-export-skipped']).toBe('0');
      else expect(Number(r.headers['x-export-skipped'])).toBeGreaterThan(0);
    }
    expect(
      (await t.call('GET', '/v1/exam/questions/export?format=gift&type=trueFalse', { token: agency, agency: 'demo' }))
        .raw.body,
    ).toMatch(/\{\s*(TRUE|FALSE)/);
  });

  it('answers 400 for a bad format and 404 for a foreign repository', async () => {
    expectError(await t.call('GET', '/v1/exam/questions/export?format=csv', { token: agency, agency: 'demo' }), 400);
    expectError(
      await t.call('GET', '/v1/exam/questions/export?format=gift&repoId=2', { token: agency, agency: 'demo' }),
      404,
    );
  });

  it('serves the Excel template', async () => {
    const r = await t.call('GET', '/v1/exam/questions/import/template', { token: agency, agency: 'demo' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('题目导入模板.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['题目', '说明']);
  });
});

describe('round trip through the API: export → import into another repository', () => {
  const pick = (q: Question) => ({
    type: q.type,
    judgeType: q.judgeType,
    title: q.title,
    question: q.question,
    explanation: q.explanation,
    options: q.options,
    answer: q.answer,
    tags: [...q.tags].sort(),
    knowledgeId: q.knowledgeId,
    questionSub: q.questionSub,
  });

  it.each([
    ['gift', ['singleChoice', 'multipleChoice', 'trueFalse', 'fillBlank', 'shortAnswer']],
    ['moodle', ['singleChoice', 'multipleChoice', 'trueFalse', 'fillBlank', 'shortAnswer']],
    ['xlsx', Object.keys(VALID)],
  ] as const)('%s keeps every question it can hold', async (format, types) => {
    const from = await newRepo(`导出-${format}`);
    for (const type of Object.keys(VALID)) {
      // GIFT and Moodle short answers have one blank.
      const oneBlank = format !== 'xlsx' && type === 'fillBlank' ? { answer: ['went|had gone'] } : {};
      const body = { request: { ...VALID[type], ...oneBlank, title: `${type} 标题`, agencyId: 'demo', repoId: from } };
      expectOk(await t.call('PUT', '/v1/exam/question', { token: agency, agency: 'demo', body }));
    }
    const exported = await t.call('GET', `/v1/exam/questions/export?format=${format}&repoId=${from}`, {
      token: agency,
      agency: 'demo',
    });
    expect(exported.headers['x-export-count']).toBe(String(types.length));
    const to = await newRepo(`导入-${format}`);
    const { jobId } = expectOk(
      await upload('PUT', importUrl({ format, repoId: to, mode: 'all' }), exported.raw.rawPayload),
    ) as {
      jobId: string;
    };
    expect((await settle(jobId)).job).toMatchObject({ status: 'done', imported: types.length, errors: [] });
    if (format !== 'xlsx') expect(exported.raw.body).not.toContain('class="word"');
    const original = (await repoQuestions(from)).filter((q) => (types as readonly string[]).includes(q.type));
    const back = await repoQuestions(to);
    const key = (q: Question) => q.type;
    expect(back.map(pick).sort((a, b) => key(a as Question).localeCompare(key(b as Question)))).toEqual(
      original.map(pick).sort((a, b) => key(a as Question).localeCompare(key(b as Question))),
    );
  });
});
