// SQL of ability-matched draws (docs/practice-engine.md "Draw modes"): an agency's judged first answers for the nightly
// calibration (bounded, the latest first), the stored parameters, when the job last ran, and the one read a draw of
// mode `ability` adds (its candidates' parameters and the student's latest answers on their points). Every read and
// write names the agency: parameters come from its own answers only.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lastRunAt } from '../../db/last-run.js';
import { questionCalibrations } from '../../db/schema.js';
import { ESTIMATE_WINDOW } from './ability-order.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** One judged first answer: a student on a knowledge point is one person (abilities are per point). */
export interface CalibrationAnswer {
  userId: number;
  questionId: number;
  code: string;
  right: boolean;
}

/** What the calibration knows of a question: its type and option count (its blind guess). */
export interface QuestionGuessInfo {
  id: number;
  type: string;
  options: number;
}

export type CalibrationRow = typeof questionCalibrations.$inferInsert;

/** A question of a draw or of the student's recent answers, with the agency's parameters when calibrated. */
export interface DrawItemRow {
  questionId: number;
  code: string;
  type: string;
  options: number;
  a: number | null;
  b: number | null;
  c: number | null;
}

export interface DrawInputs {
  candidates: DrawItemRow[];
  /** The student's latest judged first answers per point of a candidate (at most ESTIMATE_WINDOW each), oldest first. */
  recent: (DrawItemRow & { right: boolean })[];
}

export class AbilityRepository {
  constructor(private readonly db: Db) {}

  /** Every agency's id, never calibrated first, then the longest ago (a run stopped by its time limit goes on there). */
  async agencyIds(): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select a.id from agencies a
        left join (select agency_id, max(calibrated_at) as at from question_calibrations group by agency_id) k
          on k.agency_id = a.id
        order by k.at asc nulls first, a.id asc`),
    );
    return rows.map((r) => r.id);
  }

  /**
   * The agency's latest `max` judged answers that are not retries (a general training's first answers, a paper's
   * first answer to each question, the book's reviews), each under its question's knowledge point.
   */
  async answers(agencyId: string, max: number): Promise<CalibrationAnswer[]> {
    const rows = rowsOf<{ user_id: number | string; question_id: number | string; code: string; right: boolean }>(
      await this.db.execute(sql`
        with latest as (
          select user_id, question_id, is_correct from answer_records
          where agency_id = ${agencyId} and is_correct is not null and first is not false
          order by created_at desc, id desc
          limit ${max}
        )
        select l.user_id, l.question_id, q.knowledge_code as code, l.is_correct as right
        from latest l join questions q on q.id = l.question_id`),
    );
    return rows.map((r) => ({
      userId: Number(r.user_id),
      questionId: Number(r.question_id),
      code: r.code,
      right: r.right,
    }));
  }

  /** Type and option count of the questions (their blind guess). */
  async guessInfo(ids: readonly number[]): Promise<QuestionGuessInfo[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<{ id: number | string; type: string; options: number | string }>(
      await this.db.execute(sql`
        select id, type, jsonb_array_length(options) as options from questions
        where id = any(${sql.param([...ids])}::bigint[])`),
    );
    return rows.map((r) => ({ id: Number(r.id), type: r.type, options: Number(r.options) }));
  }

  /** Stores an agency's calibrated questions, replacing their earlier rows; others keep theirs. */
  async save(rows: readonly CalibrationRow[]): Promise<void> {
    for (let s = 0; s < rows.length; s += 1000) {
      await this.db
        .insert(questionCalibrations)
        .values(rows.slice(s, s + 1000))
        .onConflictDoUpdate({
          target: [questionCalibrations.agencyId, questionCalibrations.questionId],
          set: {
            a: sql`excluded.a`,
            b: sql`excluded.b`,
            c: sql`excluded.c`,
            answers: sql`excluded.answers`,
            rights: sql`excluded.rights`,
            facility: sql`excluded.facility`,
            calibratedAt: sql`excluded.calibrated_at`,
          },
        });
    }
  }

  /** The agency's parameters of the given questions (the statistics; tests). */
  async of(agencyId: string, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(questionCalibrations)
      .where(
        sql`${questionCalibrations.agencyId} = ${agencyId} and ${questionCalibrations.questionId} = any(${sql.param([...ids])}::bigint[])`,
      );
  }

  /**
   * The one read of a draw in mode `ability`: the candidates' points, types and the agency's parameters, and the
   * student's latest ESTIMATE_WINDOW judged first answers in the agency on each of those points with the answered
   * questions' parameters (index answer_records_agency_user_idx: one student's records).
   */
  async drawInputs(agencyId: string, userId: number, ids: readonly number[]): Promise<DrawInputs> {
    if (ids.length === 0) return { candidates: [], recent: [] };
    const rows = rowsOf<{
      kind: 'c' | 'r';
      question_id: number | string;
      code: string;
      type: string;
      options: number | string;
      right: boolean | null;
      n: number | string;
      a: number | string | null;
      b: number | string | null;
      c: number | string | null;
    }>(
      await this.db.execute(sql`
        with cand as (
          select id, knowledge_code as code, type, jsonb_array_length(options) as options
          from questions where id = any(${sql.param([...ids])}::bigint[])
        ), recent as (
          select r.question_id, r.is_correct, q.knowledge_code as code, q.type,
                 jsonb_array_length(q.options) as options,
                 row_number() over (partition by q.knowledge_code order by r.created_at desc, r.id desc) as n
          from answer_records r join questions q on q.id = r.question_id
          where r.agency_id = ${agencyId} and r.user_id = ${userId} and r.is_correct is not null
            and r.first is not false and q.knowledge_code in (select code from cand)
        )
        select 'c' as kind, c.id as question_id, c.code, c.type, c.options, null::boolean as right, 0 as n,
               k.a, k.b, k.c
        from cand c left join question_calibrations k on k.agency_id = ${agencyId} and k.question_id = c.id
        union all
        select 'r', r.question_id, r.code, r.type, r.options, r.is_correct, r.n, k.a, k.b, k.c
        from recent r left join question_calibrations k on k.agency_id = ${agencyId} and k.question_id = r.question_id
        where r.n <= ${ESTIMATE_WINDOW}`),
    );
    const item = (r: (typeof rows)[number]): DrawItemRow => ({
      questionId: Number(r.question_id),
      code: r.code,
      type: r.type,
      options: Number(r.options),
      a: num(r.a),
      b: num(r.b),
      c: num(r.c),
    });
    const candidates = rows.filter((r) => r.kind === 'c').map(item);
    const recent = rows
      .filter((r) => r.kind === 'r')
      .sort((x, y) => Number(y.n) - Number(x.n))
      .map((r) => ({ ...item(r), right: r.right === true }));
    return { candidates, recent };
  }

  /** The later of the latest job of `kind` created (any status) and the latest calibration stored, or null. */
  lastRunAt(kind: string): Promise<Date | null> {
    return lastRunAt(this.db, kind, questionCalibrations, questionCalibrations.calibratedAt);
  }
}
