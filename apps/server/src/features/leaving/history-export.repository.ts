// SQL of a student's own history export (docs/users.md "Own history export"): the user's trainings and answers in
// the given agencies, oldest first, read in pages by key so a large history never sits in memory at once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from './leaving.repository.js';

export interface ExportTraining {
  id: number;
  agencyId: string;
  title: string;
  type: string;
  status: string;
  taskId: number | null;
  startedAt: number;
  endedAt: number | null;
  score: number;
  maxScore: number;
  answered: number;
  correct: number;
}

export interface ExportAnswer {
  id: number;
  agencyId: string;
  questionId: number;
  trainingId: number | null;
  title: string | null;
  schemeType: string | null;
  trainingStatus: string | null;
  /** The stem's HTML, cut at 4,000 characters (the cell holds plain text of at most 1,000). */
  stem: string;
  questionTitle: string;
  submission: { answer?: string[]; subAnswers?: Record<string, string[]> } | null;
  isCorrect: boolean | null;
  score: number | null;
  at: number;
}

interface AnswerRow {
  id: string | number;
  agency_id: string;
  question_id: string | number;
  training_id: string | number | null;
  title: string | null;
  scheme_type: string | null;
  training_status: string | null;
  stem: string | null;
  question_title: string | null;
  submission: string | ExportAnswer['submission'];
  is_correct: boolean | null;
  score: number | null;
  at: number;
}

const inAgencies = (col: string, agencyIds: readonly string[]) =>
  sql.join([
    sql.raw(`${col} in (`),
    sql.join(
      agencyIds.map((a) => sql`${a}`),
      sql`, `,
    ),
    sql`)`,
  ]);

export class HistoryExportRepository {
  constructor(private readonly db: Db) {}

  /** Trainings in start order, at most `limit`. */
  async trainings(userId: number, agencyIds: readonly string[], limit: number): Promise<ExportTraining[]> {
    if (agencyIds.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`select t.id, t.agency_id, coalesce(t.scheme->>'title', '') as title,
        coalesce(t.scheme->>'type', 'general') as type, t.status, t.task_id,
        (extract(epoch from t.started_at) * 1000)::float8 as started_at,
        (extract(epoch from t.ended_at) * 1000)::float8 as ended_at,
        t.score, t.max_score, t.answered, t.correct
        from trainings t where t.user_id = ${userId} and ${inAgencies('t.agency_id', agencyIds)}
        order by t.started_at, t.id limit ${limit}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      agencyId: String(r.agency_id),
      title: String(r.title),
      type: String(r.type),
      status: String(r.status),
      taskId: r.task_id === null ? null : Number(r.task_id),
      startedAt: Math.round(Number(r.started_at)),
      endedAt: r.ended_at === null ? null : Math.round(Number(r.ended_at)),
      score: Number(r.score),
      maxScore: Number(r.max_score),
      answered: Number(r.answered),
      correct: Number(r.correct),
    }));
  }

  /** Answers with id above `afterId` (ids grow with time), at most `limit`. */
  async answers(userId: number, agencyIds: readonly string[], afterId: number, limit: number): Promise<ExportAnswer[]> {
    if (agencyIds.length === 0) return [];
    const rows = rowsOf<AnswerRow>(
      await this.db.execute(sql`select ar.id, ar.agency_id, ar.question_id, ar.training_id, t.scheme->>'title' as title,
        t.scheme->>'type' as scheme_type, t.status as training_status,
        left(q.question, 4000) as stem, left(q.title, 500) as question_title,
        ar.submission, ar.is_correct, ar.score, (extract(epoch from ar.created_at) * 1000)::float8 as at
        from answer_records ar
        join questions q on q.id = ar.question_id
        left join trainings t on t.id = ar.training_id
        where ar.user_id = ${userId} and ${inAgencies('ar.agency_id', agencyIds)} and ar.id > ${afterId}
        order by ar.id limit ${limit}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      agencyId: r.agency_id,
      questionId: Number(r.question_id),
      trainingId: r.training_id === null ? null : Number(r.training_id),
      title: r.title,
      schemeType: r.scheme_type,
      trainingStatus: r.training_status,
      stem: r.stem ?? '',
      questionTitle: r.question_title ?? '',
      submission: (typeof r.submission === 'string'
        ? JSON.parse(r.submission)
        : r.submission) as ExportAnswer['submission'],
      isCorrect: r.is_correct,
      score: r.score === null ? null : Number(r.score),
      at: Math.round(Number(r.at)),
    }));
  }
}
