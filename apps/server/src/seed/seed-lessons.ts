// Demo lessons (docs/lessons.md "Demo data"): in the tutoring class 英语提高班, 张老师 with 李小明: one today starting
// within the next 20 minutes (so the demo teacher can open it at once), a weekly series of four from tomorrow evening,
// and one ended two days ago. Laid out around `now` at the first start; a database that already has the demo's
// first lesson is left alone (idempotent).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { classes } from '../db/schema-classes.js';
import { lessonPresence, lessons } from '../db/schema-lessons.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CST = 8 * 60 * MIN;
/** The demo's first lesson: a database that has it was seeded already. */
export const DEMO_LESSON_TITLE = '今日辅导：阅读理解';
export const DEMO_SERIES_TITLE = '每周英语辅导';
export const DEMO_ENDED_TITLE = '语法复习';

/** 19:00 China Standard Time on the day `days` after the one holding `now`. */
const cstEvening = (now: number, days: number) => {
  const dayStart = Math.floor((now + CST) / DAY) * DAY - CST;
  return dayStart + days * DAY + 19 * 60 * MIN;
};

export async function seedDemoLessons(db: Db, now = Date.now()): Promise<void> {
  const [existing] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.agencyId, 'demo'), eq(lessons.title, DEMO_LESSON_TITLE)))
    .limit(1);
  if (existing) return;
  const person = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;
  const [teacherId, studentId, adminId] = await Promise.all(['teacher', 'student', 'agency'].map(person));
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.agencyId, 'demo'), eq(classes.kind, 'event'), eq(classes.name, '英语提高班')));
  if (!teacherId || !studentId || !cls) return;
  const base = { agencyId: 'demo', classId: cls.id, teacherId, studentId, creatorId: adminId ?? null };
  const at = (ms: number) => new Date(ms);
  await db.transaction(async (tx) => {
    // Today: 15 to 20 minutes from now, on a five-minute mark.
    const soon = Math.ceil((now + 15 * MIN) / (5 * MIN)) * 5 * MIN;
    await tx.insert(lessons).values({ ...base, title: DEMO_LESSON_TITLE, startsAt: at(soon), minutes: 45 });
    // Weekly from tomorrow 19:00 China Standard Time, sharing the first one's id.
    const series = await tx
      .insert(lessons)
      .values(
        [0, 1, 2, 3].map((w) => ({
          ...base,
          title: DEMO_SERIES_TITLE,
          startsAt: at(cstEvening(now, 1 + 7 * w)),
          minutes: 60,
        })),
      )
      .returning({ id: lessons.id });
    const seriesId = Math.min(...series.map((s) => s.id));
    for (const s of series) await tx.update(lessons).set({ seriesId }).where(eq(lessons.id, s.id));
    // Two days ago, opened and closed by the teacher, with both in the room.
    const start = cstEvening(now, -2);
    const [ended] = await tx
      .insert(lessons)
      .values({
        ...base,
        title: DEMO_ENDED_TITLE,
        startsAt: at(start),
        minutes: 60,
        status: 'ended',
        openedAt: at(start - 3 * MIN),
        closedAt: at(start + 58 * MIN),
        endedBy: 'teacher',
      })
      .returning({ id: lessons.id });
    await tx.insert(lessonPresence).values([
      {
        lessonId: ended.id,
        userId: teacherId,
        role: 'teacher',
        joinedAt: at(start - 3 * MIN),
        leftAt: at(start + 58 * MIN),
      },
      {
        lessonId: ended.id,
        userId: studentId,
        role: 'student',
        joinedAt: at(start - MIN),
        leftAt: at(start + 58 * MIN),
      },
    ]);
  });
}
