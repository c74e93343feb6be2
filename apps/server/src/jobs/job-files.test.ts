// Both homes of jobs' files behave alike: chunks appended in order read back in order, a whole part written
// reads back, removal of one part or of a job's every file, a missing part reads empty; the directory never
// takes a path from anything but a job id. The database one runs on PGlite (or PostgreSQL with TEST_DB).
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DatabaseJobFiles, DirectoryJobFiles, FILE_CHUNK_BYTES, type JobFiles } from './job-files.js';
import { JobQueue } from './job-queue.js';

let t: TestApp;
let dir: string;
const clock = manualClock(Date.UTC(2026, 0, 5, 8, 0, 0));

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  dir = mkdtempSync(join(tmpdir(), 'edu-job-files-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function readAll(files: JobFiles, id: string, part: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of files.read(id, part)) chunks.push(c);
  return Buffer.concat(chunks);
}

/** A job row for the database's foreign key (the directory needs none). */
async function newJob(q: JobQueue): Promise<string> {
  return q.enqueue({ kind: 'test.files', payload: {}, receiving: true });
}

describe.each([
  ['the database', () => new JobQueue(t.db, clock, { soleNode: false, filesDir: null })],
  ['a directory', () => new JobQueue(t.db, clock, { soleNode: false, filesDir: dir })],
])('job files in %s', (_name, makeQueue) => {
  it('reads back appended chunks and written parts, chunk by chunk', async () => {
    const q = makeQueue();
    const id = await newJob(q);
    const a = Buffer.alloc(FILE_CHUNK_BYTES, 1);
    const b = Buffer.from('末尾的字节');
    await q.store.files.append(id, 0, 0, a);
    await q.store.files.append(id, 0, 1, b);
    const big = Buffer.alloc(FILE_CHUNK_BYTES * 2 + 5, 7);
    await q.store.files.write(id, 1, big);
    expect((await readAll(q.store.files, id, 0)).equals(Buffer.concat([a, b]))).toBe(true);
    const chunks: number[] = [];
    for await (const c of q.store.files.read(id, 1)) chunks.push(c.length);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(FILE_CHUNK_BYTES);
    expect((await readAll(q.store.files, id, 1)).equals(big)).toBe(true);

    await q.store.files.remove([id], 0);
    expect((await readAll(q.store.files, id, 0)).length).toBe(0);
    expect((await readAll(q.store.files, id, 1)).length).toBe(big.length);
    await q.store.delete(id);
    expect((await readAll(q.store.files, id, 1)).length).toBe(0);
  });

  it('a part never stored reads empty', async () => {
    const q = makeQueue();
    expect((await readAll(q.store.files, await newJob(q), 3)).length).toBe(0);
  });
});

describe('job files in a directory', () => {
  it('takes no path from anything but a job id', async () => {
    const files = new DirectoryJobFiles(dir);
    await expect(files.write('../../etc', 0, Buffer.from('x'))).rejects.toThrow('not a job id');
    await expect(files.append('abcdef01', -1, 0, Buffer.from('x'))).rejects.toThrow('not a part number');
  });
});

describe('retention', () => {
  it('removes finished jobs older than the retention with their files, and nothing else', async () => {
    const q = new JobQueue(t.db, clock, { soleNode: false, filesDir: dir, retentionMs: 7 * 24 * 3600_000 });
    const ids = { old: await newJob(q), failedOld: await newJob(q), recent: '', queued: '' };
    await q.store.files.write(ids.old, 1, Buffer.from('旧的导出'));
    await q.store.update(ids.old, { status: 'done', updatedAt: new Date(clock.now()) });
    await q.store.update(ids.failedOld, { status: 'failed', updatedAt: new Date(clock.now()) });
    clock.advance(7 * 24 * 3600_000 + 1000);
    ids.recent = await newJob(q);
    await q.store.update(ids.recent, { status: 'done', updatedAt: new Date(clock.now()) });
    ids.queued = await newJob(q);
    await q.store.update(ids.queued, { status: 'queued', updatedAt: new Date(0) });

    expect(await q.purge()).toBe(2);
    expect(await q.store.get(ids.old)).toBeUndefined();
    expect(await q.store.get(ids.failedOld)).toBeUndefined();
    expect((await q.store.get(ids.recent))?.status).toBe('done');
    expect((await q.store.get(ids.queued))?.status).toBe('queued');
    expect(readdirSync(dir)).not.toContain(ids.old);
    await new DatabaseJobFiles(t.db).remove([ids.recent, ids.queued]);
  });
});
