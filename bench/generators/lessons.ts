// Data for the classroom benchmark (docs/performance.md "Classroom"), on a server that migrated and seeded (SEED=demo)
// its PostgreSQL database: `count` live lessons of the demo agency's tutoring class, each with a teacher and a student
// of its own (distinct users: one seat a user per lesson, docs/lessons.md "Realtime"), and a bearer token for each.
// Users, roles, tokens and lessons are written straight into the database in a few statements — as the training
// bench does (bench/generators/trainings.ts: a token is stored as the hex SHA-256 of a random value) — because 2,000
// password logins would measure argon2 and the login limiter, and scheduling then opening 1,000 lessons over HTTP
// would measure those calls, not the room. The users have no usable password.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchSeat {
  userId: number;
  token: string;
}

export interface BenchLesson {
  id: number;
  teacher: BenchSeat;
  student: BenchSeat;
}

const TOKEN_TTL_MS = 12 * 3600 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function generateLessons(
  databaseUrl: string,
  count: number,
): Promise<{ lessons: BenchLesson[]; seconds: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: classRows } = await client.query<{ id: string }>(
      `select id from classes where agency_id = 'demo' and kind = 'event' order by id limit 1`,
    );
    if (!classRows[0]) throw new Error('no tutoring class in agency demo: was the database seeded (SEED=demo)?');
    const classId = Number(classRows[0].id);
    const run = randomBytes(3).toString('hex');
    const usernames: string[] = [];
    const names: string[] = [];
    const roles: string[] = [];
    for (let i = 0; i < count; i++) {
      usernames.push(`room-${run}-t${i + 1}`, `room-${run}-s${i + 1}`);
      names.push(`基准老师 ${i + 1}`, `基准学生 ${i + 1}`);
      roles.push('edu:agency:demo:teacher', 'edu:agency:demo:student');
    }
    await client.query('begin');
    const { rows: userRows } = await client.query<{ id: string; username: string }>(
      `insert into users (username, name, password_hash)
       select u, n, '!no-password' from unnest($1::text[], $2::text[]) as t(u, n)
       returning id, username`,
      [usernames, names],
    );
    const idOf = new Map(userRows.map((r) => [r.username, Number(r.id)]));
    const ids = usernames.map((u) => idOf.get(u)!);
    await client.query(`insert into user_roles (user_id, role) select * from unnest($1::bigint[], $2::text[])`, [
      ids,
      roles,
    ]);
    const tokens = ids.map(() => randomBytes(32).toString('base64url'));
    const now = new Date();
    await client.query(
      `insert into auth_tokens (token_hash, user_id, created_at, expires_at, last_seen_at)
       select h, u, $3, $4, $3 from unnest($1::text[], $2::bigint[]) as t(h, u)`,
      [tokens.map(hashToken), ids, now, new Date(now.getTime() + TOKEN_TTL_MS)],
    );
    const teacherIds = ids.filter((_, i) => i % 2 === 0);
    const studentIds = ids.filter((_, i) => i % 2 === 1);
    // Scheduled now for four hours (the longest lesson), opened: live, far from the sweep's auto-end.
    const { rows: lessonRows } = await client.query<{ id: string; teacher_id: string }>(
      `insert into lessons (agency_id, class_id, teacher_id, student_id, title, starts_at, minutes, status, opened_at)
       select 'demo', $1, t, s, '基准课堂', $4, 240, 'live', $4 from unnest($2::bigint[], $3::bigint[]) as x(t, s)
       returning id, teacher_id`,
      [classId, teacherIds, studentIds, now],
    );
    await client.query('commit');
    await client.query('analyze');
    const lessonOf = new Map(lessonRows.map((r) => [Number(r.teacher_id), Number(r.id)]));
    const lessons = teacherIds.map((teacherId, i) => ({
      id: lessonOf.get(teacherId)!,
      teacher: { userId: teacherId, token: tokens[2 * i] },
      student: { userId: studentIds[i], token: tokens[2 * i + 1] },
    }));
    return { lessons, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
