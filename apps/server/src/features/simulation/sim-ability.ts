// Ability-matched draws in the simulator (docs/simulation.md "Ability-matched draws"): item parameters calibrated
// from an earlier cohort's answers (what the agency's own records would give), an EAP ability per student and point
// from the student's recent answers on it, and a draw that takes the questions of most information at that estimate
// instead of the least seen. A paper's and a fixed list's draws stay as the server's rule has them.
import { chooseAmongIds, type EngineScheme } from '@edu/contract';
import { abilityFrom, blindGuess, orderByInformation, uncalibrated } from '../ability/ability-order.js';
import { calibrateBank, type CalibratedItem } from '../ability/calibrate.js';
import type { Item } from '../ability/irt.js';
import { drawQuestions, eligibleIds } from './sim-draw.js';
import type { StudentLog } from './sim-log.js';
import type { Strategy } from './sim-strategies.js';
import type { DrawRule } from './sim-training.js';
import type { SimQuestion, World } from './sim-world.js';

export { ESTIMATE_WINDOW } from '../ability/ability-order.js';

/**
 * What the product knows of a question's guessing: a blind pick among its options (0 for typed answers); the world's
 * rule (`guessing`) is this one plus a careless typist's luck, which the product does not know.
 */
export function productGuessing(q: SimQuestion): number {
  return blindGuess(q.type, q.parts[0]?.keys.length ?? 0);
}

/**
 * Items from students' records: every judged answer that is not a retry (a general training's first answers, papers,
 * reviews), each student on each point one person; c held at the question's blind-guess chance.
 */
export function calibrateFromLogs(world: World, logs: readonly StudentLog[]): Map<string, CalibratedItem> {
  const answers = logs.flatMap((log, i) =>
    log.records
      .filter((r) => r.isCorrect !== null && r.first !== false)
      .map((r) => ({ person: `${i}:${r.code}`, itemId: r.questionId, right: r.isCorrect === true })),
  );
  return calibrateBank(answers, (id) => productGuessing(world.byId.get(id)!)).items;
}

/** The student's EAP ability on a point from their latest `ESTIMATE_WINDOW` answers to it (no answer: the prior, 0). */
export function abilityOn(log: StudentLog, code: string, items: ReadonlyMap<string, Item>, fallback: Item) {
  const mine = log.records.filter((r) => r.code === code && r.isCorrect !== null && r.first !== false);
  return abilityFrom(mine.map((r) => ({ item: items.get(r.questionId) ?? fallback, right: r.isCorrect === true })));
}

/**
 * The draw: the eligible questions by their information at the student's estimate on each question's point, most
 * first; equal information falls back to the server's order (least seen, then seeded). Questions with no
 * calibration take a = 1, b = 0 and their guessing. `leastSeenFirst`: the least seen questions first, and among
 * them the most informative (exposure control: a question seen often is answered from memory).
 */
export function abilityDraw(items: () => ReadonlyMap<string, Item>, leastSeenFirst = false): DrawRule {
  return (world, log, req, ctx) => {
    if (ctx.paper || (req.selectors.questionIds?.length ?? 0) > 0) return drawQuestions(world, req, ctx);
    const ids = eligibleIds(world, req);
    const order = chooseAmongIds(ids, ctx.seen, { count: ids.length, seed: ctx.seed, drawNo: ctx.drawNo });
    const known = items();
    const thetas = new Map<string, number>();
    const candidates = order.map((id) => {
      const q = world.byId.get(id)!;
      const fallback = uncalibrated(productGuessing(q));
      let theta = thetas.get(q.code);
      if (theta === undefined) {
        theta = abilityOn(log, q.code, known, fallback).theta;
        thetas.set(q.code, theta);
      }
      return { id, seen: ctx.seen.get(Number(id)) ?? 0, item: known.get(id) ?? fallback, theta };
    });
    return orderByInformation(candidates, req.count, leastSeenFirst);
  };
}

/**
 * Trainings of `engine` with ability-matched draws; its items are calibrated before the run from a cohort of other
 * students trained by `calibrationBase` (the agency's history under the current, least-seen draw).
 */
export function abilityStrategy(
  name: string,
  description: string,
  engine: EngineScheme,
  calibrationBase: Strategy,
  leastSeenFirst = false,
): Strategy & { calibrated(): ReadonlyMap<string, CalibratedItem> } {
  let items: Map<string, CalibratedItem> | null = null;
  const calibrated = () => {
    if (!items) throw new Error(`strategy ${name}: items not calibrated (prepare was not called)`);
    return items;
  };
  return {
    name,
    description,
    next: () => engine,
    draw: abilityDraw(calibrated, leastSeenFirst),
    prepare(world, runCohort) {
      items = calibrateFromLogs(world, runCohort(calibrationBase));
    },
    calibrated,
  };
}
