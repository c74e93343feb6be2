// What the product stores of one simulated student and what it reads from it (docs/simulation.md "The product's
// side"): answer records, trainings, wrong-answer book cards; the records the mastery rules and the book count (the
// SQL rules of mastery.repository.ts and wrong-book.repository.ts, in memory), a point's level by the product's own
// `levelOf` over its subtree's answers (what `masteryByPoint` does for every point), and reviews scheduled by the
// book's own `nextCard` (FSRS through ts-fsrs).
import { entersWrongBook } from '@edu/contract';
import { levelOf, selfAndAncestors, type MasteryAnswer, type PointMastery } from '../mastery/mastery-levels.js';
import { newCard } from '../wrong-book/fsrs.js';
import type { BookRow, CardRow } from '../wrong-book/book-rows.js';
import { nextCard } from '../wrong-book/wrong-book.service.js';

export interface SimRecord {
  questionId: string;
  code: string;
  /** null: a review of the wrong-answer book. */
  trainingId: number | null;
  /** The training's first answer to the question (general schemes); null outside general trainings. */
  first: boolean | null;
  isCorrect: boolean | null;
  /** The judge's share, 0..1; null while a teacher has to judge. */
  share: number | null;
  at: number;
}

export interface SimTrainingRow {
  id: number;
  type: 'general' | 'paper';
  ended: boolean;
  /** Questions drawn, and counted answers (a paper: questions answered). */
  drawn: number;
  answered: number;
}

/** A due entry of the book. */
export interface DueEntry {
  questionId: string;
  firstWrong: number;
  lastWrong: number;
  due: number;
}

export class StudentLog {
  readonly records: SimRecord[] = [];
  readonly trainings = new Map<number, SimTrainingRow>();
  readonly seen = new Map<number, number>();
  readonly cards = new Map<string, CardRow>();
  private nextTraining = 1;
  /** The records of trainings still running: they count from the training's end. */
  private readonly running = new Map<number, SimRecord[]>();
  private readonly countedRecords: SimRecord[] = [];
  private readonly answers: MasteryAnswer[] = [];
  private readonly byCode = new Map<string, MasteryAnswer[]>();
  /** Levels already read, by subtree (null: no answer); a counted answer drops its point's and its ancestors'. */
  private readonly levelCache = new Map<string, PointMastery | null>();

  openTraining(type: 'general' | 'paper'): SimTrainingRow {
    const row = { id: this.nextTraining++, type, ended: false, drawn: 0, answered: 0 };
    this.trainings.set(row.id, row);
    this.running.set(row.id, []);
    return row;
  }

  /** The training ended: its answers count now (a paper's last answer per question). */
  endTraining(row: SimTrainingRow, drawn: number, answered: number) {
    Object.assign(row, { ended: true, drawn, answered });
    const records = this.running.get(row.id) ?? [];
    this.running.delete(row.id);
    if (row.type !== 'paper') return this.count(records, row);
    const last = new Map(records.map((r) => [r.questionId, r]));
    this.count(
      [...last.values()].sort((a, b) => a.at - b.at),
      row,
    );
  }

  add(r: SimRecord) {
    this.records.push(r);
    const id = Number(r.questionId);
    this.seen.set(id, (this.seen.get(id) ?? 0) + 1);
    if (r.trainingId === null) this.count([r], undefined);
    else this.running.get(r.trainingId)?.push(r);
  }

  /**
   * Records that count, in the order they start to count (which is time order: a training's answers all precede
   * its end, and reviews happen between trainings); mastery takes the judged ones, a general training's first
   * answers, with a paper's id when it was answered whole.
   */
  private count(records: SimRecord[], row: SimTrainingRow | undefined) {
    const whole = row?.type === 'paper' && row.answered >= row.drawn;
    for (const r of records) {
      this.countedRecords.push(r);
      if (r.isCorrect === null || !(r.first ?? true)) continue;
      const a = { code: r.code, right: r.isCorrect, at: r.at, paperId: whole ? String(row.id) : null };
      this.answers.push(a);
      for (const code of selfAndAncestors(a.code)) this.levelCache.delete(code);
      const list = this.byCode.get(a.code);
      if (list) list.push(a);
      else this.byCode.set(a.code, [a]);
    }
  }

  /** Records counted by the book and mastery: reviews, and answers of ended trainings (a paper's last per question). */
  counted(): readonly SimRecord[] {
    return this.countedRecords;
  }

  /** Mastery's answers, oldest first. */
  masteryAnswers(): readonly MasteryAnswer[] {
    return this.answers;
  }

  /** The levels of these points' subtrees (their answers only: cheaper than every point's); absent = no answer. */
  levels(codes: readonly string[]): Map<string, PointMastery> {
    const out = new Map<string, PointMastery>();
    for (const code of codes) {
      const cached = this.levelCache.get(code);
      if (cached !== undefined) {
        if (cached) out.set(code, cached);
        continue;
      }
      const groups = [...this.byCode].filter(([c]) => c === code || c.startsWith(`${code}.`)).map(([, g]) => g);
      // Oldest first, as the product reads them (records are stored in time order).
      const mine = groups.length === 1 ? groups[0] : groups.flat().sort((a, b) => a.at - b.at);
      const level = mine.length ? levelOf(mine) : null;
      this.levelCache.set(code, level);
      if (level) out.set(code, level);
    }
    return out;
  }

  /** The book's due entries at `now`, due first, then question id (wrong-book.repository.ts). */
  due(now: number): DueEntry[] {
    const wrong = new Map<string, { firstWrong: number; lastWrong: number }>();
    for (const r of this.counted()) {
      if (!entersWrongBook(r.isCorrect, r.share)) continue;
      const w = wrong.get(r.questionId);
      wrong.set(r.questionId, {
        firstWrong: Math.min(w?.firstWrong ?? r.at, r.at),
        lastWrong: Math.max(w?.lastWrong ?? r.at, r.at),
      });
    }
    const out: DueEntry[] = [];
    for (const [questionId, w] of wrong) {
      const card = this.cards.get(questionId);
      const reset = card?.lastReview != null && w.lastWrong > card.lastReview.getTime();
      const due = !card ? w.firstWrong : reset ? Math.min(card.due.getTime(), w.lastWrong) : card.due.getTime();
      const mastered = card?.masteredAt != null && !reset;
      if (!mastered && due <= now) out.push({ questionId, ...w, due });
    }
    return out.sort((a, b) => a.due - b.due || Number(a.questionId) - Number(b.questionId));
  }

  /** Moves the entry's card after a judged review (the book's nextCard; a card is made at the first review). */
  review(entry: DueEntry, now: number, right: boolean) {
    const card: CardRow = this.cards.get(entry.questionId) ?? {
      agencyId: 'sim',
      userId: 0,
      questionId: Number(entry.questionId),
      ...newCard(new Date(entry.firstWrong)),
      streak: 0,
      masteredAt: null,
      updatedAt: new Date(now),
    };
    // nextCard reads the entry's last wrong answer only.
    const row = { lastWrong: entry.lastWrong } as BookRow;
    this.cards.set(entry.questionId, nextCard(card, row, new Date(now), right));
  }
}
