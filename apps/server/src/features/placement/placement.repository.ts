// SQL of the placement tests (docs/lessons.md "Placement test"): the agency's tests with their bands, the papers a
// test may use, the writes of a setting, and the results — each student's latest ended training of a grade's paper
// (practice trainings only: a task's training of the same paper belongs to the task).
import { agencyRole } from '@edu/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { placementBands, placementTests } from '../../db/schema-placement.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The number of questions on a paper scheme (its one point's fixed list). */
const paperSize = (alias: string) =>
  sql.raw(`coalesce(jsonb_array_length(${alias}.phases->0->'points'->0->'selectors'->'questionIds'), 0)`);

export interface BandRow {
  minPercent: number;
  name: string;
  classId: number | null;
  className: string | null;
  classArchived: boolean;
}

export interface TestRow {
  gradeId: string;
  gradeName: string;
  schemeId: number;
  schemeTitle: string;
  schemeOn: boolean;
  questionCount: number;
  timeLimit: number;
  updatedAt: Date;
  /** Lowest first. */
  bands: BandRow[];
}

export interface PaperRow {
  id: number;
  title: string;
  on: boolean;
  questionCount: number;
}

/** A student's latest ended training of a grade's placement paper. */
export interface ResultRow {
  gradeId: string;
  userId: number;
  trainId: number;
  title: string;
  status: string;
  score: number;
  maxScore: number;
  endedAt: Date;
}

export interface StaffResultRow extends ResultRow {
  username: string;
  name: string;
}

export interface BandWrite {
  minPercent: number;
  name: string;
  classId: number | null;
}

interface RawResult {
  grade_id: string;
  user_id: number | string;
  train_id: number | string;
  title: string | null;
  status: string;
  score: number | string;
  max_score: number | string;
  ended_at: string | Date;
}

const resultOf = (r: RawResult): ResultRow => ({
  gradeId: r.grade_id,
  userId: Number(r.user_id),
  trainId: Number(r.train_id),
  title: r.title ?? '',
  status: r.status,
  score: Number(r.score),
  maxScore: Number(r.max_score),
  endedAt: toDate(r.ended_at),
});

/** Ended practice trainings of the agency's placement papers (`p`: placement_tests, `t`: trainings). */
const endedOfTests = (agencyId: string) =>
  sql`from placement_tests p join trainings t on t.agency_id = p.agency_id and t.scheme_id = p.scheme_id
    where p.agency_id = ${agencyId} and t.status <> 'running' and t.task_id is null and t.ended_at is not null`;

const RESULT_COLUMNS = sql`p.grade_id, t.user_id, t.id as train_id, t.scheme->>'title' as title, t.status, t.score,
  t.max_score, t.ended_at`;

export class PlacementRepository {
  constructor(private readonly db: Db) {}

  /** The agency's tests (one grade's with `gradeId`) in grade order, with their bands. */
  async tests(agencyId: string, gradeId?: string): Promise<TestRow[]> {
    const oneGrade = gradeId === undefined ? sql`` : sql` and p.grade_id = ${gradeId}`;
    const tests = rowsOf<{
      grade_id: string;
      grade_name: string;
      scheme_id: number | string;
      title: string;
      status: string;
      question_count: number | string;
      time_limit: number;
      updated_at: string | Date;
    }>(
      await this.db.execute(sql`select p.grade_id, g.name as grade_name, p.scheme_id, s.title, s.status,
          ${paperSize('s')} as question_count, s.time_limit, p.updated_at
        from placement_tests p join grades g on g.id = p.grade_id join schemes s on s.id = p.scheme_id
        where p.agency_id = ${agencyId}${oneGrade} order by g.sort, g.id`),
    );
    if (!tests.length) return [];
    const bands = rowsOf<{
      grade_id: string;
      min_percent: number;
      name: string;
      class_id: number | string | null;
      class_name: string | null;
      archived: boolean | null;
    }>(
      await this.db.execute(sql`select b.grade_id, b.min_percent, b.name, b.class_id, c.name as class_name,
          c.archived_at is not null as archived
        from placement_bands b left join classes c on c.id = b.class_id
        where b.agency_id = ${agencyId}${gradeId === undefined ? sql`` : sql` and b.grade_id = ${gradeId}`}
        order by b.grade_id, b.position`),
    );
    const byGrade = new Map<string, BandRow[]>();
    for (const b of bands) {
      const list = byGrade.get(b.grade_id) ?? [];
      list.push({
        minPercent: Number(b.min_percent),
        name: b.name,
        classId: b.class_id === null ? null : Number(b.class_id),
        className: b.class_name,
        classArchived: b.archived === true,
      });
      byGrade.set(b.grade_id, list);
    }
    return tests.map((t) => ({
      gradeId: t.grade_id,
      gradeName: t.grade_name,
      schemeId: Number(t.scheme_id),
      schemeTitle: t.title,
      schemeOn: t.status === 'on',
      questionCount: Number(t.question_count),
      timeLimit: Number(t.time_limit),
      updatedAt: toDate(t.updated_at),
      bands: byGrade.get(t.grade_id) ?? [],
    }));
  }

  async gradeName(gradeId: string): Promise<string | null> {
    const [row] = rowsOf<{ name: string }>(await this.db.execute(sql`select name from grades where id = ${gradeId}`));
    return row?.name ?? null;
  }

  /** The agency's own scheme (not one read by reference from a shared repository), with its type. */
  async ownScheme(agencyId: string, schemeId: number): Promise<{ type: string } | undefined> {
    const [row] = rowsOf<{ type: string }>(
      await this.db.execute(sql`select type from schemes where id = ${schemeId} and agency_id = ${agencyId}`),
    );
    return row;
  }

  /** The agency's own papers, last updated first (at most `limit`). */
  async papers(agencyId: string, limit: number): Promise<PaperRow[]> {
    const rows = rowsOf<{ id: number | string; title: string; status: string; question_count: number | string }>(
      await this.db.execute(sql`select s.id, s.title, s.status, ${paperSize('s')} as question_count from schemes s
        where s.agency_id = ${agencyId} and s.type = 'paper' order by s.updated_at desc, s.id desc limit ${limit}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      on: r.status === 'on',
      questionCount: Number(r.question_count),
    }));
  }

  /** The grade whose test uses the paper, if any. */
  async gradeOfScheme(agencyId: string, schemeId: number): Promise<{ gradeId: string; gradeName: string } | null> {
    const [row] = rowsOf<{ grade_id: string; name: string }>(
      await this.db.execute(sql`select p.grade_id, g.name from placement_tests p join grades g on g.id = p.grade_id
        where p.agency_id = ${agencyId} and p.scheme_id = ${schemeId}`),
    );
    return row ? { gradeId: row.grade_id, gradeName: row.name } : null;
  }

  /** Of `ids`, the agency's tutoring (event) classes, with whether each is archived. */
  async eventClasses(agencyId: string, ids: readonly number[]): Promise<Map<number, { archived: boolean }>> {
    const out = new Map<number, { archived: boolean }>();
    if (!ids.length) return out;
    const rows = rowsOf<{ id: number | string; archived: boolean }>(
      await this.db.execute(sql`select id, archived_at is not null as archived from classes
        where agency_id = ${agencyId} and kind = 'event' and id in (${idList(ids)})`),
    );
    for (const r of rows) out.set(Number(r.id), { archived: r.archived });
    return out;
  }

  /** Creates or replaces the grade's test and its bands, in one transaction. */
  async save(
    agencyId: string,
    gradeId: string,
    schemeId: number,
    bands: readonly BandWrite[],
    userId: number,
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(placementTests)
        .values({ agencyId, gradeId, schemeId, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({
          target: [placementTests.agencyId, placementTests.gradeId],
          set: { schemeId, updatedBy: userId, updatedAt: now },
        });
      await tx
        .delete(placementBands)
        .where(and(eq(placementBands.agencyId, agencyId), eq(placementBands.gradeId, gradeId)));
      await tx.insert(placementBands).values(
        bands.map((b, position) => ({
          agencyId,
          gradeId,
          position,
          minPercent: b.minPercent,
          name: b.name,
          classId: b.classId,
        })),
      );
    });
  }

  /** Removes the grade's test (its bands go with it); false when there was none. */
  async remove(agencyId: string, gradeId: string): Promise<boolean> {
    const gone = await this.db
      .delete(placementTests)
      .where(and(eq(placementTests.agencyId, agencyId), eq(placementTests.gradeId, gradeId)))
      .returning({ gradeId: placementTests.gradeId });
    return gone.length > 0;
  }

  /** The student's running practice training of each of the papers. */
  async running(userId: number, schemeIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!schemeIds.length) return out;
    const rows = rowsOf<{ scheme_id: number | string; id: number | string }>(
      await this.db.execute(sql`select scheme_id, id from trainings
        where user_id = ${userId} and status = 'running' and task_id is null and scheme_id in (${idList(schemeIds)})`),
    );
    for (const r of rows) out.set(Number(r.scheme_id), Number(r.id));
    return out;
  }

  /** The student's latest ended training of each grade's paper. */
  async resultsOf(agencyId: string, userId: number): Promise<ResultRow[]> {
    const rows = rowsOf<RawResult>(
      await this.db.execute(sql`select distinct on (p.grade_id) ${RESULT_COLUMNS} ${endedOfTests(agencyId)}
          and t.user_id = ${userId}
        order by p.grade_id, t.ended_at desc, t.id desc`),
    );
    return rows.map(resultOf);
  }

  /**
   * A page of the agency's results, latest first: per student of the agency (still holding the role) and grade,
   * the latest ended training of the grade's paper.
   */
  async agencyResults(
    agencyId: string,
    gradeId: string | undefined,
    page: { start: number; size: number },
    readBy: (student: SQL) => SQL,
  ): Promise<{ total: number; rows: StaffResultRow[] }> {
    const conds: SQL[] = [
      sql`exists (select 1 from user_roles r where r.user_id = t.user_id and r.role = ${agencyRole('student', agencyId)})`,
      readBy(sql`t.user_id`),
    ];
    if (gradeId !== undefined) conds.push(sql`p.grade_id = ${gradeId}`);
    const latest = sql`select distinct on (t.user_id, p.grade_id) ${RESULT_COLUMNS} ${endedOfTests(agencyId)}
      and ${sql.join(conds, sql` and `)} order by t.user_id, p.grade_id, t.ended_at desc, t.id desc`;
    const [{ n }] = rowsOf<{ n: number | string }>(
      await this.db.execute(sql`select count(*)::int as n from (${latest}) l`),
    );
    const rows = rowsOf<RawResult & { username: string; name: string }>(
      await this.db.execute(sql`select l.*, u.username, u.name from (${latest}) l join users u on u.id = l.user_id
        order by l.ended_at desc, l.train_id desc offset ${page.start} limit ${page.size}`),
    );
    return { total: Number(n), rows: rows.map((r) => ({ ...resultOf(r), username: r.username, name: r.name })) };
  }

  /** An ended practice training of the agency that is a result of a grade's placement paper. */
  async result(agencyId: string, trainId: number): Promise<ResultRow | undefined> {
    const [row] = rowsOf<RawResult>(
      await this.db.execute(sql`select ${RESULT_COLUMNS} ${endedOfTests(agencyId)} and t.id = ${trainId}`),
    );
    return row ? resultOf(row) : undefined;
  }

  /** Of the (class, student) pairs, those where the student is a member of the class: `classId:userId`. */
  async memberships(pairs: readonly { classId: number; userId: number }[]): Promise<Set<string>> {
    if (!pairs.length) return new Set();
    const rows = rowsOf<{ class_id: number | string; user_id: number | string }>(
      await this.db.execute(sql`select class_id, user_id from class_members
        where (class_id, user_id) in (${sql.join(
          pairs.map((p) => sql`(${p.classId}, ${p.userId})`),
          sql`, `,
        )})`),
    );
    return new Set(rows.map((r) => `${Number(r.class_id)}:${Number(r.user_id)}`));
  }
}
