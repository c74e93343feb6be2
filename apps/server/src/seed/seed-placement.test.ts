// The demo placement test (docs/lessons.md "Placement test", "Demo data"): demo's paper for 初一 with the default
// thirds, 提高 recommending 英语提高班; the demo student starts it and, once handed in, reads the level; seeding again
// adds nothing.
import type { PlacementResult, PlacementSettings, PlacementTest, Training } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemes } from '../db/schema.js';
import { placementTests } from '../db/schema-placement.js';
import { createTestApp, expectOk, type TestApp } from '../test/test-app.js';
import { DEMO_PLACEMENT_QUESTIONS, DEMO_PLACEMENT_TITLE, seedDemoPlacement } from './seed-placement.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo placement test', () => {
  it('names a paper for 初一 with bands the demo student takes and reads the level of, once', async () => {
    await seedDemoPlacement(t.db);
    await seedDemoPlacement(t.db);
    expect(await t.db.select().from(placementTests).where(eq(placementTests.agencyId, 'demo'))).toHaveLength(1);
    expect(await t.db.select().from(schemes).where(eq(schemes.title, DEMO_PLACEMENT_TITLE))).toHaveLength(1);
    const as = async (who: string) => ({ token: await t.login(who), agency: 'demo' });

    const settings = expectOk(await t.call<PlacementSettings>('GET', '/v1/placement/settings', await as('agency')));
    expect(settings.list).toHaveLength(1);
    expect(settings.list[0]).toMatchObject({
      gradeName: '初一',
      schemeTitle: DEMO_PLACEMENT_TITLE,
      schemeOn: true,
      questionCount: DEMO_PLACEMENT_QUESTIONS,
    });
    expect(settings.list[0].bands.map((b) => [b.name, b.recommendedClass?.name ?? null])).toEqual([
      ['基础', null],
      ['提高', '英语提高班'],
      ['拔高', null],
    ]);

    const student = await as('student');
    const open = expectOk(await t.call<PlacementTest[]>('GET', '/v1/student/placement/tests', student));
    expect(open.map((x) => x.gradeId)).toEqual(['g7']);
    const started = expectOk(
      await t.call<Training>('PUT', '/v1/student/placement/start', {
        ...student,
        body: { request: { gradeId: 'g7' } },
      }),
    );
    expect(started.paper?.questions).toHaveLength(DEMO_PLACEMENT_QUESTIONS);
    expectOk(await t.call('POST', `/v1/train/${started.trainId}/finish`, student));
    const results = expectOk(await t.call<PlacementResult[]>('GET', '/v1/student/placement/results', student));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ gradeName: '初一', title: DEMO_PLACEMENT_TITLE, percent: 0, band: '基础' });
  });
});
