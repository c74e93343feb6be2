// SQL of trainings and their answer records. Every write of a training happens in one transaction with
// the training row locked (`locked`), so answers, draws and time moves of one training never interleave.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answerRecords, knowledgePoints, questions, trainings, users } from '../../db/schema.js';
import { QUESTION_COLUMNS } from '../questions/question-page.query.js';
import type { QuestionRow } from '../questions/questions.repository.js';
import type { DbOrTx } from '../tags/tags.repository.js';

export type TrainingRow = typeof trainings.$inferSelect;
export type RecordRow = typeof answerRecords.$inferSelect;
export type RecordInsert = Omit<typeof answerRecords.$inferInsert, 'id'>;
export type TrainingChange = Pick<
  typeof trainings.$inferInsert,
  'state' | 'events' | 'status' | 'answered' | 'correct' | 'score' | 'maxScore' | 'endedAt' | 'updatedAt'
>;

export class TrainingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async get(id: number, agencyId: string): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(trainings)
      .where(and(eq(trainings.id, id), eq(trainings.agencyId, agencyId)));
    return row;
  }

  /** The student's running training of the scheme (a prepared statement: every start asks). */
  async running(schemeId: number, userId: number): Promise<TrainingRow | undefined> {
    this.runningStatement ??= buildRunning(this.db);
    const [row] = await this.runningStatement.execute({ schemeId, userId });
    return row;
  }

  private runningStatement?: ReturnType<typeof buildRunning>;

  /** Inserts a running training; undefined when one already runs (the partial unique index). */
  async insert(values: Omit<typeof trainings.$inferInsert, 'id'>): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .insert(trainings)
      .values(values)
      .onConflictDoNothing({
        target: [trainings.schemeId, trainings.userId],
        where: sql`${trainings.status} = 'running'`,
      })
      .returning();
    return row;
  }

  /**
   * Saves the training's next state only if nobody saved another since it was read (its events still
   * number `readEvents`): optimistic, so question reads never happen under a lock. False = read again.
   */
  async saveIfUnchanged(tx: DbOrTx, id: number, readEvents: number, change: TrainingChange): Promise<boolean> {
    const rows = await tx
      .update(trainings)
      .set(change)
      .where(and(eq(trainings.id, id), sql`jsonb_array_length(${trainings.events}) = ${readEvents}`))
      .returning({ id: trainings.id });
    return rows.length === 1;
  }

  /**
   * What an answer needs first, in one prepared statement: the training (of the agency), the record already
   * stored under this clientAnswerId if any, and the answered question (any agency, archived ones included, as
   * `QuestionsRepository.get` reads it; null when there is none).
   */
  async forAnswer(
    id: number,
    agencyId: string,
    clientAnswerId: string,
    questionId: number | null,
  ): Promise<{ row: TrainingRow; stored: RecordRow | null; question: QuestionRow | null } | undefined> {
    this.forAnswerStatement ??= buildForAnswer(this.db);
    const [found] = await this.forAnswerStatement.execute({
      id,
      agencyId,
      clientAnswerId,
      questionId: questionId ?? 0,
    });
    if (!found) return undefined;
    const question = questionId !== null && found.question?.id != null ? (found.question as QuestionRow) : null;
    return { row: found.training, stored: found.record, question };
  }

  private forAnswerStatement?: ReturnType<typeof buildForAnswer>;

  /**
   * Stores an answer and the training's next state in one statement (so in one transaction), only if nobody
   * saved another state since it was read (its events still number `readEvents`): the new events are appended.
   * Answers the record's id, or undefined when the training changed meanwhile (read again). A record already
   * stored under the clientAnswerId fails the statement with a unique violation and stores nothing.
   */
  async recordAnswer(
    record: RecordInsert,
    trainingId: number,
    readEvents: number,
    newEvents: Record<string, unknown>[],
    change: Omit<TrainingChange, 'events'>,
  ): Promise<number | undefined> {
    const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    this.recordAnswerStatement ??= buildRecordAnswer(this.db);
    const [row] = await this.recordAnswerStatement.execute({
      trainingId,
      readEvents,
      state: JSON.stringify(change.state),
      newEvents: JSON.stringify(newEvents),
      status: change.status,
      answered: change.answered,
      correct: change.correct,
      trainingScore: change.score,
      maxScore: change.maxScore,
      endedAt: ts(change.endedAt),
      updatedAt: ts(change.updatedAt),
      agencyId: record.agencyId,
      questionId: record.questionId,
      version: record.version,
      userId: record.userId,
      clientAnswerId: record.clientAnswerId ?? null,
      submission: json(record.submission),
      result: json(record.result),
      score: record.score ?? null,
      isCorrect: record.isCorrect ?? null,
      first: record.first ?? null,
      phase: record.phase ?? null,
      point: record.point ?? null,
      createdAt: ts(record.createdAt),
    });
    return row === undefined ? undefined : Number(row.id);
  }

  private recordAnswerStatement?: ReturnType<typeof buildRecordAnswer>;

  async recordByClientId(trainingId: number, clientAnswerId: string): Promise<RecordRow | undefined> {
    const [row] = await this.db
      .select()
      .from(answerRecords)
      .where(and(eq(answerRecords.trainingId, trainingId), eq(answerRecords.clientAnswerId, clientAnswerId)));
    return row;
  }

  async insertRecord(tx: DbOrTx, values: RecordInsert): Promise<number> {
    const [row] = await tx.insert(answerRecords).values(values).returning({ id: answerRecords.id });
    return row.id;
  }

  /** How often the user has answered each of these questions (anywhere): draws prefer the least seen. */
  async seenCounts(userId: number, questionIds: number[]): Promise<Map<number, number>> {
    if (questionIds.length === 0) return new Map();
    this.seenStatement ??= buildSeenCounts(this.db);
    const rows = await this.seenStatement.execute({ userId, ids: questionIds });
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  private seenStatement?: ReturnType<typeof buildSeenCounts>;

  /** The training's records in the order given, with each question's title and type. */
  records(trainingId: number) {
    return this.db
      .select({
        record: answerRecords,
        title: questions.title,
        type: questions.type,
        knowledgeCode: questions.knowledgeCode,
      })
      .from(answerRecords)
      .innerJoin(questions, eq(questions.id, answerRecords.questionId))
      .where(eq(answerRecords.trainingId, trainingId))
      .orderBy(answerRecords.id);
  }

  async knowledgeNames(codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .select({ code: knowledgePoints.code, name: knowledgePoints.name })
      .from(knowledgePoints)
      .where(inArray(knowledgePoints.code, codes));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async userName(id: number): Promise<string> {
    const [row] = await this.db
      .select({ name: users.name, username: users.username })
      .from(users)
      .where(eq(users.id, id));
    return row ? row.name || row.username : '';
  }

  async history(agencyId: string, userId: number, page: { start: number; size: number }) {
    const where = and(eq(trainings.agencyId, agencyId), eq(trainings.userId, userId));
    const [total] = await this.db.select({ n: count() }).from(trainings).where(where);
    const rows = await this.db
      .select()
      .from(trainings)
      .where(where)
      .orderBy(desc(trainings.startedAt), desc(trainings.id))
      .offset(page.start)
      .limit(page.size);
    return { total: total?.n ?? 0, rows };
  }

  /** Per scheme: the student's running training (if any) and how many of its trainings have ended. */
  async schemeProgress(userId: number, schemeIds: number[]) {
    const out = new Map<number, { runningId: number | null; finished: number }>();
    if (schemeIds.length === 0) return out;
    const rows = await this.db
      .select({
        schemeId: trainings.schemeId,
        runningId: sql<number | null>`max(${trainings.id}) filter (where ${trainings.status} = 'running')`,
        finished: sql<number>`(count(*) filter (where ${trainings.status} <> 'running'))::int`,
      })
      .from(trainings)
      .where(and(eq(trainings.userId, userId), inArray(trainings.schemeId, schemeIds)))
      .groupBy(trainings.schemeId);
    for (const r of rows)
      out.set(r.schemeId, { runningId: r.runningId === null ? null : Number(r.runningId), finished: r.finished });
    return out;
  }
}

function buildForAnswer(db: Db) {
  return db
    .select({ training: trainings, record: answerRecords, question: QUESTION_COLUMNS })
    .from(trainings)
    .leftJoin(
      answerRecords,
      and(
        eq(answerRecords.trainingId, trainings.id),
        eq(answerRecords.clientAnswerId, sql.placeholder('clientAnswerId')),
      ),
    )
    .leftJoin(questions, eq(questions.id, sql.placeholder('questionId')))
    .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
    .where(and(eq(trainings.id, sql.placeholder('id')), eq(trainings.agencyId, sql.placeholder('agencyId'))))
    .prepare('training_for_answer');
}

/** recordAnswer's statement: the guarded update of the training, then the record only if it was saved. */
function buildRecordAnswer(db: Db) {
  const p = sql.placeholder;
  const saved = db.$with('saved', { id: sql<number>`id`.as('id') }).as(sql`
    update trainings
       set state = ${p('state')}::jsonb, events = events || ${p('newEvents')}::jsonb, status = ${p('status')}::text,
           answered = ${p('answered')}::int, correct = ${p('correct')}::int,
           score = ${p('trainingScore')}::double precision, max_score = ${p('maxScore')}::double precision,
           ended_at = ${p('endedAt')}::timestamptz, updated_at = ${p('updatedAt')}::timestamptz
     where id = ${p('trainingId')}::bigint and jsonb_array_length(events) = ${p('readEvents')}::int
    returning id`);
  const inserted = db.$with('inserted', { id: sql<string | number>`id`.as('id') }).as(sql`
    insert into answer_records (agency_id, question_id, version, user_id, training_id, client_answer_id,
                                submission, result, score, is_correct, first, phase, point, created_at)
    select ${p('agencyId')}::text, ${p('questionId')}::bigint, ${p('version')}::int, ${p('userId')}::bigint, saved.id,
           ${p('clientAnswerId')}::text, ${p('submission')}::jsonb, ${p('result')}::jsonb,
           ${p('score')}::double precision, ${p('isCorrect')}::boolean, ${p('first')}::boolean, ${p('phase')}::text,
           ${p('point')}::text, ${p('createdAt')}::timestamptz
      from saved
    returning id`);
  return db.with(saved, inserted).select({ id: inserted.id }).from(inserted).prepare('training_record_answer');
}

function buildRunning(db: Db) {
  return db
    .select()
    .from(trainings)
    .where(
      and(
        eq(trainings.schemeId, sql.placeholder('schemeId')),
        eq(trainings.userId, sql.placeholder('userId')),
        eq(trainings.status, 'running'),
      ),
    )
    .prepare('training_running');
}

/** One array parameter: thousands of candidates would otherwise be as many bound parameters. */
function buildSeenCounts(db: Db) {
  return db
    .select({ id: answerRecords.questionId, n: count() })
    .from(answerRecords)
    .where(
      and(
        eq(answerRecords.userId, sql.placeholder('userId')),
        sql`${answerRecords.questionId} = any(${sql.placeholder('ids')}::bigint[])`,
      ),
    )
    .groupBy(answerRecords.questionId)
    .prepare('training_seen_counts');
}
