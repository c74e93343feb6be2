// The demo lessons (docs/lessons.md "Demo data"): one the demo teacher can open at once, a weekly series and one
// ended in the past, each seen by the student and the parent; seeding again adds nothing.
import type { Lesson } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../db/schema-lessons.js';
import { createTestApp, expectOk, type TestApp } from '../test/test-app.js';
import { DEMO_ENDED_TITLE, DEMO_LESSON_TITLE, DEMO_SERIES_TITLE, seedDemoLessons } from './seed-lessons.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo lessons', () => {
  it('seeds a lesson to open now, a weekly series and an ended one, once', async () => {
    await seedDemoLessons(t.db, t.clock.now());
    await seedDemoLessons(t.db, t.clock.now());
    expect(await t.db.select().from(lessons).where(eq(lessons.agencyId, 'demo'))).toHaveLength(6);
    const call = async (who: string, method: 'GET' | 'POST', url: string) =>
      t.call<unknown>(method, url, { token: await t.login(who), agency: 'demo' });
    const page = expectOk(await call('student', 'GET', '/v1/lesson/list')) as { list: Lesson[] };
    expect(page.list.map((l) => l.title)).toEqual([
      DEMO_LESSON_TITLE,
      ...Array<string>(4).fill(DEMO_SERIES_TITLE),
      DEMO_ENDED_TITLE,
    ]);
    const [today, first, , , last, ended] = page.list;
    expect(today.startsAt - t.clock.now()).toBeGreaterThanOrEqual(15 * 60_000);
    expect(today.startsAt - t.clock.now()).toBeLessThanOrEqual(20 * 60_000);
    expect(last.startsAt - first.startsAt).toBe(21 * 24 * 3600_000);
    expect(new Date(first.startsAt + 8 * 3600_000).toISOString().slice(11, 16)).toBe('19:00');
    expect(ended).toMatchObject({ status: 'ended' });
    const parent = expectOk(await call('parent', 'GET', '/v1/lesson/list')) as { total: number };
    expect(parent.total).toBe(6);
    const opened = expectOk(await call('teacher', 'POST', `/v1/lesson/${today.lessonId}/open`)) as Lesson;
    expect(opened.status).toBe('live');
    const detail = expectOk(await call('agency', 'GET', `/v1/lesson/${ended.lessonId}`)) as { presence: unknown[] };
    expect(detail.presence).toHaveLength(2);
  });
});
