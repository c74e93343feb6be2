// SQL of a teacher's classes in an agency (docs/users.md "Pages"): the classes in use they teach, by name, paged.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface TeacherClassRow {
  id: string;
  kind: 'ordinary' | 'event';
  name: string;
  gradeName: string | null;
  subjectName: string | null;
  memberCount: number;
  total: number;
}

export async function teacherClasses(
  db: Db,
  agencyId: string,
  teacherId: number,
  page: { start: number; size: number },
): Promise<{ total: number; rows: TeacherClassRow[] }> {
  const where = sql`c.agency_id = ${agencyId} and c.archived_at is null
    and exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.user_id = ${teacherId})`;
  const res = await db.execute(sql`select c.id::text as id, c.kind, c.name, g.name as "gradeName",
      s.name as "subjectName", (select count(*) from class_members m where m.class_id = c.id)::int as "memberCount",
      (count(*) over ())::int as total
    from classes c left join grades g on g.id = c.grade_id left join subjects s on s.id = c.subject_id
    where ${where}
    order by c.name, c.id
    limit ${page.size} offset ${page.start}`);
  const rows = (res as { rows: TeacherClassRow[] }).rows;
  if (rows.length > 0 || page.start === 0) return { total: rows[0]?.total ?? 0, rows };
  // A page past the end still says how many there are.
  const count = await db.execute(sql`select count(*)::int as n from classes c where ${where}`);
  return { total: (count as { rows: { n: number }[] }).rows[0].n, rows };
}
