// SQL of trainings, their event logs and their answer records. Every write of a training is optimistic: it
// changes the row (and appends to its log) only if the log still holds the events it read (`event_count`),
// so answers, draws and time moves of one training never interleave; a loser reads again.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  answerRecords,
  knowledgePoints,
  questions,
  questionVersions,
  trainingEvents,
  trainings,
  users,
} from '../../db/schema.js';
import { answerMarks } from '../../db/schema-marking.js';
import { QUESTION_COLUMNS, tagNamesOf } from '../questions/question-page.query.js';
import type { QuestionRow } from '../questions/question-reads.js';
import { MicroBatch } from '../../lib/micro-batch.js';
import { QuestionCopies, type KeptQuestion } from './question-copies.js';
import { isRunning, othersMayHold } from './sealing.repository.js';
import { answersAdded, drawnAdded, drawnCount, stateHead, TRAINING_COLUMNS } from './training-state.js';
import { withPlannedRows } from '../../db/planned-rows.js';

export type TrainingRow = typeof trainings.$inferSelect;
export type RecordRow = typeof answerRecords.$inferSelect;
/** A new practice training (a task's trainings are inserted by insertForTask). */
export type TrainingInsert = Omit<TrainingRow, 'id' | 'eventCount' | 'drawCount' | 'updatedAt' | 'taskId' | 'lessonId'>;
export type RecordInsert = Omit<typeof answerRecords.$inferInsert, 'id'>;
export type TrainingChange = Pick<
  typeof trainings.$inferInsert,
  'state' | 'status' | 'answered' | 'correct' | 'credit' | 'score' | 'maxScore' | 'endedAt' | 'updatedAt'
>;
/** A new training with the question the student sees first, each with its row version (`xmin`). */
export interface Inserted {
  row: TrainingRow;
  xmin: string;
  first: QuestionRow | null;
  firstXmin: string | null;
}
/** Which partial unique index decides a start: the scheme's running training, or the task's training. */
type StartKind = 'scheme' | 'task';
/** A start waiting for its batch: the row, its first events, the question shown first, the task if any. */
interface QueuedStart {
  values: TrainingInsert;
  events: StoredEvent[];
  firstQuestionId: number | null;
  taskId: number | null;
}
/** One event of a training's log (the engine's TrainingEvent, stored as it is). */
type StoredEvent = Record<string, unknown> & { type: string };
/** What an answer's statement wrote: the record's id, the training's new row version, the question shown next. */
export interface StoredAnswer {
  id: number;
  xmin: string;
  next: QuestionRow | null;
  nextXmin: string | null;
  othersMayHold: boolean;
}
/** One answer to write: a row of recordAnswer's statement (`buildRecordAnswers`), named as its columns. */
type AnswerWrite = Record<string, unknown> & { training_id: number; k?: number };
/** An answer's row and the copy this process keeps of the question it shows next (the statement's `next_known`). */
type QueuedAnswer = { row: AnswerWrite; known: KeptQuestion | undefined };
/** An answer's write: stored, undefined when its training changed since it was read, or the error it failed with. */
type AnswerOutcome = { stored: StoredAnswer | undefined } | { error: unknown };
const drawsIn = (events: StoredEvent[]) => events.filter((e) => e.type === 'draw').length;
/** One save of a training to write: a row of saveIfUnchanged's statement (`buildSave`), named as its columns. */
type SaveWrite = Record<string, unknown> & { training_id: number; k?: number };
/** A save: whether it took (false: the training changed since it was read), or the error it failed with. */
type SaveOutcome = { saved: boolean } | { error: unknown };

/**
 * A batch's writes in one statement and one commit: the executor's set-up, the commit and the round trip are paid
 * once a batch. A batch is all or nothing, so when its statement fails (a retried answer's unique violation, a
 * deadlock) its writes are made again one statement each, and each gets its own outcome; a training twice in a batch
 * (one update would win silently) goes the same way.
 */
async function togetherOrEach<W, O>(
  writes: W[],
  write: (ws: W[]) => Promise<O[]>,
  trainingOf: (w: W) => number = (w) => (w as { training_id: number }).training_id,
): Promise<(O | { error: unknown })[]> {
  if (writes.length > 1 && new Set(writes.map(trainingOf)).size === writes.length) {
    const together = await write(writes).catch(() => undefined);
    if (together) return together;
  }
  return Promise.all(
    writes.map((w) =>
      write([w]).then(
        ([one]) => one,
        (error: unknown) => ({ error }),
      ),
    ),
  );
}

/**
 * A batch's rows (each keyed `k` by its place in the batch) in the order of their trainings' ids, so that two
 * batches lock the rows they share in the same order.
 */
function inLockOrder<R extends { training_id: number }>(rows: R[]): R[] {
  return rows.length > 1 ? [...rows].sort((a, b) => a.training_id - b.training_id) : rows;
}

export class TrainingRepository {
  /** The questions answers showed next, kept so that a statement sends each version once (question-copies.ts). */
  readonly shownNext: QuestionCopies;

  /** `questionCopies`: how many questions shown next this process keeps (0 = none: each answer's statement sends it). */
  constructor(
    private readonly db: Db,
    questionCopies = 0,
  ) {
    this.shownNext = new QuestionCopies(questionCopies);
  }

  /**
   * The training of the agency. Every finish, read and time move reads it first; reads arriving together (a class
   * handing in at once) share one prepared statement (lib/micro-batch.ts).
   */
  get(id: number, agencyId: string): Promise<TrainingRow | undefined> {
    return this.getBatch.load({ id, agencyId });
  }

  private readonly getBatch = new MicroBatch<{ id: number; agencyId: string }, TrainingRow | undefined>(
    async (keys) => {
      this.getStatement ??= buildGet(this.db);
      const rows = await this.getStatement.execute({ ids: [...new Set(keys.map((k) => k.id))] });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.map((k) => {
        const row = byId.get(k.id);
        return row?.agencyId === k.agencyId ? row : undefined;
      });
    },
  );

  private getStatement?: ReturnType<typeof buildGet>;

  /**
   * The student's running training of the scheme: every start asks (lib/micro-batch.ts: starts arriving
   * together share one statement).
   */
  running(schemeId: number, userId: number): Promise<TrainingRow | undefined> {
    return this.runningBatch.load({ schemeId, userId });
  }

  private readonly runningBatch = new MicroBatch<{ schemeId: number; userId: number }, TrainingRow | undefined>(
    async (keys) => {
      this.runningStatement ??= buildRunning(this.db);
      const rows = await this.runningStatement.execute({
        schemes: [...new Set(keys.map((k) => k.schemeId))],
        users: [...new Set(keys.map((k) => k.userId))],
      });
      const found = new Map(rows.map((r) => [`${r.schemeId}/${r.userId}`, r]));
      return keys.map((k) => found.get(`${k.schemeId}/${k.userId}`));
    },
  );

  private runningStatement?: ReturnType<typeof buildRunning>;

  /**
   * Inserts a running training with its first events, in one statement that also reads the question with id
   * `firstQuestionId` (what the student sees first; null when there is none); undefined when the student
   * already runs one (the partial unique index). Starts arriving together (an exam start) are inserted by one
   * statement, in one transaction (lib/micro-batch.ts).
   */
  insert(values: TrainingInsert, events: StoredEvent[], firstQuestionId: number | null): Promise<Inserted | undefined> {
    return this.insertBatch.load({ values, events, firstQuestionId, taskId: null });
  }

  /**
   * Inserts a task's training with its first events (docs/tasks.md), as `insert` does: undefined when the student
   * already has a training of the task (the unique index on (task_id, user_id)). Batched too: a class sitting an
   * exam given as a task starts it at once.
   */
  insertForTask(
    values: TrainingInsert,
    taskId: number,
    events: StoredEvent[],
    firstQuestionId: number | null,
  ): Promise<Inserted | undefined> {
    return this.taskInsertBatch.load({ values, events, firstQuestionId, taskId });
  }

  private readonly insertBatch = new MicroBatch<QueuedStart, Inserted | undefined>(
    (keys) => this.insertStarts(keys, 'scheme'),
    { maxBatch: 200 },
  );

  private readonly taskInsertBatch = new MicroBatch<QueuedStart, Inserted | undefined>(
    (keys) => this.insertStarts(keys, 'task'),
    { maxBatch: 200 },
  );

  private async insertStarts(keys: readonly QueuedStart[], kind: StartKind): Promise<(Inserted | undefined)[]> {
    const rows = keys.map(({ values: v, events, firstQuestionId, taskId }, k) => ({
      k,
      agency_id: v.agencyId,
      scheme_id: v.schemeId,
      task_id: taskId,
      user_id: v.userId,
      scheme: v.scheme,
      seed: v.seed,
      status: v.status,
      state: stateHead(v.state),
      drawn: drawnAdded({}, v.state),
      event_count: events.length,
      draw_count: drawsIn(events),
      answered: v.answered,
      correct: v.correct,
      credit: v.credit,
      score: v.score,
      max_score: v.maxScore,
      started_at: v.startedAt.toISOString(),
      ended_at: v.endedAt ? v.endedAt.toISOString() : null,
      events,
      first_question_id: firstQuestionId ?? 0,
    }));
    const statement = (this.insertStatements[kind] ??= buildInsert(this.db, kind));
    const found = await statement.execute({ rows: JSON.stringify(rows) });
    const byKey = new Map(found.map((f) => [Number(f.k), f]));
    // The statement answers only the new id: the rest of the row is what was inserted — the first start's
    // of a student who is twice in the batch (the statement inserts that one and answers it to both).
    const keyOf = ({ values: v, taskId }: QueuedStart) => `${kind === 'task' ? taskId : v.schemeId}/${v.userId}`;
    const firstOf = new Map<string, number>();
    keys.forEach((start, k) => {
      if (!firstOf.has(keyOf(start))) firstOf.set(keyOf(start), k);
    });
    return keys.map((start, k) => {
      const f = byKey.get(k);
      if (!f) return undefined;
      const { values, events, taskId } = keys[firstOf.get(keyOf(start)) ?? k];
      const row: TrainingRow = {
        ...values,
        id: Number(f.id),
        eventCount: events.length,
        drawCount: drawsIn(events),
        taskId,
        lessonId: null,
        updatedAt: values.startedAt,
      };
      const first = f.first?.id != null ? (f.first as QuestionRow) : null;
      return { row, xmin: f.xmin, first, firstXmin: first ? f.firstXmin : null };
    });
  }

  private readonly insertStatements: { [K in StartKind]?: ReturnType<typeof buildInsert> } = {};

  /** The student's training of the task, if any. */
  async ofTask(taskId: number, userId: number): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(and(eq(trainings.taskId, taskId), eq(trainings.userId, userId)));
    return row;
  }

  /** The running trainings of a task (a moved deadline moves their expiry, task-retime.ts). */
  async runningOfTask(taskId: number): Promise<TrainingRow[]> {
    return this.db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(and(eq(trainings.taskId, taskId), eq(trainings.status, 'running')));
  }

  /** Writes a running training's snapshot and state when nobody changed it since it was read (its log length). */
  async retimeIfUnchanged(
    id: number,
    readEvents: number,
    scheme: Record<string, unknown>,
    state: Record<string, unknown>,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(trainings)
      .set({ scheme, state: stateHead(state), updatedAt: now })
      .where(and(eq(trainings.id, id), eq(trainings.eventCount, readEvents), eq(trainings.status, 'running')))
      .returning({ id: trainings.id });
    return rows.length === 1;
  }

  /** The training's event log, in order (replaying it reproduces the training). */
  async events(trainingId: number): Promise<StoredEvent[]> {
    const rows = await this.db
      .select({ event: trainingEvents.event })
      .from(trainingEvents)
      .where(eq(trainingEvents.trainingId, trainingId))
      .orderBy(trainingEvents.seq);
    return rows.map((r) => r.event as StoredEvent);
  }

  /**
   * Saves the training's next state and appends `newEvents` to its log, only if nobody saved another since it
   * was read (its log still holds `readEvents`): optimistic, so question reads never happen under a lock.
   * False = read again. One prepared statement (`buildSave`), so the row, the log and the drawn ids change together
   * without a transaction of their own. Not for answers: the state's answers are rows that only recordAnswer appends
   * (training-state.ts); the ids `change.state` draws beyond `before` (the state read) are appended as rows of
   * training_draws; the row keeps the rest.
   */
  async saveIfUnchanged(
    id: number,
    readEvents: number,
    newEvents: StoredEvent[],
    before: Record<string, unknown>,
    change: TrainingChange,
  ): Promise<boolean> {
    const drawn = drawnAdded(before, change.state);
    const outcome = await this.saveBatch.load({
      training_id: id,
      read_events: readEvents,
      event_count: readEvents + newEvents.length,
      draws: drawsIn(newEvents),
      state: stateHead(change.state),
      status: change.status,
      answered: change.answered,
      correct: change.correct,
      credit: change.credit,
      score: change.score,
      max_score: change.maxScore,
      ended_at: change.endedAt ? change.endedAt.toISOString() : null,
      updated_at: (change.updatedAt ?? new Date()).toISOString(),
      events: newEvents,
      drawn_from: drawnCount(before),
      drawn: drawn.length > 0 ? drawn : null,
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.saved;
  }

  /** Saves arriving together (a class handing in at once) share one statement and one commit, as answers do. */
  private readonly saveBatch = new MicroBatch<SaveWrite, SaveOutcome>(
    (writes) => togetherOrEach(writes, (ws) => this.writeSaves(ws)),
    { maxBatch: 100, maxInFlight: 4 },
  );

  private async writeSaves(writes: SaveWrite[]): Promise<SaveOutcome[]> {
    this.saveStatement ??= buildSave(this.db);
    writes.forEach((w, k) => (w.k = k));
    const found = await this.saveStatement.execute({ rows: JSON.stringify(inLockOrder(writes)) });
    const saved = new Set(found.map((f) => f.k));
    return writes.map((_, k) => ({ saved: saved.has(k) }));
  }

  private saveStatement?: ReturnType<typeof buildSave>;

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
    now: number,
  ): Promise<
    | {
        row: TrainingRow;
        /** The row versions (`xmin`) of the training and the question: the answer's write is guarded by both. */
        xmin: string;
        questionXmin: string | null;
        stored: RecordRow | null;
        question: QuestionRow | null;
        othersMayHold: boolean;
      }
    | undefined
  > {
    this.forAnswerStatement ??= buildForAnswer(this.db);
    const [found] = await this.forAnswerStatement.execute({
      id,
      agencyId,
      clientAnswerId,
      questionId: questionId ?? 0,
      now: new Date(now),
    });
    if (!found) return undefined;
    const question = questionId !== null && found.question?.id != null ? (found.question as QuestionRow) : null;
    return {
      row: found.training,
      xmin: found.xmin,
      questionXmin: question ? found.questionXmin : null,
      stored: found.record,
      question,
      othersMayHold: found.othersMayHold,
    };
  }

  private forAnswerStatement?: ReturnType<typeof buildForAnswer>;

  /**
   * A question to judge with its row version (any agency, archived ones included, as `forAnswer` reads it): the
   * answer to a running paper from the process's copy of it (answering-cache.ts) reads only this.
   */
  async questionToJudge(id: number): Promise<{ question: QuestionRow; xmin: string } | undefined> {
    this.questionToJudgeStatement ??= buildQuestionToJudge(this.db);
    const [found] = await this.questionToJudgeStatement.execute({ id });
    return found && { question: found.question, xmin: found.xmin };
  }

  private questionToJudgeStatement?: ReturnType<typeof buildQuestionToJudge>;

  /**
   * Stores an answer and the training's next state in one statement (so in one transaction), only if nobody
   * wrote the training since it was read (its row version is still `guard.xmin`, its log still holds
   * `readEvents`) and the answered question is still the row judged (`guard.questionXmin`): the new events are
   * appended, and so are the answers and the drawn ids `change.state` adds to `before` (rows of training_answers and
   * training_draws; the row's state is written without them, training-state.ts) — what an answer writes does not
   * grow with the training.
   * Answers the record's id, or undefined when the training changed meanwhile (read again). A record already
   * stored under the clientAnswerId fails the statement with a unique violation and stores nothing. The same
   * statement reads the question with id `nextQuestionId` (the one the student sees next; any agency, archived
   * ones included, as `forAnswer` reads them; null when there is none) with its row version — its columns only when
   * this process keeps no copy of the version found (`shownNext`, question-copies.ts) — and whether another
   * training of the student may hold a question (`othersMayHold`, as `forAnswer` reads it), saving round trips.
   * Answers arriving together are written by one statement (`answerBatch`).
   */
  async recordAnswer(
    record: RecordInsert,
    trainingId: number,
    readEvents: number,
    newEvents: StoredEvent[],
    before: Record<string, unknown>,
    change: TrainingChange,
    nextQuestionId: number | null,
    guard: { xmin: string; questionXmin: string },
  ): Promise<StoredAnswer | undefined> {
    const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const known = nextQuestionId === null ? undefined : this.shownNext.get(nextQuestionId);
    const row: AnswerWrite = {
      training_id: trainingId,
      read_events: readEvents,
      state: stateHead(change.state),
      answers_before: Array.isArray(before.answers) ? before.answers.length : 0,
      new_answers: answersAdded(before, change.state),
      drawn_before: drawnCount(before),
      new_drawn: drawnAdded(before, change.state),
      new_events: newEvents,
      new_event_count: newEvents.length,
      new_draws: drawsIn(newEvents),
      status: change.status,
      answered: change.answered,
      correct: change.correct,
      credit: change.credit,
      training_score: change.score,
      max_score: change.maxScore,
      ended_at: ts(change.endedAt),
      updated_at: ts(change.updatedAt),
      agency_id: record.agencyId,
      question_id: record.questionId,
      version: record.version,
      user_id: record.userId,
      client_answer_id: record.clientAnswerId ?? null,
      submission: record.submission ?? null,
      result: record.result ?? null,
      score: record.score ?? null,
      is_correct: record.isCorrect ?? null,
      first: record.first ?? null,
      phase: record.phase ?? null,
      point: record.point ?? null,
      created_at: ts(record.createdAt),
      next_question_id: nextQuestionId ?? 0,
      next_known: known?.version ?? null,
      t_xmin: guard.xmin,
      q_xmin: guard.questionXmin,
      now: (change.updatedAt ?? new Date()).toISOString(),
    };
    const outcome = await this.answerBatch.load({ row, known });
    if ('error' in outcome) throw outcome.error;
    return outcome.stored;
  }

  /**
   * Answers arriving together (a class answering at once, docs/performance.md "Answers written together") share
   * one statement and one commit: the executor's set-up, the commit and the round trip are paid once a batch.
   * A batch is all or nothing, so when its statement fails (a retried answer's unique violation, a deadlock) its
   * answers are written again one statement each, and each gets its own outcome; a training twice in a batch
   * (one update would win silently) goes the same way.
   */
  private readonly answerBatch = new MicroBatch<QueuedAnswer, AnswerOutcome>(
    (writes) =>
      togetherOrEach(
        writes,
        (ws) => this.writeAnswers(ws),
        (w) => w.row.training_id,
      ),
    { maxBatch: 100, maxInFlight: 4 },
  );

  private async writeAnswers(writes: QueuedAnswer[]): Promise<AnswerOutcome[]> {
    this.recordAnswersStatement ??= buildRecordAnswers(this.db);
    writes.forEach((w, k) => (w.row.k = k));
    const found = await this.recordAnswersStatement.execute({
      rows: JSON.stringify(inLockOrder(writes.map((w) => w.row))),
    });
    const byKey = new Map(found.map((f) => [Number(f.k), f]));
    return writes.map(({ known }, k) => {
      const row = byKey.get(k);
      if (row === undefined) return { stored: undefined };
      const sent = row.next?.id != null ? (row.next as QuestionRow) : null;
      const next = this.shownNext.shown({ version: row.nextVersion, sent, tagNames: row.nextTags }, known);
      return {
        stored: {
          id: Number(row.id),
          xmin: row.xmin,
          next,
          nextXmin: next ? row.nextXmin : null,
          othersMayHold: row.othersMayHold,
        },
      };
    });
  }

  private recordAnswersStatement?: ReturnType<typeof buildRecordAnswers>;

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

  /**
   * How often the user has answered each of these questions (anywhere): draws prefer the least seen. Draws
   * arriving together (an exam start) share one statement (lib/micro-batch.ts).
   */
  async seenCounts(userId: number, questionIds: readonly number[]): Promise<Map<number, number>> {
    if (questionIds.length === 0) return new Map();
    return this.seenBatch.load({ userId, questionIds });
  }

  private readonly seenBatch = new MicroBatch<{ userId: number; questionIds: readonly number[] }, Map<number, number>>(
    async (keys) => {
      const users = [...new Set(keys.map((k) => k.userId))];
      const ids = unionOfIds(keys.map((k) => k.questionIds));
      this.seenStatement ??= buildSeenCounts(this.db);
      const rows = await this.seenStatement.execute({ users, ids });
      const byUser = new Map<number, Map<number, number>>();
      for (const r of rows) {
        const ids = r.ids.split(',');
        const counts = r.counts.split(',');
        byUser.set(r.userId, new Map(ids.map((id, i) => [Number(id), Number(counts[i])])));
      }
      // A user's counts may hold ids another draw of the batch asked for: callers look up their own ids.
      return keys.map((k) => byUser.get(k.userId) ?? new Map<number, number>());
    },
  );

  private seenStatement?: ReturnType<typeof buildSeenCounts>;

  /** The training's answer records in the order given (a paper's view restores its answers from them). */
  answers(trainingId: number) {
    return this.db
      .select()
      .from(answerRecords)
      .where(eq(answerRecords.trainingId, trainingId))
      .orderBy(answerRecords.id);
  }

  /**
   * The questions and submissions of a training's answers in the order given (a paper's view shows the last of each
   * question): prepared once, as a running paper's every answer and read asks.
   */
  submissions(trainingId: number): Promise<{ questionId: number; submission: RecordRow['submission'] }[]> {
    this.submissionsStatement ??= buildSubmissions(this.db);
    return this.submissionsStatement.execute({ trainingId });
  }

  private submissionsStatement?: ReturnType<typeof buildSubmissions>;

  /** The id of the newest answer record of one question in the training (a view's `recordId`), or undefined. */
  async lastRecordId(trainingId: number, questionId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: answerRecords.id })
      .from(answerRecords)
      .where(and(eq(answerRecords.trainingId, trainingId), eq(answerRecords.questionId, questionId)))
      .orderBy(desc(answerRecords.id))
      .limit(1);
    return row?.id;
  }

  /**
   * The training's records in the order given with what was asked: the question's text, options and
   * sub-questions at the version answered (the current row, or the snapshot kept when it was edited after
   * answers: primary key of question_versions). One statement for the whole list, however long.
   */
  recordsWithQuestions(trainingId: number) {
    return this.db
      .select({
        record: answerRecords,
        title: questions.title,
        type: questions.type,
        knowledgeCode: questions.knowledgeCode,
        stem: sql<string>`coalesce(${questionVersions.snapshot}->>'question', ${questions.question})`,
        options: sql<unknown>`coalesce(${questionVersions.snapshot}->'options', ${questions.options})`,
        questionSub: sql<unknown>`coalesce(${questionVersions.snapshot}->'questionSub', ${questions.questionSub})`,
        /** The teacher's comment once the answer is marked (null before). */
        markComment: answerMarks.comment,
        /** The teacher's annotations on the answer's text once marked (null before). */
        markAnnotations: answerMarks.annotations,
      })
      .from(answerRecords)
      .innerJoin(questions, eq(questions.id, answerRecords.questionId))
      .leftJoin(answerMarks, eq(answerMarks.recordId, answerRecords.id))
      .leftJoin(
        questionVersions,
        and(
          eq(questionVersions.questionId, answerRecords.questionId),
          eq(questionVersions.version, answerRecords.version),
          sql`${answerRecords.version} <> ${questions.version}`,
        ),
      )
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

  /**
   * The student's trainings, newest first, without practice that ended with no answer (an abandoned or switched
   * graph practice leaves no 已完成 0/0 row; docs/practice-engine.md "History"). Papers and task trainings stay:
   * their empty hand-in is a result.
   */
  async history(agencyId: string, userId: number, page: { start: number; size: number }) {
    const where = and(
      eq(trainings.agencyId, agencyId),
      eq(trainings.userId, userId),
      sql`not (${trainings.status} <> 'running' and ${trainings.answered} = 0 and ${trainings.taskId} is null
        and coalesce(${trainings.scheme}->>'type', 'general') <> 'paper')`,
    );
    const [total] = await this.db.select({ n: count() }).from(trainings).where(where);
    const rows = await this.db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(where)
      .orderBy(desc(trainings.startedAt), desc(trainings.id))
      .offset(page.start)
      .limit(page.size);
    return { total: total?.n ?? 0, rows };
  }

  /** Per scheme: the student's running training (if any) and how many of its trainings have ended. */
  /**
   * The student's running training and finished count per scheme. Students opening their lists together (an
   * exam start) share one statement (lib/micro-batch.ts); it reads through the student's own trainings
   * (agency, user), not through every training of the schemes.
   */
  async schemeProgress(agencyId: string, userId: number, schemeIds: number[]) {
    if (schemeIds.length === 0) return new Map<number, { runningId: number | null; finished: number }>();
    return this.progressBatch.load({ agencyId, userId, schemeIds });
  }

  private readonly progressBatch = new MicroBatch<
    { agencyId: string; userId: number; schemeIds: number[] },
    Map<number, { runningId: number | null; finished: number }>
  >(async (keys) => {
    this.progressStatement ??= buildProgress(this.db);
    const rows = await this.progressStatement.execute({
      agencies: [...new Set(keys.map((k) => k.agencyId))],
      users: [...new Set(keys.map((k) => k.userId))],
      schemes: [...new Set(keys.flatMap((k) => k.schemeIds))],
    });
    type Progress = Map<number, { runningId: number | null; finished: number }>;
    const byUser = new Map<string, Progress>();
    for (const r of rows) {
      const key = `${r.agencyId}/${r.userId}`;
      const mine = byUser.get(key) ?? (new Map() as Progress);
      mine.set(Number(r.schemeId), {
        runningId: r.runningId === null ? null : Number(r.runningId),
        finished: r.finished,
      });
      byUser.set(key, mine);
    }
    // A student's map may hold schemes another key of the batch asked for: callers look up their own.
    return keys.map((k) => byUser.get(`${k.agencyId}/${k.userId}`) ?? new Map());
  });

  private progressStatement?: ReturnType<typeof buildProgress>;
}

function buildProgress(db: Db) {
  return withPlannedRows(
    db
      .select({
        agencyId: trainings.agencyId,
        userId: trainings.userId,
        schemeId: trainings.schemeId,
        runningId: sql<number | null>`max(${trainings.id}) filter (where ${trainings.status} = 'running')`,
        finished: sql<number>`(count(*) filter (where ${trainings.status} <> 'running'))::int`,
      })
      .from(trainings)
      .where(
        and(
          sql`${trainings.agencyId} = any(${sql.placeholder('agencies')}::text[])`,
          sql`${trainings.userId} = any(${sql.placeholder('users')}::bigint[])`,
          sql`${trainings.schemeId} = any(${sql.placeholder('schemes')}::bigint[])`,
          isNull(trainings.taskId),
        ),
      )
      .groupBy(trainings.agencyId, trainings.userId, trainings.schemeId)
      .prepare('training_scheme_progress'),
  );
}

/**
 * insert's statement, for a batch of starts (`rows`: a JSON array, one object per start with its key `k`): the
 * trainings (none for a student who already runs one; one for a student twice in the batch — the first of
 * the two starts, answered to both keys), their first events, and each question shown first. Only the new
 * rows' ids come back (renamed t_id, beside the question's columns): the rest is what was inserted.
 */
function buildInsert(db: Db, kind: StartKind) {
  // A start is one per student and scheme among the running trainings outside tasks, one per student and task
  // within a task: each kind's partial unique index decides, and the batch keeps each student's first.
  const key = sql.raw(kind === 'task' ? 'task_id' : 'scheme_id');
  const arbiter = sql.raw(
    kind === 'task'
      ? '(task_id, user_id) where task_id is not null'
      : "(scheme_id, user_id) where status = 'running' and task_id is null",
  );
  const ids = {
    t_id: sql<number>`t_id`,
    t_key: sql<number>`t_key`,
    t_user_id: sql<number>`t_user_id`,
    t_xmin: sql<string>`t_xmin`,
  };
  const input = db.$with('input', { k: sql<number>`k` }).as(sql`
    select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as x (
      k int, agency_id text, scheme_id bigint, task_id bigint, user_id bigint, scheme jsonb, seed int, status text,
      state json, drawn jsonb, event_count int, draw_count int, answered int, correct int, credit double precision,
      score double precision, max_score double precision, started_at timestamptz, ended_at timestamptz, events jsonb,
      first_question_id bigint)`);
  // One start per student: the batch's first.
  const chosen = db
    .$with('chosen', { k: sql<number>`k` })
    .as(sql`select distinct on (${key}, user_id) * from input order by ${key}, user_id, k`);
  const inserted = db.$with('inserted', ids).as(sql`
    insert into trainings (agency_id, scheme_id, task_id, user_id, scheme, seed, status, state, event_count,
                           draw_count, answered, correct, credit, score, max_score, started_at, ended_at, updated_at)
    select agency_id, scheme_id, task_id, user_id, scheme, seed, status, state, event_count, draw_count, answered,
           correct, credit, score, max_score, started_at, ended_at, started_at
      from chosen
    on conflict ${arbiter} do nothing
    returning id as t_id, ${key} as t_key, user_id as t_user_id, xmin::text as t_xmin`);
  const logged = db.$with('logged', { n: sql<number>`n` }).as(sql`
    insert into training_events (training_id, seq, event)
    select i.t_id, (e.ord - 1)::int, e.ev
      from inserted i join chosen f on f.${key} = i.t_key and f.user_id = i.t_user_id
      cross join lateral jsonb_array_elements(f.events) with ordinality as e (ev, ord)
    returning 1 as n`);
  const drew = db.$with('drew', { n: sql<number>`n` }).as(sql`
    insert into training_draws (training_id, n, question_ids)
    select i.t_id, 0, f.drawn
      from inserted i join chosen f on f.${key} = i.t_key and f.user_id = i.t_user_id
     where jsonb_array_length(f.drawn) > 0
    returning 1 as n`);
  return withPlannedRows(
    db
      .with(input, chosen, inserted, logged, drew)
      .select({
        k: sql<number>`input.k`,
        id: sql<number>`t_id`,
        xmin: sql<string>`t_xmin`,
        first: QUESTION_COLUMNS,
        firstXmin: sql<string>`${questions}.xmin::text`,
      })
      .from(inserted)
      .innerJoin(chosen, sql`chosen.${key} = ${sql.raw('t_key')} and chosen.user_id = ${sql.raw('t_user_id')}`)
      .innerJoin(input, sql`input.${key} = ${sql.raw('t_key')} and input.user_id = ${sql.raw('t_user_id')}`)
      .leftJoin(questions, sql`${questions.id} = chosen.first_question_id`)
      .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
      .prepare(kind === 'task' ? 'training_insert_for_task' : 'training_insert'),
  );
}

function buildForAnswer(db: Db) {
  return withPlannedRows(
    db
      .select({
        training: TRAINING_COLUMNS,
        record: answerRecords,
        question: QUESTION_COLUMNS,
        // Whether the sealing rule must read the student's other trainings (most answers: it need not).
        othersMayHold: othersMayHold(sql.placeholder('now')),
        xmin: sql<string>`${trainings}.xmin::text`,
        questionXmin: sql<string>`${questions}.xmin::text`,
      })
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
      .prepare('training_for_answer'),
  );
}

function buildQuestionToJudge(db: Db) {
  return withPlannedRows(
    db
      .select({ question: QUESTION_COLUMNS, xmin: sql<string>`${questions}.xmin::text` })
      .from(questions)
      .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
      .where(eq(questions.id, sql.placeholder('id')))
      .prepare('training_question_to_judge'),
  );
}

/**
 * recordAnswer's statement, for a batch of answers to distinct trainings (`rows`: a JSON array of `AnswerWrite`s,
 * each with its key `k`): the guarded update of each training (its state without answers and drawn ids), then its
 * new events, its new answers, its new drawn ids and its record, only where the update was saved. The guard
 * compares row versions (`xmin`), which change with every write of a row, so no write in between goes unnoticed (a
 * lesson taking a question back lowers `event_count`; a retime or a mark leaves it). A key without a row in the
 * answer: its training changed.
 */
export function buildRecordAnswers(db: Db) {
  const input = db.$with('input', { k: sql<number>`k` }).as(sql`
    select * from json_to_recordset(${sql.placeholder('rows')}::json) as x (
      k int, training_id bigint, read_events int, state json, answers_before int, new_answers json, drawn_before int,
      new_drawn json, new_events jsonb,
      new_event_count int, new_draws int, status text, answered int, correct int, credit double precision,
      training_score double precision, max_score double precision, ended_at timestamptz, updated_at timestamptz,
      agency_id text, question_id bigint, version int, user_id bigint, client_answer_id text, submission jsonb,
      result jsonb, score double precision, is_correct boolean, first boolean, phase text, point text,
      created_at timestamptz, next_question_id bigint, next_known text, t_xmin text, q_xmin text, now timestamptz)`);
  const saved = db.$with('saved', {
    k: sql<number>`saved_k`.as('saved_k'),
    id: sql<number>`id`.as('id'),
    xmin: sql<string>`new_xmin`.as('new_xmin'),
    othersMayHold: sql<boolean>`others_may_hold`.as('others_may_hold'),
  }).as(sql`
    update trainings
       set state = input.state, event_count = trainings.event_count + input.new_event_count,
           draw_count = trainings.draw_count + input.new_draws, status = input.status,
           answered = input.answered, correct = input.correct, credit = input.credit, score = input.training_score,
           max_score = input.max_score, ended_at = input.ended_at, updated_at = input.updated_at
      from input
     where trainings.id = input.training_id and trainings.event_count = input.read_events
       and trainings.xmin = input.t_xmin::xid
       -- A scalar subquery, probed by key per answer: written as exists (…) the planner joined it, and its generic
       -- plan (sized for json_to_recordset's guess of 100 rows) read the whole bank on every batch.
       and (select judged.xmin from questions judged where judged.id = input.question_id) = input.q_xmin::xid
    returning input.k as saved_k, trainings.id as id, trainings.xmin::text as new_xmin,
              ${othersMayHold(sql`input.now`)} as others_may_hold`);
  const logged = db.$with('logged', { n: sql<number>`n` }).as(sql`
    insert into training_events (training_id, seq, event)
    select saved.id, input.read_events + (e.ord - 1)::int, e.ev
      from saved join input on input.k = saved.saved_k
      cross join lateral jsonb_array_elements(input.new_events) with ordinality as e (ev, ord)
    returning 1 as n`);
  const appended = db.$with('appended', { n: sql<number>`n` }).as(sql`
    insert into training_answers (training_id, n, answer)
    select saved.id, input.answers_before + (a.ord - 1)::int, a.answer
      from saved join input on input.k = saved.saved_k
      cross join lateral json_array_elements(input.new_answers) with ordinality as a (answer, ord)
    returning 1 as n`);
  const drew = db.$with('drew', { n: sql<number>`n` }).as(sql`
    insert into training_draws (training_id, n, question_ids)
    select saved.id, input.drawn_before, input.new_drawn
      from saved join input on input.k = saved.saved_k
     where json_array_length(input.new_drawn) > 0
    returning 1 as n`);
  const inserted = db.$with('inserted', {
    recordId: sql<string | number>`record_id`.as('record_id'),
    trainingId: sql<string | number>`record_training_id`.as('record_training_id'),
  }).as(sql`
    insert into answer_records (agency_id, question_id, version, user_id, training_id, client_answer_id,
                                submission, result, score, is_correct, first, phase, point, created_at)
    select input.agency_id, input.question_id, input.version, input.user_id, saved.id, input.client_answer_id,
           input.submission, input.result, input.score, input.is_correct, input.first, input.phase, input.point,
           input.created_at
      from saved join input on input.k = saved.saved_k
    returning id as record_id, training_id as record_training_id`);
  // The question shown next is found with its version (its row's and its knowledge point's); its columns are sent
  // only when that is not the version the process keeps (`next_known`, question-copies.ts), its tag names always.
  const shown = alias(questions, 'shown');
  const shownPoint = alias(knowledgePoints, 'shown_point');
  const shownVersion = sql<string | null>`${shown}.xmin::text || '/' || coalesce(${shownPoint}.xmin::text, '')`;
  return withPlannedRows(
    db
      .with(input, saved, logged, appended, drew, inserted)
      .select({
        k: saved.k,
        id: inserted.recordId,
        xmin: saved.xmin,
        othersMayHold: saved.othersMayHold,
        nextVersion: shownVersion,
        nextXmin: sql<string>`${shown}.xmin::text`,
        nextTags: tagNamesOf(shown.id),
        next: QUESTION_COLUMNS,
      })
      .from(inserted)
      .innerJoin(saved, sql`saved.id = ${inserted.trainingId}`)
      .innerJoin(input, sql`input.k = ${saved.k}`)
      .leftJoin(shown, sql`${shown.id} = input.next_question_id`)
      .leftJoin(shownPoint, eq(shownPoint.code, shown.knowledgeCode))
      .leftJoin(questions, sql`${questions.id} = ${shown.id} and ${shownVersion} is distinct from input.next_known`)
      .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
      .prepare('training_record_answers'),
  );
}

function buildSubmissions(db: Db) {
  return withPlannedRows(
    db
      .select({ questionId: answerRecords.questionId, submission: answerRecords.submission })
      .from(answerRecords)
      .where(eq(answerRecords.trainingId, sql.placeholder('trainingId')))
      .orderBy(answerRecords.id)
      .prepare('training_submissions'),
  );
}

/** Trainings by id (an array parameter: one statement for a batch); the caller checks the agency. */
function buildGet(db: Db) {
  return withPlannedRows(
    db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(sql`${trainings.id} = any(${sql.placeholder('ids')}::bigint[])`)
      .prepare('training_get'),
  );
}

/**
 * `saveIfUnchanged`'s statement for a batch: each training's update guarded by its log length, and its events and
 * drawn ids appended only when its update took (they join its row), all in one statement and so in one transaction.
 * Answers the keys of the saves that took. The rows are read as `json`, so the state is stored as the text sent
 * (the column is `json`, as the answer's statement writes it).
 */
function buildSave(db: Db) {
  const input = db.$with('input', { k: sql<number>`k` }).as(sql`
    select * from json_to_recordset(${sql.placeholder('rows')}::json) as x (
      k int, training_id bigint, read_events int, event_count int, draws int, state json, status text, answered int,
      correct int, credit double precision, score double precision, max_score double precision,
      ended_at timestamptz, updated_at timestamptz, events json, drawn_from int, drawn json)`);
  const saved = db.$with('saved', { k: sql<number>`k`.mapWith(Number).as('k') }).as(sql`
    update trainings t
       set state = i.state, status = i.status, answered = i.answered, correct = i.correct, credit = i.credit,
           score = i.score, max_score = i.max_score, ended_at = i.ended_at, updated_at = i.updated_at,
           event_count = i.event_count, draw_count = t.draw_count + i.draws
      from input i
     where t.id = i.training_id and t.event_count = i.read_events
    returning i.k as k`);
  const logged = db.$with('logged', { n: sql<number>`n` }).as(sql`
    insert into training_events (training_id, seq, event)
    select i.training_id, i.read_events + (e.ord - 1)::int, e.ev::jsonb
      from saved s join input i on i.k = s.k
      cross join lateral json_array_elements(i.events) with ordinality as e (ev, ord)
    returning 1 as n`);
  const drew = db.$with('drew', { n: sql<number>`n` }).as(sql`
    insert into training_draws (training_id, n, question_ids)
    select i.training_id, i.drawn_from, i.drawn
      from saved s join input i on i.k = s.k
     where i.drawn is not null
    returning 1 as n`);
  return withPlannedRows(
    db.with(input, saved, logged, drew).select({ k: saved.k }).from(saved).prepare('training_save'),
  );
}

/** The running trainings of these schemes and users (array parameters: one statement for a batch). */
function buildRunning(db: Db) {
  return withPlannedRows(
    db
      .select(TRAINING_COLUMNS)
      .from(trainings)
      .where(
        and(
          sql`${trainings.schemeId} = any(${sql.placeholder('schemes')}::bigint[])`,
          sql`${trainings.userId} = any(${sql.placeholder('users')}::bigint[])`,
          // A literal, so that the generic plan may use the one-running index (sealing.repository.ts `isRunning`).
          isRunning(trainings),
          isNull(trainings.taskId),
        ),
      )
      .prepare('training_running'),
  );
}

/** Array parameters: thousands of candidates would otherwise be as many bound parameters. */
function buildSeenCounts(db: Db) {
  const p = sql.placeholder;
  // Per user, through (user_id, question_id): a student's own records, however many other students answered the
  // same questions. `offset 0` keeps the planner from merging the per-user read into one scan of every record of
  // the candidates (what it chose for `user_id = any(…) and question_id = any(…)` under a generic plan: 15 ms
  // for one student among 40,000 records, growing with every answer anyone gives). One row per user, its
  // questions and counts as two comma-separated lists: a batch of hundreds of students who answered dozens of the
  // candidates each would otherwise be tens of thousands of rows to send and parse.
  const seen = db.$with('seen', {
    userId: sql<number>`user_id`.mapWith(Number).as('user_id'),
    ids: sql<string>`ids`.as('ids'),
    counts: sql<string>`counts`.as('counts'),
  }).as(sql`
      select u.id as user_id, array_to_string(array_agg(g.question_id), ',') as ids,
             array_to_string(array_agg(g.n), ',') as counts
        from unnest(${p('users')}::bigint[]) as u (id)
        cross join lateral (
          select r.question_id, count(*) as n
            from (select question_id from answer_records where user_id = u.id offset 0) as r
            join unnest(${p('ids')}::bigint[]) as q (id) on q.id = r.question_id
           group by r.question_id) as g
       group by u.id`);
  return withPlannedRows(
    db
      .with(seen)
      .select({ userId: seen.userId, ids: seen.ids, counts: seen.counts })
      .from(seen)
      .prepare('training_seen_counts'),
  );
}

/**
 * The ids of several draws' candidate lists, each once. Draws arriving together mostly ask for the same list
 * (often the very same cached array): a few distinct lists are recognised as such instead of putting every id
 * of every draw through a set (an exam start: 500 draws of 600 ids).
 */
function unionOfIds(lists: readonly (readonly number[])[]): readonly number[] {
  const distinct: (readonly number[])[] = [];
  for (const list of lists) {
    if (distinct.some((d) => d === list || sameIds(d, list))) continue;
    distinct.push(list);
    if (distinct.length > 4) return [...new Set(lists.flat())];
  }
  return distinct.length === 1 ? distinct[0] : [...new Set(distinct.flat())];
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
