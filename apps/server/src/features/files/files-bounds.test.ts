// API tests of the upload bounds (docs/security.md "Uploads"): storage quotas per user and per agency (atomic
// under parallel uploads), the upload rate per user (in memory and in Redis), and the sweep of unreferenced files.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agencies, fileUsage, files, questions, users } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { pngOfSize } from '../../test/images.js';

/** A whole PNG of `size` bytes. */
const png = (size = 1000) => pngOfSize(size);

const upload = (t: TestApp, token: string, body: Buffer, agency?: string) =>
  t.call<{ id: string; url: string }>('PUT', '/v1/files', {
    token,
    ...(agency ? { agency } : {}),
    headers: { 'content-type': 'image/png' },
    body,
  });

const fileCount = async (t: TestApp) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0].n;
const usage = async (t: TestApp, owner: string) =>
  Number((await t.db.select({ b: fileUsage.bytes }).from(fileUsage).where(eq(fileUsage.owner, owner)))[0]?.b ?? 0);

describe('storage quotas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        files: {
          ...(await import('../../config.js')).testConfig().files,
          quotaUserBytes: 5000,
          quotaAgencyBytes: 8000,
        },
      },
    });
  });
  afterAll(() => t.close());

  it("refuses an upload past the user's quota with 413 saying which quota and how much is used", async () => {
    const token = await t.login('teacher');
    for (let i = 0; i < 4; i++) expectOk(await upload(t, token, png(1200)));
    const before = await fileCount(t);
    const r = await upload(t, token, png(1200));
    expectError(r, 413);
    expect(r.body.errmsg).toBe(
      '你的上传空间已满：已用 4.7 KB，上限 4.9 KB，这张图片 1.2 KB。没有被任何内容引用的图片会在上传 24 小时后自动清理',
    );
    expect(await fileCount(t)).toBe(before);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher'));
    expect(await usage(t, `user:${me.id}`)).toBe(4800);
    // A smaller file still fits.
    expectOk(await upload(t, token, png(200)));
  });

  it('ten parallel uploads cannot overshoot a quota: exactly those that fit are stored', async () => {
    const id = await addUser(t, 'racer', '并发上传', ['edu:agency:other:teacher']);
    const token = await t.login('racer');
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(t, token, png(1000))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 413)).toHaveLength(5);
    expect(await usage(t, `user:${id}`)).toBe(5000);
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.createdBy, id));
    expect(stored[0].n).toBe(5);
  });

  it("refuses past the agency's quota, for every uploader of the agency, naming it", async () => {
    await addUser(t, 'demo-a', '甲', ['edu:agency:demo:teacher']);
    await addUser(t, 'demo-b', '乙', ['edu:agency:demo:teacher']);
    const [a, b] = [await t.login('demo-a'), await t.login('demo-b')];
    // The teacher's 5000 bytes above went without an agency header: only this test's uploads count here.
    for (let i = 0; i < 3; i++) expectOk(await upload(t, a, png(1500), 'demo'));
    for (let i = 0; i < 2; i++) expectOk(await upload(t, b, png(1500), 'demo'));
    const r = await upload(t, b, png(1500), 'demo');
    expectError(r, 413);
    expect(r.body.errmsg).toMatch(/^本机构的上传空间已满：已用 /);
    expect(await usage(t, 'agency:demo')).toBe(7500);
  });
});

describe('upload rate', () => {
  const rateConfig = async (extra: object = {}) => ({
    files: { ...(await import('../../config.js')).testConfig().files, uploadRateMax: 3 },
    ...extra,
  });

  /** Three uploads of one user pass, the fourth answers 429 and stores nothing; another user still uploads. */
  async function expectLimitedPerUser(t: TestApp) {
    const [teacher, agency] = [await t.login('teacher'), await t.login('agency')];
    for (let i = 0; i < 3; i++) expectOk(await upload(t, teacher, png()));
    const before = await fileCount(t);
    const r = await upload(t, teacher, png());
    expectError(r, 429);
    expect(r.body.errmsg).toMatch(/^上传过于频繁，请 \d+ 秒后再试$/);
    expect(await fileCount(t)).toBe(before);
    expectOk(await upload(t, agency, png()));
  }

  it('answers 429 in the envelope past the configured uploads per window, per user', async () => {
    const t = await createTestApp({ config: await rateConfig() });
    try {
      await expectLimitedPerUser(t);
      // Reading files is not limited.
      expect((await t.app.inject({ method: 'GET', url: '/v1/files/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('counts in Redis when REDIS_URL is set', async () => {
    const redisKeyPrefix = `edu-test:${randomBytes(6).toString('hex')}:`;
    const t = await createTestApp({ config: await rateConfig({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix }) });
    try {
      const teacher = await t.login('teacher');
      for (let i = 0; i < 3; i++) expectOk(await upload(t, teacher, png()));
      expectError(await upload(t, teacher, png()), 429);
      const keys = await t.app.services.redis!.keys(`${redisKeyPrefix}upload-rate:*`);
      expect(keys.length).toBeGreaterThan(0);
      await t.app.services.redis!.del(...keys);
    } finally {
      await t.close();
    }
  });

  it('with Redis unreachable, uploads still work (never 500) and are still rate-limited in this node', async () => {
    const t = await createTestApp({ config: await rateConfig({ redisUrl: 'redis://127.0.0.1:1' }) });
    try {
      expect(t.app.services.redis!.status).not.toBe('ready');
      await expectLimitedPerUser(t);
    } finally {
      await t.close();
    }
  });
});

describe('sweep of unreferenced files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('searches every text and json column of the schema', async () => {
    const columns = (await t.app.services.filesSweep.textColumns()).map((c) => `${c.table}.${c.column}`);
    for (const c of [
      'questions.question',
      'questions.options',
      'questions.question_sub',
      'question_versions.snapshot',
      'agencies.profile',
      'answer_records.submission',
      'training_comments.content',
      'trainings.state',
      'schemes.phases',
    ])
      expect(columns).toContain(c);
    expect(columns.filter((c) => c.startsWith('files.') || c.startsWith('auth_tokens.'))).toEqual([]);
  });

  it('deletes, after the grace period, the files no record names, and gives their bytes back', async () => {
    const token = await t.login('agency');
    const up = async () => expectOk(await upload(t, token, png(700), 'demo')).id;
    const [orphan, inStem, inOption, logo, avatar] = [await up(), await up(), await up(), await up(), await up()];
    const [q1, q2] = await t.db.select({ id: questions.id }).from(questions).limit(2);
    await t.db
      .update(questions)
      .set({ question: sql`${questions.question} || ${`<p><img src="/v1/files/${inStem}"></p>`}` })
      .where(eq(questions.id, q1.id));
    await t.db
      .update(questions)
      .set({ options: [{ key: 'A', content: `<img src="https://school.example/v1/files/${inOption}" />` }] })
      .where(eq(questions.id, q2.id));
    await t.db.update(agencies).set({ logo }).where(eq(agencies.id, 'other'));
    await t.db
      .update(users)
      .set({ avatar: `/v1/files/${avatar}` })
      .where(eq(users.username, 'student'));
    const usedBefore = await usage(t, 'agency:demo');

    // Within the grace period nothing goes.
    t.clock.advance(24 * 3600 * 1000);
    expect(await t.app.services.filesSweep.run()).toEqual({ deleted: 0, bytes: 0 });
    t.clock.advance(1);
    expect(await t.app.services.filesSweep.run()).toEqual({ deleted: 1, bytes: 700 });
    const left = await t.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [orphan, inStem, inOption, logo, avatar]));
    expect(left.map((f) => f.id).sort()).toEqual([inStem, inOption, logo, avatar].sort());
    expect(await usage(t, 'agency:demo')).toBe(usedBefore - 700);
    expectError(await t.call('GET', `/v1/files/${orphan}`), 404);
    // Unreferenced later, it goes at the next sweep.
    await t.db.update(agencies).set({ logo: null }).where(eq(agencies.id, 'other'));
    expect(await t.app.services.filesSweep.run()).toEqual({ deleted: 1, bytes: 700 });
  });
});

describe('sweep timer', () => {
  it('runs the sweep every FILES_SWEEP_INTERVAL_MINUTES, and stops with the app', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const t = await createTestApp({ seed: 'none' });
      const every = t.config.files.sweepIntervalMs;
      const run = vi.spyOn(t.app.services.filesSweep, 'run').mockResolvedValue({ deleted: 0, bytes: 0 });
      vi.advanceTimersByTime(every - 1);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(every);
      expect(run).toHaveBeenCalledTimes(2);
      await t.close();
      vi.advanceTimersByTime(every);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
