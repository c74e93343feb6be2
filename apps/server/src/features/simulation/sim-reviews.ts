// Wrong-answer book reviews from a known forgetting model (docs/practice-engine.md "FSRS fitted to each agency"): each
// card is scheduled by the book's own FSRS (`review`, the defaults or given parameters) and the student recalls with
// the retrievability of a second FSRS memory with the true parameters, so a fit can be checked against the truth.
import {
  createEmptyCard,
  dateDiffInDays,
  forgetting_curve,
  fsrs,
  generatorParameters,
  Rating,
  type Card,
} from 'ts-fsrs';
import { DEFAULT_PARAMETERS, type ReviewLog } from '../fsrs-fit/fsrs-fit.js';
import { newCard, review, type CardFields, type FsrsParameters } from '../wrong-book/fsrs.js';
import { stream } from './sim-random.js';

/**
 * The known memory of the tests and the figures: students who forget faster than the defaults say — a first Again's
 * and a first Good's stability 0.1 and 0.8 days (defaults 0.212, 2.3065), stability growing less after a recall
 * (w8 1.2, default 1.8722) and a steeper curve (decay w20 0.5, default 0.1542).
 */
export const FASTER_FORGETTING: readonly number[] = DEFAULT_PARAMETERS.map((w, i) =>
  i === 0 ? 0.1 : i === 2 ? 0.8 : i === 8 ? 1.2 : i === 20 ? 0.5 : w,
);

const DAY_MS = 24 * 3600_000;
/** 20:00 China time, in UTC: a student's evening session. */
const EVENING_UTC_MS = 12 * 3600_000;

export interface ReviewSimOptions {
  seed: number;
  /** Cards (a student's question in the book). */
  cards: number;
  /** Days the log covers; each card enters the book on a day of its first half. */
  days: number;
  /** The true memory: FSRS parameters the students forget by. */
  truth: readonly number[];
  /** What the book schedules with (null: the defaults). */
  schedule?: FsrsParameters;
  /** The first day, as epoch ms at 00:00 UTC. */
  startMs: number;
  /** Chance a card's first review is right (no memory state yet). */
  firstRight?: number;
  /** Chance of each extra day a student waits past the due day (geometric). */
  lateness?: number;
}

/**
 * The reviews of `cards` cards. A card enters the book on a random evening; a review comes on the evening of its due
 * day or later (each further day with chance `lateness`), never the same day; it is right with the true memory's
 * retrievability after the days since the last review (ts-fsrs's count), and both memories take the rating.
 */
export function simulateReviews(o: ReviewSimOptions): ReviewLog[] {
  const truthScheduler = fsrs(generatorParameters({ w: [...o.truth], enable_fuzz: false }));
  const logs: ReviewLog[] = [];
  const end = o.startMs + o.days * DAY_MS;
  for (let c = 0; c < o.cards; c++) {
    const r = stream(o.seed, 'reviews', c);
    const evening = (day: number) => o.startMs + day * DAY_MS + EVENING_UTC_MS + Math.floor(r.next() * 3600_000);
    let at = evening(Math.floor(r.next() * Math.max(1, o.days / 2)));
    let card: CardFields = newCard(new Date(at));
    let truth: Card = createEmptyCard(new Date(at));
    for (let n = 0; at < end; n++) {
      const p =
        n === 0
          ? (o.firstRight ?? 0.5)
          : forgetting_curve(
              [...o.truth],
              Math.max(0, dateDiffInDays(truth.last_review ?? new Date(at), new Date(at))),
              truth.stability,
            );
      const right = r.next() < p;
      logs.push({ card: String(c), at, right });
      card = review(card, new Date(at), right, o.schedule ?? null);
      truth = truthScheduler.next(truth, new Date(at), right ? Rating.Good : Rating.Again).card;
      let day = Math.max(Math.floor(at / DAY_MS) + 1, Math.ceil((card.due.getTime() - EVENING_UTC_MS) / DAY_MS));
      while (r.next() < (o.lateness ?? 0.3)) day++;
      at = evening(day - Math.floor(o.startMs / DAY_MS));
    }
  }
  return logs;
}
