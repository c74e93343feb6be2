// The wrong-answer book: list, due reviews, reviewing (judge → answer record → FSRS card), and one answer
// record with its question revealed. Rules: docs/practice-engine.md "Wrong-answer book and mastery".
import {
  judgeQuestion,
  marksOf,
  verdictOf,
  Question,
  toStudentView,
  WRONG_MASTERED_STREAK,
  WRONG_POSTPONED_REASON,
  type AnswerRecordDetail,
  type CorrectionsPending,
  type JudgeResult,
  type QuestionType,
  type WrongDue,
  type WrongDueQuery,
  type WrongEntry,
  type WrongListPage,
  type WrongListQuery,
  type WrongReviewRequest,
  type WrongReviewResult,
} from '@edu/contract';
import { conflict, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { QuestionReads, QuestionRow } from '../questions/question-reads.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { newCard, review, stateName, type FsrsParameters } from './fsrs.js';
import type { BookRow, CardRow, Owner } from './book-rows.js';
import type { BookFilter, WrongBookRepository } from './wrong-book.repository.js';

const NOT_IN_BOOK = '错题本中没有这道题';
const RECORD_NOT_FOUND = '答题记录不存在';
/** The questions sealed for a student now (training/sealing.ts, docs/practice-engine.md "Sealing"). */
export interface StudentSeals {
  /** The questions sealed for the user, but those held only by training `exceptId`. */
  of(userId: number, exceptId?: number): Promise<Set<string>>;
}

/** Ended papers whose corrections wait (training/corrections.ts, docs/practice-engine.md "Review options"). */
export interface WaitingCorrections {
  of(trainingIds: readonly number[]): Promise<Map<number, CorrectionsPending>>;
  waitingOf(userId: number, agencyIds?: readonly string[]): Promise<Map<number, CorrectionsPending>>;
}
const MAX_TRIES = 4;

/** The FSRS parameters an agency adopted, or null for the defaults (features/fsrs-fit, docs/practice-engine.md). */
export interface AgencyFsrsParameters {
  parametersOf(agencyId: string): Promise<FsrsParameters>;
}

export class WrongBookService {
  /** Where a review's scheduling finds the agency's fitted parameters (services.ts); the defaults without it. */
  fsrsParameters: AgencyFsrsParameters | null = null;

  constructor(
    private readonly repo: WrongBookRepository,
    private readonly questions: QuestionsService,
    private readonly questionsRepo: QuestionReads,
    private readonly repositories: RepositoriesService,
    private readonly clock: Clock,
    private readonly seals: StudentSeals,
    private readonly corrections: WaitingCorrections,
  ) {}

  /** The student's sealed questions as ids of the book (numbers). */
  private async postponed(o: Owner): Promise<number[]> {
    return [...(await this.seals.of(o.userId))].map(Number).filter((n) => Number.isSafeInteger(n));
  }

  /** The student's ended papers in the agency whose corrections wait: the book leaves their answers out. */
  private async withheld(o: Owner): Promise<number[]> {
    return [...(await this.corrections.waitingOf(o.userId, [o.agencyId])).keys()];
  }

  /**
   * The entries due now under the filter whose question the agency can no longer see (its repository unsubscribed,
   * an import rewriting it): the review queue cannot show them, so they are not due until they are visible again.
   */
  private async unavailable(o: Owner, f: BookFilter, now: Date): Promise<number[]> {
    const ids = await this.repo.dueIds(o, f, now);
    const visible = new Set((await this.visibleQuestions(o.agencyId, ids)).map((r) => r.id));
    return ids.filter((id) => !visible.has(id));
  }

  async list(o: Owner, q: WrongListQuery): Promise<WrongListPage> {
    const now = new Date(this.clock.now());
    const [postponed, withheld] = await Promise.all([this.postponed(o), this.withheld(o)]);
    const filter = { subtrees: subtrees(q), postponed, withheld };
    const unavailable = await this.unavailable(o, filter, now);
    const { rows, counts } = await this.repo.page(o, { ...filter, unavailable }, q.filter, now, q);
    const total = q.filter === 'all' ? counts.all : counts[q.filter];
    const waiting = new Set(postponed);
    return { total, list: rows.map((r) => toEntry(r, waiting.has(r.questionId))), counts };
  }

  /** The due entries, earliest first, with their questions as a student may see them (no answers). */
  async due(o: Owner, q: WrongDueQuery): Promise<WrongDue> {
    const now = new Date(this.clock.now());
    const [postponed, withheld] = await Promise.all([this.postponed(o), this.withheld(o)]);
    const filter = { subtrees: subtrees(q), postponed, withheld };
    const unavailable = await this.unavailable(o, filter, now);
    const { rows, counts, postponedDue } = await this.repo.page(o, { ...filter, unavailable }, 'due', now, {
      start: 0,
      size: q.size,
    });
    const visible = await this.visibleQuestions(
      o.agencyId,
      rows.map((r) => r.questionId),
    );
    const presented = new Map((await this.questions.present(visible)).map((x) => [x.id, x]));
    const list = rows.flatMap((r) => {
      const question = presented.get(String(r.questionId));
      return question ? [{ entry: toEntry(r), question: toStudentView(question) }] : [];
    });
    // Skipped, not lost: postponed and unavailable entries are out of `total` and come back when due again.
    return {
      total: counts.due,
      list,
      postponed: postponedDue,
      ...(unavailable.length > 0 ? { unavailable: unavailable.length } : {}),
    };
  }

  /** Judges a review, stores it as an answer record (no training) and moves the entry's FSRS card. */
  async review(o: Owner, id: string, req: WrongReviewRequest): Promise<WrongReviewResult> {
    const questionId = parseNumericId(id);
    if (questionId === null) throw notFound(NOT_IN_BOOK);
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const stored = await this.repo.reviewByClientId(o.userId, req.clientAnswerId);
      if (stored) {
        if (stored.review.agencyId !== o.agencyId || stored.review.questionId !== questionId)
          throw conflict('clientAnswerId 已用于另一道题的复习，请重新提交');
        const entry = await this.repo.entry(o, questionId, await this.withheld(o));
        if (!entry) throw notFound(NOT_IN_BOOK);
        return {
          recordId: String(stored.record.id),
          repeated: true,
          rating: stored.review.rating as WrongReviewResult['rating'],
          result: stored.record.result as unknown as JudgeResult,
          entry: toEntry(entry),
        };
      }
      try {
        return await this.reviewOnce(o, questionId, req);
      } catch (err) {
        if (isUniqueViolation(err)) continue;
        throw err;
      }
    }
    throw conflict('复习提交冲突，请稍后重试');
  }

  private async reviewOnce(o: Owner, questionId: number, req: WrongReviewRequest): Promise<WrongReviewResult> {
    const withheld = await this.withheld(o);
    const entry = await this.repo.entry(o, questionId, withheld);
    const [row] = entry ? await this.visibleQuestions(o.agencyId, [questionId]) : [];
    if (!entry || !row) throw notFound(NOT_IN_BOOK);
    if ((await this.seals.of(o.userId)).has(String(questionId))) throw conflict(WRONG_POSTPONED_REASON);
    const [full] = await this.questions.present([row]);
    const result = judgeQuestion(full, { answer: req.answer, subAnswers: req.subAnswers });
    const rating = result.pending || result.isCorrect === null ? null : result.isCorrect ? 'good' : 'again';
    const now = new Date(this.clock.now());
    const parameters = rating === null ? null : ((await this.fsrsParameters?.parametersOf(o.agencyId)) ?? null);
    const recordId = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insertRecord(tx, {
        agencyId: o.agencyId,
        questionId,
        version: row.version,
        userId: o.userId,
        trainingId: null,
        clientAnswerId: req.clientAnswerId,
        submission: { answer: req.answer, ...(req.subAnswers ? { subAnswers: req.subAnswers } : {}) },
        result: result,
        score: result.pending ? null : result.score,
        isCorrect: result.isCorrect,
        first: null,
        createdAt: now,
      });
      await this.repo.insertReview(tx, {
        userId: o.userId,
        clientAnswerId: req.clientAnswerId,
        agencyId: o.agencyId,
        questionId,
        recordId: inserted,
        rating,
        createdAt: now,
      });
      if (rating !== null) {
        const card = await this.repo.lockCard(tx, o, questionId, {
          ...o,
          questionId,
          ...newCard(new Date(entry.firstWrong)),
          streak: 0,
          masteredAt: null,
        });
        await this.repo.saveCard(tx, nextCard(card, entry, now, rating === 'good', parameters));
      }
      return inserted;
    });
    const after = await this.repo.entry(o, questionId, withheld);
    if (!after) throw notFound(NOT_IN_BOOK);
    return { recordId: String(recordId), repeated: false, rating, result, entry: toEntry(after) };
  }

  /** One of the student's records with the question as answered (that version), answer and explanation shown. */
  async record(o: Owner, id: string): Promise<AnswerRecordDetail> {
    const n = parseNumericId(id);
    const rec = n === null ? undefined : await this.repo.record(o, n);
    if (!rec) throw notFound(RECORD_NOT_FOUND);
    // A running training may still hold the answer back (paper results, retry questions): wait for its end.
    if (rec.trainRunning) throw conflict('该训练尚未结束，结束后可查看答题详情');
    // An ended paper whose corrections wait (docs/practice-engine.md "Review options").
    const waiting =
      rec.trainingId === null ? undefined : (await this.corrections.of([rec.trainingId])).get(rec.trainingId);
    if (waiting) throw conflict(`${waiting.message}，届时可查看答题详情`);
    // Another training holding the question (the record's own ended paper holds it only while its corrections wait).
    if ((await this.seals.of(o.userId, rec.trainingId ?? undefined)).has(String(rec.questionId)))
      throw conflict('这道题正在你未完成的试卷或训练中，完成后再查看答案');
    const question = await this.questionAt(rec.questionId, rec.version);
    if (!question) throw notFound(RECORD_NOT_FOUND);
    return {
      recordId: String(rec.id),
      questionId: String(rec.questionId),
      version: rec.version,
      trainId: rec.trainingId === null ? null : String(rec.trainingId),
      trainTitle: rec.trainTitle,
      submission: rec.submission,
      result: rec.result as unknown as JudgeResult | null,
      isCorrect: rec.isCorrect,
      // Marks out of the question's mark in its training (docs/practice-engine.md "Marks").
      score: marksOf(rec.score, rec.mark) ?? 0,
      mark: rec.mark,
      verdict: verdictOf(rec.isCorrect, rec.score),
      createTime: rec.createdAt,
      question,
      inWrongBook: (await this.repo.entry(o, rec.questionId, await this.withheld(o))) !== undefined,
      // As on the training's records (training-record.ts): a running training or waiting corrections answered 409.
      ...(rec.markComment ? { markComment: rec.markComment } : {}),
      ...(rec.markAnnotations?.length ? { markAnnotations: rec.markAnnotations } : {}),
    };
  }

  /** The question at a version: the current row, or the snapshot kept when it was edited after answers. */
  private async questionAt(questionId: number, version: number): Promise<Question | undefined> {
    const row = await this.questionsRepo.get(questionId);
    if (!row) return undefined;
    if (row.version === version) return (await this.questions.present([row]))[0];
    const snapshot = await this.repo.versionSnapshot(questionId, version);
    const parsed = snapshot ? Question.safeParse(snapshot) : undefined;
    return parsed?.success ? parsed.data : (await this.questions.present([row]))[0];
  }

  /** The active questions among `ids` the agency may see (its own and subscribed repositories). */
  private async visibleQuestions(agencyId: string, ids: number[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    const v = { agencyId, subscribedRepoIds: await this.repositories.subscribedIds(agencyId) };
    return this.questionsRepo.byIds(v, { ids });
  }
}

const subtrees = (q: { subject?: string; knowledgeId?: string }) =>
  [q.subject, q.knowledgeId].filter((c): c is string => c !== undefined);

/**
 * The card after a review. A wrong answer in a training since the last review counts as a lapse first
 * (rated Again at that time), and breaks the streak; three right reviews in a row master the entry.
 */
export function nextCard(
  card: CardRow,
  entry: BookRow,
  now: Date,
  right: boolean,
  parameters: FsrsParameters = null,
): CardRow {
  let fields = { ...card };
  let streak = card.streak;
  let masteredAt = card.masteredAt;
  if (card.lastReview && entry.lastWrong > card.lastReview.getTime()) {
    fields = { ...fields, ...review(card, new Date(entry.lastWrong), false, parameters) };
    streak = 0;
    masteredAt = null;
  }
  fields = { ...fields, ...review(fields, now, right, parameters) };
  streak = right ? streak + 1 : 0;
  if (!right) masteredAt = null;
  else if (streak >= WRONG_MASTERED_STREAK && masteredAt === null) masteredAt = now;
  return { ...fields, streak, masteredAt, updatedAt: now };
}

export function toEntry(r: BookRow, postponed = false): WrongEntry {
  return {
    ...(postponed ? { postponed } : {}),
    questionId: String(r.questionId),
    title: r.title,
    text: r.text,
    type: r.type as QuestionType,
    knowledgeCode: r.knowledgeCode,
    knowledgeName: r.knowledgeName,
    wrongCount: r.wrongCount,
    firstWrongTime: r.firstWrong,
    lastWrongTime: r.lastWrong,
    lastWrongRecordId: String(r.lastRecordId),
    card: {
      state: stateName(r.state),
      due: r.due,
      stability: r.stability,
      difficulty: r.difficulty,
      scheduledDays: r.scheduledDays,
      reps: r.reps,
      lapses: r.lapses,
      lastReview: r.lastReview,
      streak: r.streak,
      mastered: r.mastered,
      masteredTime: r.masteredAt,
    },
  };
}
