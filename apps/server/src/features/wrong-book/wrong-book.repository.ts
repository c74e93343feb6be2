// SQL of the wrong-answer book: the book is derived from the student's answer records (a question is in it
// once any counted answer to it was wrong), joined with the FSRS card its reviews keep (wrong_cards).
// Raw SQL with explicit casts, so both drivers (node-postgres, PGlite) answer the same JS types.
import { questionMark, WRONG_BOOK_SHARE, type EngineScheme } from '@edu/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { answerRecords, wrongCards, wrongReviews } from '../../db/schema.js';
import type { BookRow, CardRow, Owner } from './book-rows.js';
import { countedRecord, inSubtree } from './wrong-book.sql.js';

export type RecordInsert = Omit<typeof answerRecords.$inferInsert, 'id'>;

export interface BookFilter {
  /** Knowledge subtrees (codes); each narrows the book. */
  subtrees: string[];
  questionId?: number;
  /** Questions whose review waits (sealed for the student, docs/practice-engine.md "Sealing"): never due. */
  postponed?: readonly number[];
  /**
   * Ended papers whose corrections wait (docs/practice-engine.md "Review options"): their answers put nothing in
   * the book until the corrections come.
   */
  withheld?: readonly number[];
  /**
   * Questions the agency can no longer see (a repository it unsubscribed from, an import rewriting them): never
   * due, so the due count agrees with the review queue (docs/practice-engine.md "Wrong-answer book and mastery").
   */
  unavailable?: readonly number[];
}

/** Ids as a Postgres array literal (bigint ids: digits only). */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export interface BookCounts {
  all: number;
  due: number;
  learning: number;
  mastered: number;
}

export type BookView = 'all' | 'due' | 'learning' | 'mastered';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/**
 * An answer that puts its question in the book (docs/practice-engine.md "Marks"): wrong, or partly right below
 * WRONG_BOOK_SHARE of its mark (the record keeps the share of the mark it scored). The contract's entersWrongBook.
 */
export const wrongRecord = sql`(ar.is_correct = false and coalesce(ar.score, 0) < ${sql.raw(String(WRONG_BOOK_SHARE))})`;

function bookCte(o: Owner, f: BookFilter): SQL {
  const byQuestion = f.questionId === undefined ? sql`` : sql` and ar.question_id = ${f.questionId}`;
  const withheld = f.withheld?.length
    ? sql` and (ar.training_id is null or ar.training_id <> all(${idArray(f.withheld)}::bigint[]))`
    : sql``;
  const kp = f.subtrees.map((root) => sql` and ${inSubtree(sql`q.knowledge_code`, root)}`);
  return sql`with wrong as (
    select ar.question_id, min(ar.created_at) as first_wrong, max(ar.created_at) as last_wrong,
      count(*)::int as wrong_count, max(ar.id) as last_record_id
    from answer_records ar left join trainings t on t.id = ar.training_id
    where ar.user_id = ${o.userId} and ar.agency_id = ${o.agencyId} and ${wrongRecord}
      and ${countedRecord}${byQuestion}${withheld}
    group by ar.question_id
  ), book as (
    select w.*, q.title, left(q.search_text, 80) as text, q.type, q.knowledge_code, coalesce(kp.name, q.knowledge_code) as kp_name,
      c.question_id is not null as has_card,
      coalesce(c.last_review is not null and w.last_wrong > c.last_review, false) as reset,
      c.state, c.stability, c.difficulty, c.scheduled_days, c.reps, c.lapses, c.last_review, c.streak,
      c.mastered_at, c.due as card_due
    from wrong w
    join questions q on q.id = w.question_id and q.status = 'active'
    left join knowledge_points kp on kp.code = q.knowledge_code
    left join wrong_cards c on c.agency_id = ${o.agencyId} and c.user_id = ${o.userId} and c.question_id = w.question_id
    where true${sql.join(kp, sql``)}
  ), eff as (
    select book.*,
      case when not has_card then first_wrong when reset then least(card_due, last_wrong) else card_due end as due,
      (mastered_at is not null and not reset) as mastered
    from book
  )`;
}

/** `skipped`: questions left out of the due view (postponed or unavailable, BookFilter). */
function viewCondition(view: BookView, now: Date, skipped: readonly number[] = []): SQL {
  switch (view) {
    case 'all':
      return sql`true`;
    case 'due': {
      const waiting = skipped.length === 0 ? sql`` : sql` and question_id <> all(${idArray(skipped)}::bigint[])`;
      return sql`not mastered and due <= ${now.toISOString()}::timestamptz${waiting}`;
    }
    case 'learning':
      return sql`not mastered`;
    case 'mastered':
      return sql`mastered`;
  }
}

interface RawBookRow {
  question_id: string;
  title: string;
  text: string;
  type: string;
  knowledge_code: string;
  kp_name: string;
  wrong_count: number;
  first_wrong: number;
  last_wrong: number;
  last_record_id: string;
  has_card: boolean;
  reset: boolean;
  state: number | null;
  stability: number | null;
  difficulty: number | null;
  scheduled_days: number | null;
  reps: number | null;
  lapses: number | null;
  last_review: number | null;
  streak: number | null;
  mastered: boolean;
  mastered_at: number | null;
  due: number;
}

const SELECT_ENTRY = sql`select question_id::text, title, text, type, knowledge_code, kp_name, wrong_count,
  ${ms(sql`first_wrong`)} as first_wrong, ${ms(sql`last_wrong`)} as last_wrong, last_record_id::text,
  has_card, reset, state, stability, difficulty, scheduled_days, reps, lapses, ${ms(sql`last_review`)} as last_review,
  streak, mastered, ${ms(sql`mastered_at`)} as mastered_at, ${ms(sql`due`)} as due from eff`;

function toBookRow(r: RawBookRow): BookRow {
  return {
    questionId: Number(r.question_id),
    title: r.title,
    text: r.text,
    type: r.type,
    knowledgeCode: r.knowledge_code,
    knowledgeName: r.kp_name,
    wrongCount: r.wrong_count,
    firstWrong: Math.round(r.first_wrong),
    lastWrong: Math.round(r.last_wrong),
    lastRecordId: Number(r.last_record_id),
    hasCard: r.has_card,
    state: r.state ?? 0,
    stability: r.stability ?? 0,
    difficulty: r.difficulty ?? 0,
    scheduledDays: r.scheduled_days ?? 0,
    reps: r.reps ?? 0,
    lapses: r.lapses ?? 0,
    lastReview: r.last_review === null ? null : Math.round(r.last_review),
    streak: r.reset ? 0 : (r.streak ?? 0),
    mastered: r.mastered,
    masteredAt: r.mastered && r.mastered_at !== null ? Math.round(r.mastered_at) : null,
    due: Math.round(r.due),
  };
}

/**
 * At most this many due entries are checked for a question the agency can no longer see (one student's book; a book
 * past it is far beyond any seen, and entries past it only keep counting as due until a view reaches them).
 */
const DUE_IDS_MAX = 5_000;

export class WrongBookRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A page of the book in due order (then question id), and the size of each view. */
  async page(o: Owner, f: BookFilter, view: BookView, now: Date, page: { start: number; size: number }) {
    const cte = bookCte(o, f);
    const unavailable = f.unavailable ?? [];
    const skipped = [...(f.postponed ?? []), ...unavailable];
    const rows = rowsOf<RawBookRow>(
      await this.db.execute(
        sql`${cte} ${SELECT_ENTRY} where ${viewCondition(view, now, skipped)} order by due, question_id offset ${page.start} limit ${page.size}`,
      ),
    );
    const [c] = rowsOf<BookCounts & { dueAll: number }>(
      await this.db.execute(sql`${cte} select count(*)::int as "all",
        (count(*) filter (where ${viewCondition('due', now, skipped)}))::int as "due",
        (count(*) filter (where ${viewCondition('due', now, unavailable)}))::int as "dueAll",
        (count(*) filter (where not mastered))::int as "learning",
        (count(*) filter (where mastered))::int as "mastered" from eff`),
    );
    const { dueAll, ...counts } = c ?? { all: 0, due: 0, dueAll: 0, learning: 0, mastered: 0 };
    return { rows: rows.map(toBookRow), counts, postponedDue: dueAll - counts.due };
  }

  /** The question ids of the entries due now under the filter, postponed ones included (any order). */
  async dueIds(o: Owner, f: BookFilter, now: Date): Promise<number[]> {
    const rows = rowsOf<{ question_id: string }>(
      await this.db.execute(
        sql`${bookCte(o, f)} select question_id::text from eff where ${viewCondition('due', now)} limit ${DUE_IDS_MAX}`,
      ),
    );
    return rows.map((r) => Number(r.question_id));
  }

  /** The entry of one question, or undefined when the question is not in the student's book. */
  async entry(
    o: Owner,
    questionId: number,
    withheld: readonly number[] = [],
    db: DbOrTx = this.db,
  ): Promise<BookRow | undefined> {
    const rows = rowsOf<RawBookRow>(
      await db.execute(sql`${bookCte(o, { subtrees: [], questionId, withheld })} ${SELECT_ENTRY}`),
    );
    return rows[0] && toBookRow(rows[0]);
  }

  /** The card row locked for this transaction; created from `fresh` first when missing. */
  async lockCard(tx: DbOrTx, o: Owner, questionId: number, fresh: Omit<CardRow, 'updatedAt'>): Promise<CardRow> {
    await tx.insert(wrongCards).values(fresh).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(wrongCards)
      .where(
        and(
          eq(wrongCards.agencyId, o.agencyId),
          eq(wrongCards.userId, o.userId),
          eq(wrongCards.questionId, questionId),
        ),
      )
      .for('update');
    return row;
  }

  async saveCard(tx: DbOrTx, card: CardRow): Promise<void> {
    await tx
      .update(wrongCards)
      .set(card)
      .where(
        and(
          eq(wrongCards.agencyId, card.agencyId),
          eq(wrongCards.userId, card.userId),
          eq(wrongCards.questionId, card.questionId),
        ),
      );
  }

  async insertRecord(tx: DbOrTx, values: RecordInsert): Promise<number> {
    const [row] = await tx.insert(answerRecords).values(values).returning({ id: answerRecords.id });
    return row.id;
  }

  /** Stores the review's key; a second review with the same client id fails on the primary key. */
  async insertReview(tx: DbOrTx, values: typeof wrongReviews.$inferInsert): Promise<void> {
    await tx.insert(wrongReviews).values(values);
  }

  async reviewByClientId(userId: number, clientAnswerId: string) {
    const [row] = await this.db
      .select({ review: wrongReviews, record: answerRecords })
      .from(wrongReviews)
      .innerJoin(answerRecords, eq(answerRecords.id, wrongReviews.recordId))
      .where(and(eq(wrongReviews.userId, userId), eq(wrongReviews.clientAnswerId, clientAnswerId)));
    return row;
  }

  /** One answer record of the student in the agency, with its training's title and status. */
  async record(o: Owner, id: number) {
    const rows = rowsOf<{
      id: string;
      question_id: string;
      version: number;
      training_id: string | null;
      train_title: string | null;
      train_status: string | null;
      submission: { answer: string[]; subAnswers?: Record<string, string[]> } | null;
      result: Record<string, unknown> | null;
      score: number | null;
      is_correct: boolean | null;
      created_at: number;
      engine: EngineScheme | null;
      phase: string | null;
      point: string | null;
      mark_comment: string | null;
      mark_annotations: { start: number; end: number; note: string }[] | null;
    }>(
      await this.db.execute(sql`select ar.id::text, ar.question_id::text, ar.version, ar.training_id::text,
        t.scheme->>'title' as train_title, t.status as train_status, ar.submission, ar.result, ar.score,
        ar.is_correct, ${ms(sql`ar.created_at`)} as created_at, t.scheme->'engine' as engine, ar.phase, ar.point,
        am.comment as mark_comment, am.annotations as mark_annotations
        from answer_records ar left join trainings t on t.id = ar.training_id
        left join answer_marks am on am.record_id = ar.id
        where ar.id = ${id} and ar.user_id = ${o.userId} and ar.agency_id = ${o.agencyId}`),
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      id: Number(r.id),
      questionId: Number(r.question_id),
      version: r.version,
      trainingId: r.training_id === null ? null : Number(r.training_id),
      trainTitle: r.train_title,
      trainRunning: r.train_status === 'running',
      submission: r.submission ?? { answer: [] },
      result: r.result,
      score: r.score ?? 0,
      isCorrect: r.is_correct,
      createdAt: Math.round(r.created_at),
      // What the question is worth in its training (a review's: 1); the record keeps the share of it.
      mark: r.engine ? questionMark(r.engine, r.phase ?? '', r.point ?? '', r.question_id) : 1,
      /** The teacher's comment and annotations once the answer is marked (null before). */
      markComment: r.mark_comment,
      markAnnotations: r.mark_annotations,
    };
  }

  /** The presented snapshot of an earlier version of a question (question_versions). */
  async versionSnapshot(questionId: number, version: number): Promise<Record<string, unknown> | undefined> {
    const rows = rowsOf<{ snapshot: Record<string, unknown> }>(
      await this.db.execute(
        sql`select snapshot from question_versions where question_id = ${questionId} and version = ${version}`,
      ),
    );
    return rows[0]?.snapshot;
  }
}
