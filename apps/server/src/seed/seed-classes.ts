// Demo classes (docs/classes.md "Demo data"): 初一（1）班, an ordinary class with every demo student, and 英语提高班,
// a tutoring (event) class with the first demo student; the demo teacher teaches both. Runs inside the demo seed's
// transaction after the accounts exist (the demo seed runs only on an empty database, so it runs once).
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { classMembers, classTeachers, classes } from '../db/schema-classes.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export async function seedDemoClasses(tx: Tx) {
  const people = async (role: string) =>
    rowsOf<{ id: number | string; username: string }>(
      await tx.execute(sql`select u.id, u.username from users u join user_roles r on r.user_id = u.id
        where r.role = ${role} order by u.id`),
    ).map((r) => ({ id: Number(r.id), username: r.username }));
  const students = await people('edu:agency:demo:student');
  const teacher = (await people('edu:agency:demo:teacher')).find((t) => t.username === 'teacher');
  const make = async (kind: 'ordinary' | 'event', name: string, description: string, memberIds: number[]) => {
    const [c] = await tx
      .insert(classes)
      .values({ agencyId: 'demo', kind, name, gradeId: 'g7', subjectId: 'en', description })
      .returning({ id: classes.id });
    if (memberIds.length) await tx.insert(classMembers).values(memberIds.map((userId) => ({ classId: c.id, userId })));
    if (teacher) await tx.insert(classTeachers).values({ classId: c.id, userId: teacher.id });
  };
  await make(
    'ordinary',
    '初一（1）班',
    '演示班级：全部演示学生，张老师任教。',
    students.map((s) => s.id),
  );
  const first = students.find((s) => s.username === 'student') ?? students[0];
  await make('event', '英语提高班', '演示活动班级：课后英语辅导。', first ? [first.id] : []);
}
