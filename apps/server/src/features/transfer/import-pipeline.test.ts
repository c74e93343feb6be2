// The import pipeline's bounds on the real database, with small configured limits: a file over the size limit
// is refused while it arrives (413), over the row limit or a zip bomb fails its job with the limit named, a
// NUL byte or a worker that runs out of memory fails the job with a Chinese message (the server lives on,
// no job is left running), a failure in the write phase leaves no question written, a restart fails what the
// previous process left, and an export larger than one file's limits comes in parts that import again.
import type { ExportJob, ImportJob, Question, QuestionRepo } from '@edu/contract';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config.js';
import { JOB_MESSAGES, JobQueue } from '../../jobs/job-queue.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { IMPORT_PROCESS_MESSAGES } from './import-process.js';
import { IMPORT_WRITE_FAILED } from './import-job.js';
import { TransferRepository } from './transfer.repository.js';
import { repeatedEntry, SHEET_HEAD, SHEET_TAIL, WORKBOOK, zip } from './xlsx-zip.test-kit.js';

const KB = 1024;
const transfer = {
  ...testConfig().transfer,
  maxBytes: 64 * KB,
  maxRows: 1000,
  maxUncompressedBytes: 4 * 1024 * KB,
  exportPartQuestions: 40,
  maxUploads: 1,
};
// Jobs' files in a directory, as on PGlite by default (the database's job_files: jobs/job-files.test.ts).
const filesDir = mkdtempSync(join(tmpdir(), 'edu-import-files-'));

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { transfer, jobs: { ...testConfig().jobs, filesDir } } });
  token = await t.login('agency');
});
/** The app on a real socket (listening once, for the tests that need a client still sending). */
let listening: Promise<string> | undefined;
const addressOf = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const upload = (url: string, body: Buffer | string, headers: Record<string, string> = {}) =>
  t.call('PUT', url, {
    token,
    agency: 'demo',
    body,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
const importUrl = (q: Record<string, string>) =>
  `/v1/exam/questions/import?${new URLSearchParams({ knowledgeId: 'en', mode: 'valid', ...q }).toString()}`;

async function newRepo(name: string): Promise<string> {
  const body = { request: { name } };
  return expectOk(await t.call<QuestionRepo>('PUT', '/v1/exam/repository', { token, agency: 'demo', body })).id;
}

async function repoCount(repoId: string): Promise<number> {
  const r = await t.call<{ total: number }>('POST', `/v1/exam/question/list?start=0&size=1&repoId=${repoId}`, {
    token,
    agency: 'demo',
    body: { request: {} },
  });
  return expectOk(r).total;
}

async function importJob(url: string, body: Buffer | string): Promise<ImportJob> {
  const { jobId } = expectOk(await upload(url, body)) as { jobId: string };
  await t.app.services.jobs.drain();
  return expectOk(await t.call<ImportJob>('GET', `/v1/exam/questions/import/${jobId}`, { token, agency: 'demo' }));
}

const gift = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `::Q${from + i}::Statement ${from + i} is true.{T}`).join('\n\n');

async function noJob() {
  const rows = await t.db.execute(sql`select count(*)::int as n from jobs`);
  expect((rows as { rows: { n: number }[] }).rows[0].n).toBe(0);
}

async function noJobRunning() {
  const rows = await t.db.execute(sql`select count(*)::int as n from jobs where status in ('running', 'receiving')`);
  expect((rows as { rows: { n: number }[] }).rows[0].n).toBe(0);
}

describe('limits', () => {
  it('states them', async () => {
    const limits = expectOk(await t.call('GET', '/v1/exam/questions/import/limits', { token, agency: 'demo' }));
    expect(limits).toMatchObject({ maxBytes: 64 * KB, maxRows: 1000, exportPartQuestions: 40 });
  });

  it('refuses a file over the size limit with 413 while it arrives (declared or not), and keeps no job', async () => {
    const repoId = await newRepo('太大');
    const big = Buffer.alloc(64 * KB + 1, 'a');
    const r = await upload(importUrl({ format: 'gift', repoId }), big);
    expectError(r, 413);
    expect(r.body.errmsg).toContain('超过上限 0.1 MB（导入文件大小上限）');
    const streamed = await t.app.inject({
      method: 'PUT',
      url: importUrl({ format: 'gift', repoId }),
      headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo', 'content-type': 'text/plain' },
      // A stream without Content-Length: refused by the count while it arrives.
      payload: Readable.from(Array.from({ length: 20 }, () => Buffer.alloc(4 * KB, 'b'))),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json<{ errmsg: string }>().errmsg).toContain('超过上限 0.1 MB（导入文件大小上限）');
    expect(streamed.headers.connection).toBe('close');
    await noJob();
  });

  it('answers the 413 envelope over a real connection while the client is still sending', async () => {
    const repoId = await newRepo('太大的流');
    const address = await addressOf();
    let sent = 0;
    // 256 MB offered in 4 KB pieces, without Content-Length (chunked): the server answers past 64 KB and
    // closes the connection, so the client stops long before it has sent it all.
    const pieces = 65_536;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= pieces) return controller.close();
        sent++;
        controller.enqueue(new Uint8Array(4 * KB).fill(98));
      },
    });
    const r = await fetch(`${address}${importUrl({ format: 'gift', repoId })}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo', 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
    const envelope = (await r.json()) as { errmsg: string };
    expect(envelope.errmsg).toContain('超过上限 0.1 MB（导入文件大小上限）');
    expect(sent).toBeLessThan(pieces / 4);
    await noJob();
  });

  it('receives at most `maxUploads` files at once: one more answers 429 and the first goes on', async () => {
    const repoId = await newRepo('同时上传');
    const address = await addressOf();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let step = 0;
    // The first upload sends one piece, then waits until the second was refused.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (step++ === 1) await held;
        if (step > 2) return controller.close();
        controller.enqueue(new TextEncoder().encode(`${gift(2, step * 2)}\n\n`));
      },
    });
    const first = fetch(`${address}${importUrl({ format: 'gift', repoId })}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo', 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit);
    // The first is being received once its job exists.
    for (;;) {
      const rows = await t.db.execute(sql`select count(*)::int as n from jobs where status = 'receiving'`);
      if ((rows as { rows: { n: number }[] }).rows[0].n > 0) break;
      await new Promise((r) => setImmediate(r));
    }
    const second = await upload(importUrl({ format: 'gift', repoId }), gift(1));
    expectError(second, 429);
    expect(second.body.errmsg).toContain('同时上传的上限');
    release();
    const r = await first;
    expect(r.status).toBe(200);
    await t.app.services.jobs.drain();
    expect(await repoCount(repoId)).toBe(4);
  });

  it('a file over the row limit fails its job naming the limit; nothing is written', async () => {
    const repoId = await newRepo('太多行');
    const job = await importJob(importUrl({ format: 'gift', repoId }), gift(1001));
    expect(job).toMatchObject({ status: 'failed', imported: 0 });
    expect(job.message).toContain('1000');
    expect(await repoCount(repoId)).toBe(0);
    await noJobRunning();
  });

  it('a zip bomb fails its job as a bomb, without inflating it', async () => {
    const repoId = await newRepo('炸弹');
    const bomb = await repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD, '<row/>', 5_000_000, SHEET_TAIL);
    const file = zip([WORKBOOK, bomb]);
    expect(file.length).toBeLessThan(64 * KB);
    const job = await importJob(importUrl({ format: 'xlsx', repoId }), file);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/压缩炸弹/);
    await noJobRunning();
  });

  it('a NUL byte fails the job with a Chinese message', async () => {
    const repoId = await newRepo('NUL');
    const job = await importJob(importUrl({ format: 'gift', repoId }), `::a::b\u0000c{T}`);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^导入失败：.*[\u4e00-\u9fff]/);
    expect(await repoCount(repoId)).toBe(0);
  });
});

describe('the report', () => {
  it("a preview job reports the detected encoding and the parsers' warnings (what imports with a loss)", async () => {
    const repoId = await newRepo('预览警告');
    const text = "::Jesus::Jesus' hometown was {~%25%Bethlehem ~%50%Galilee =Nazareth}.";
    const { jobId } = expectOk(
      await t.call<{ jobId: string }>(
        'POST',
        importUrl({ format: 'gift', repoId }).replace('/import?', '/import/preview?'),
        {
          token,
          agency: 'demo',
          body: Buffer.from(`\ufeff${text}`, 'utf16le'),
          headers: { 'content-type': 'application/octet-stream' },
        },
      ),
    );
    await t.app.services.jobs.drain();
    const job = expectOk(
      await t.call<ImportJob>('GET', `/v1/exam/questions/import/${jobId}`, { token, agency: 'demo' }),
    );
    expect(job).toMatchObject({ preview: true, status: 'done', total: 1, valid: 1, encoding: 'utf-16le' });
    expect(job.warnings?.map((w) => w.title)).toEqual(['Jesus']);
    expect(await repoCount(repoId)).toBe(0);
  });
});

describe('a worker that dies', () => {
  it('out of memory: the job fails naming the memory limit, the server answers on, nothing is stuck', async () => {
    const small = await createTestApp({
      seed: 'demo',
      config: { transfer: { ...transfer, maxBytes: 50 * 1024 * KB, maxRows: 300_000, workerMemoryMb: 16 } },
    });
    try {
      const tk = await small.login('agency');
      const body = Buffer.from(gift(60_000));
      const { jobId } = expectOk(
        await small.call<{ jobId: string }>('PUT', importUrl({ format: 'gift', repoId: '1' }), {
          token: tk,
          agency: 'demo',
          body,
          headers: { 'content-type': 'application/octet-stream' },
        }),
      );
      await small.app.services.jobs.drain();
      const job = expectOk(
        await small.call<ImportJob>('GET', `/v1/exam/questions/import/${jobId}`, { token: tk, agency: 'demo' }),
      );
      expect(job).toMatchObject({ status: 'failed', message: IMPORT_PROCESS_MESSAGES.memory(16), imported: 0 });
      expect((await small.call('GET', '/v1/health')).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the write phase', () => {
  const hiddenOf = async (jobId: string) => {
    const rows = await t.db.execute(sql`select id from questions where import_job_id = ${jobId} limit 1`);
    return (rows as { rows: { id: number }[] }).rows[0]?.id;
  };
  const pendingCount = async () => {
    const rows = await t.db.execute(sql`select count(*)::int as n from import_pending`);
    return (rows as { rows: { n: number }[] }).rows[0].n;
  };

  it('writes batch by batch while other requests run, hidden until the last batch, then all at once', async () => {
    const repoId = await newRepo('分批写入');
    const store = t.app.services.jobs.store;
    const update = store.update.bind(store);
    let importing = false;
    let during: { count: number; get: number; repoCount: number; bankVersion: number } | undefined;
    const bankVersion = async () => {
      const rows = await t.db.execute(sql`select version from bank_versions where agency_id = 'demo'`);
      return Number((rows as { rows: { version: number | string }[] }).rows[0]?.version ?? 0);
    };
    const before = await bankVersion();
    // Looks from outside while the job writes: after its first batch, from the progress it stores.
    const spy = vi.spyOn(store, 'update').mockImplementation(async (id, change) => {
      await update(id, change);
      if (change.phase === 'importing') importing = true;
      if (importing && change.processed !== undefined && change.processed > 0 && !during) {
        const hidden = await hiddenOf(id);
        const get = await t.call('GET', `/v1/exam/question/${hidden}`, { token, agency: 'demo' });
        const repo = await t.call<{ questionCount: number }>('GET', `/v1/exam/repository/${repoId}`, {
          token,
          agency: 'demo',
        });
        during = {
          count: await repoCount(repoId),
          get: get.status,
          repoCount: expectOk(repo).questionCount,
          bankVersion: await bankVersion(),
        };
      }
    });
    try {
      const job = await importJob(importUrl({ format: 'gift', repoId }), gift(900));
      expect(job).toMatchObject({ status: 'done', imported: 900 });
    } finally {
      spy.mockRestore();
    }
    // Nothing a list shows changed: cached lists stay valid while the file is written.
    expect(during).toEqual({ count: 0, get: 404, repoCount: 0, bankVersion: before });
    expect(await bankVersion()).toBeGreaterThan(before);
    expect(await repoCount(repoId)).toBe(900);
    expect(await pendingCount()).toBe(0);
  });

  it('a process that stops while writing leaves its questions hidden; the next sweep removes them', async () => {
    const repoId = await newRepo('写入中断');
    await t.db.execute(
      sql.raw(`create function refuse_q899() returns trigger language plpgsql as $$
        begin if new.title = 'Q899' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_q899 before insert on questions for each row execute function refuse_q899()'),
    );
    // The clean-up after the failure does not happen (as when the process dies there).
    const discard = vi.spyOn(TransferRepository.prototype, 'discard').mockRejectedValueOnce(new Error('process died'));
    let job: ImportJob;
    try {
      job = await importJob(importUrl({ format: 'gift', repoId }), gift(1000));
    } finally {
      discard.mockRestore();
      await t.db.execute(sql.raw('drop trigger refuse_q899 on questions'));
      await t.db.execute(sql.raw('drop function refuse_q899()'));
    }
    expect(job).toMatchObject({ status: 'failed', message: IMPORT_WRITE_FAILED });
    const { jobId } = job;
    expect(await hiddenOf(jobId)).toBeDefined();
    expect(await pendingCount()).toBe(1);
    expect(await repoCount(repoId)).toBe(0);

    await t.app.services.jobs.sweep(false);
    expect(await hiddenOf(jobId)).toBeUndefined();
    expect(await pendingCount()).toBe(0);
    const staged = await t.db.execute(sql`select count(*)::int as n from import_staging where job_id = ${jobId}`);
    expect((staged as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('is all-or-nothing: a database error in a late batch leaves no question of the file written', async () => {
    const repoId = await newRepo('写入失败');
    // A real database failure (no mock): the 700th question is refused by a trigger, after the first batch.
    await t.db.execute(
      sql.raw(`create function refuse_q699() returns trigger language plpgsql as $$
        begin if new.title = 'Q699' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_q699 before insert on questions for each row execute function refuse_q699()'),
    );
    try {
      const job = await importJob(importUrl({ format: 'gift', repoId }), gift(750));
      expect(job).toMatchObject({ status: 'failed', message: IMPORT_WRITE_FAILED, imported: 0, valid: 750 });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_q699 on questions'));
      await t.db.execute(sql.raw('drop function refuse_q699()'));
    }
    expect(await repoCount(repoId)).toBe(0);
    await noJobRunning();
  });
});

describe('a restart', () => {
  it('fails the jobs the previous process left running, with a message, and removes their files', async () => {
    const repoId = await newRepo('重启');
    const { jobId } = expectOk(await upload(importUrl({ format: 'gift', repoId }), gift(3))) as { jobId: string };
    await t.app.services.jobs.drain();
    await t.db.execute(sql`update jobs set status = 'running', phase = 'importing' where id = ${jobId}`);
    await t.app.services.jobs.store.files.write(jobId, 0, Buffer.from(gift(3)));
    expect(readdirSync(filesDir)).toContain(jobId);
    const restarted = new JobQueue(t.db, t.clock, { soleNode: true, filesDir });
    await restarted.start();
    await restarted.stop();
    expect(readdirSync(join(filesDir, jobId))).toEqual([]);
    const job = expectOk(
      await t.call<ImportJob>('GET', `/v1/exam/questions/import/${jobId}`, { token, agency: 'demo' }),
    );
    expect(job).toMatchObject({ status: 'failed', message: JOB_MESSAGES.abandoned });
  });
});

describe('exports', () => {
  it('an export over the part size comes in several parts, each importable again', async () => {
    const from = await newRepo('导出源');
    expect((await importJob(importUrl({ format: 'gift', repoId: from }), gift(100))).imported).toBe(100);
    const { jobId } = expectOk(
      await t.call<{ jobId: string }>('POST', `/v1/exam/questions/export?format=gift&repoId=${from}`, {
        token,
        agency: 'demo',
      }),
    );
    await t.app.services.jobs.drain();
    const job = expectOk(
      await t.call<ExportJob>('GET', `/v1/exam/questions/export/${jobId}`, { token, agency: 'demo' }),
    );
    expect(job).toMatchObject({ status: 'done', total: 100, exported: 100 });
    expect(job.parts.map((p) => p.count)).toEqual([40, 40, 20]);
    const to = await newRepo('导出再导入');
    for (const p of job.parts) {
      const file = await t.call('GET', `/v1/exam/questions/export/${jobId}/parts/${p.part}`, { token, agency: 'demo' });
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toContain(p.filename);
      expect(file.raw.rawPayload.length).toBe(p.bytes);
      expect(p.bytes).toBeLessThanOrEqual(64 * KB);
      const back = await importJob(importUrl({ format: 'gift', repoId: to, mode: 'all' }), file.raw.rawPayload);
      expect(back).toMatchObject({ status: 'done', imported: p.count });
    }
    const titles = async (repoId: string) => {
      const r = await t.call<{ list: Question[] }>('POST', `/v1/exam/question/list?start=0&size=200&repoId=${repoId}`, {
        token,
        agency: 'demo',
        body: { request: { orderBy: 'createTime' } },
      });
      return expectOk(r)
        .list.map((q) => q.title)
        .sort();
    };
    expect(await titles(to)).toEqual(await titles(from));
  }, 120_000);

  it('the one-file export answers 409 when the questions need several files', async () => {
    const r = await t.call('GET', '/v1/exam/questions/export?format=gift', { token, agency: 'demo' });
    expectError(r, 409);
    expect(r.body.errmsg).toContain('导出');
  });
});
