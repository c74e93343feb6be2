// The demo placement test (docs/lessons.md "Placement test", "Demo data"): demo names a paper of its own,
// 初一英语分级测试 (the first auto-judged single-choice and true/false questions of its bank), as the placement test
// of 初一, with the default thirds — 基础, 提高, 拔高 — and 提高 recommending the tutoring class 英语提高班; so the
// demo student can take it at /student/eventutor and see the level it recommends. Written at the first start after
// the other demo data, like the demo lessons; a database where demo has a test for 初一 is left alone.
import { DEFAULT_PLACEMENT_BANDS } from '@edu/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { questions, schemes, trainRepos, users } from '../db/schema.js';
import { classes } from '../db/schema-classes.js';
import { placementBands, placementTests } from '../db/schema-placement.js';
import { paperScheme } from '../features/schemes/schemes.policy.js';

export const DEMO_PLACEMENT_TITLE = '初一英语分级测试';
export const DEMO_PLACEMENT_GRADE = 'g7';
/** Questions of the demo placement paper. */
export const DEMO_PLACEMENT_QUESTIONS = 5;
/** The band that recommends the demo tutoring class. */
const CLASS_BAND = '提高';

export async function seedDemoPlacement(db: Db): Promise<void> {
  const [had] = await db
    .select({ schemeId: placementTests.schemeId })
    .from(placementTests)
    .where(and(eq(placementTests.agencyId, 'demo'), eq(placementTests.gradeId, DEMO_PLACEMENT_GRADE)));
  if (had) return;
  const [repo] = await db
    .select({ id: trainRepos.id })
    .from(trainRepos)
    .where(eq(trainRepos.agencyId, 'demo'))
    .orderBy(asc(trainRepos.id))
    .limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'agency'));
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.agencyId, 'demo'), eq(classes.kind, 'event'), eq(classes.name, '英语提高班')));
  const picked = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.agencyId, 'demo'),
        eq(questions.judgeType, 'auto'),
        inArray(questions.type, ['singleChoice', 'trueFalse']),
      ),
    )
    .orderBy(asc(questions.id))
    .limit(DEMO_PLACEMENT_QUESTIONS);
  if (!repo || picked.length === 0) return;
  const paper = paperScheme({ kpRange: ['en.g7'], timeLimit: 900, questionIds: picked.map((q) => String(q.id)) });
  await db.transaction(async (tx) => {
    const [scheme] = await tx
      .insert(schemes)
      .values({
        agencyId: 'demo',
        trainRepoId: repo.id,
        creatorId: admin?.id ?? null,
        status: 'on',
        title: DEMO_PLACEMENT_TITLE,
        ...paper,
        phases: paper.phases as unknown as Record<string, unknown>[],
      })
      .returning({ id: schemes.id });
    await tx.insert(placementTests).values({
      agencyId: 'demo',
      gradeId: DEMO_PLACEMENT_GRADE,
      schemeId: scheme.id,
      updatedBy: admin?.id ?? null,
    });
    await tx.insert(placementBands).values(
      DEFAULT_PLACEMENT_BANDS.map((b, position) => ({
        agencyId: 'demo',
        gradeId: DEMO_PLACEMENT_GRADE,
        position,
        minPercent: b.minPercent,
        name: b.name,
        classId: b.name === CLASS_BAND ? (cls?.id ?? null) : null,
      })),
    );
  });
}
