// The ability-matched order of a draw (docs/practice-engine.md "Draw modes", docs/simulation.md "Ability-matched
// draws"), shared by the product's draw (ability.service.ts) and the simulator (sim-ability.ts): a question's guessing
// as the product knows it, the student's EAP ability on a point from their latest answers to it, and the candidates
// by times seen (optionally) and their information at that ability. Pure.
import { eap, information, type AbilityEstimate, type Item, type Response } from './irt.js';

/** The student's latest answers on a point that the estimate reads: learning moves the ability, old answers lag. */
export const ESTIMATE_WINDOW = 20;

/**
 * A question's guessing parameter as the product knows it: a blind pick among its options (single choice 1/options,
 * true/false ½, multiple choice 1/(2ⁿ − 1): any non-empty subset); 0 for a typed answer.
 */
export function blindGuess(type: string, options: number): number {
  switch (type) {
    case 'singleChoice':
      return options > 0 ? 1 / options : 0;
    case 'trueFalse':
      return 0.5;
    case 'multipleChoice':
      return options > 0 ? 1 / (2 ** options - 1) : 0;
    default:
      return 0;
  }
}

/** A question not calibrated yet: a = 1, b = 0 and its blind guess. */
export const uncalibrated = (c: number): Item => ({ a: 1, b: 0, c });

/** The EAP ability (N(0, 1) prior) from a student's answers on one point, oldest first: the latest ESTIMATE_WINDOW count. */
export const abilityFrom = (answers: readonly Response[]): AbilityEstimate => eap(answers.slice(-ESTIMATE_WINDOW));

export interface AbilityCandidate {
  id: string;
  /** Times the student has seen it (the least-seen rule's count). */
  seen: number;
  item: Item;
  /** The student's ability on the question's point. */
  theta: number;
}

/**
 * Candidates given in the least-seen rule's order (`chooseAmongIds`), reordered: by times seen when `leastSeenFirst`,
 * then by information at the student's ability, most first; ties keep the given order. Answers the first `count` ids.
 */
export function orderByInformation(
  candidates: readonly AbilityCandidate[],
  count: number,
  leastSeenFirst: boolean,
): string[] {
  return candidates
    .map((c, rank) => ({ id: c.id, rank, seen: leastSeenFirst ? c.seen : 0, info: information(c.item, c.theta) }))
    .sort((x, y) => x.seen - y.seen || y.info - x.info || x.rank - y.rank)
    .slice(0, Math.max(0, Math.floor(count)))
    .map((x) => x.id);
}

/**
 * The candidates a least-seen-first order can reach: the given order's prefix covering the fewest-seen counts until
 * `count` questions are in (the whole last count included). Information only reorders within these.
 */
export function leastSeenTiers<T extends { seen: number }>(ordered: readonly T[], count: number): T[] {
  const take = Math.max(0, Math.floor(count));
  if (take === 0 || ordered.length === 0) return [];
  if (ordered.length <= take) return [...ordered];
  const last = ordered[take - 1].seen;
  let end = take;
  while (end < ordered.length && ordered[end].seen === last) end++;
  return ordered.slice(0, end);
}
