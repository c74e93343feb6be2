// Fitting the wrong-answer book's FSRS parameters to an agency's review log (docs/practice-engine.md "FSRS fitted
// to each agency"): the reviews become FSRS items (a card's history up to each review), split by time; the
// optimizer (@open-spaced-repetition/binding, fsrs-rs) fits on the earlier items and both the defaults and the fit
// are scored by log-loss on the later ones. The fit is adopted only when it scores lower. Pure: no database.
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { dateDiffInDays, default_w } from 'ts-fsrs';

/** ts-fsrs's default weights (FSRS-6, 21 numbers): what the book schedules with until an agency adopts a fit. */
export const DEFAULT_PARAMETERS: readonly number[] = Object.freeze([...default_w]);

/** The share of an agency's latest items held out to score the fit. */
export const TEST_SHARE = 0.2;

/** One review as the book stores it: the card (user and question), when, and its rating (Good or Again). */
export interface ReviewLog {
  card: string;
  at: number;
  right: boolean;
}

/** An FSRS item (a card's reviews up to one review) and the moment of its last review. */
export interface TimedItem {
  item: FSRSBindingItem;
  at: number;
}

export type FitOutcome = 'adopted' | 'not_better' | 'too_few';

export interface FitResult {
  outcome: FitOutcome;
  /** Reviews read. */
  reviews: number;
  /** Items the optimizer was given and items held out. */
  trainItems: number;
  testItems: number;
  /** The fitted parameters (null when there were too few reviews). */
  parameters: number[] | null;
  /** Log-loss on the held-out items of the defaults and of the fit (null when there were too few reviews). */
  logLossBefore: number | null;
  logLossAfter: number | null;
}

export interface FitOptions {
  /** Fewest reviews to fit at all (FSRS_FIT_MIN_REVIEWS). */
  minReviews: number;
  testShare?: number;
}

const RATING_AGAIN = 1;
const RATING_GOOD = 3;

/**
 * The FSRS items of a log: per card its reviews in time order, the first with delta 0 and each next one with the
 * days since the previous as ts-fsrs counts them (dateDiffInDays: calendar days in UTC), so the optimizer sees the
 * intervals the scheduler sees. An item per review after a card's first (the first has nothing to predict).
 */
export function itemsOf(logs: readonly ReviewLog[]): TimedItem[] {
  const byCard = new Map<string, ReviewLog[]>();
  for (const l of logs) {
    const list = byCard.get(l.card);
    if (list) list.push(l);
    else byCard.set(l.card, [l]);
  }
  const items: TimedItem[] = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => a.at - b.at);
    const reviews: FSRSBindingReview[] = [];
    for (let i = 0; i < list.length; i++) {
      const delta = i === 0 ? 0 : Math.max(0, dateDiffInDays(new Date(list[i - 1].at), new Date(list[i].at)));
      reviews.push(new FSRSBindingReview(list[i].right ? RATING_GOOD : RATING_AGAIN, delta));
      if (i > 0) items.push({ item: new FSRSBindingItem(reviews.slice()), at: list[i].at });
    }
  }
  return items;
}

/**
 * A time-ordered split: the items whose last review is among the latest `share` are held out; the rest (all
 * earlier) are fitted on. Items at the boundary's very moment go with the earlier part.
 */
export function splitByTime(
  items: readonly TimedItem[],
  share = TEST_SHARE,
): { train: TimedItem[]; test: TimedItem[] } {
  const sorted = [...items].sort((a, b) => a.at - b.at);
  const cut = Math.min(sorted.length, Math.max(0, Math.ceil(sorted.length * (1 - share))));
  const boundary = cut > 0 ? sorted[cut - 1].at : -Infinity;
  return {
    train: sorted.filter((x) => x.at <= boundary),
    test: sorted.filter((x) => x.at > boundary),
  };
}

/** Log-loss of parameters on items (the binding's evaluation: each item's last review predicted from the ones before). */
export function logLoss(parameters: readonly number[], items: readonly TimedItem[]): number {
  return new FSRSBinding([...parameters]).evaluate(items.map((x) => x.item)).logLoss;
}

/** The adoption rule: a fit is used only when its held-out log-loss is lower than the defaults'. */
export const adopts = (before: number, after: number): boolean =>
  Number.isFinite(after) && Number.isFinite(before) && after < before;

/** Fits an agency's log (docs/practice-engine.md "FSRS fitted to each agency"). */
export async function fitReviews(logs: readonly ReviewLog[], options: FitOptions): Promise<FitResult> {
  const reviews = logs.length;
  const none = { parameters: null, logLossBefore: null, logLossAfter: null };
  if (reviews < options.minReviews) return { outcome: 'too_few', reviews, trainItems: 0, testItems: 0, ...none };
  const { train, test } = splitByTime(itemsOf(logs), options.testShare ?? TEST_SHARE);
  if (train.length === 0 || test.length === 0)
    return { outcome: 'too_few', reviews, trainItems: train.length, testItems: test.length, ...none };
  // The binding's `timeout` option is no limit: it waits that long whatever (measured); the job's own limit bounds it.
  const parameters = await computeParameters(
    train.map((x) => x.item),
    { enableShortTerm: true },
  );
  const logLossBefore = logLoss(DEFAULT_PARAMETERS, test);
  const logLossAfter = logLoss(parameters, test);
  return {
    outcome: adopts(logLossBefore, logLossAfter) ? 'adopted' : 'not_better',
    reviews,
    trainItems: train.length,
    testItems: test.length,
    parameters,
    logLossBefore,
    logLossAfter,
  };
}
