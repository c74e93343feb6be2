// Item calibration from answers (docs/simulation.md "Ability-matched draws"): a 2PL fit per question by Fisher
// scoring with the answerers' abilities fixed (a known guessing c may be held fixed: the 3PL's lower asymptote),
// shrunk toward a prior from the question's facility when it has fewer than `minAnswers` answers; and a bank's
// calibration by marginal maximum likelihood over the EAP grid. Pure.
import { DEFAULT_GRID, eap, logistic, probability, type Item, type Response } from './irt.js';

export interface CalibrationOptions {
  /** Answers from which a question's own fit is taken whole; below, it is shrunk toward the facility prior. */
  minAnswers: number;
  /** Fisher-scoring steps of one fit. */
  iterations: number;
}

export const DEFAULT_CALIBRATION: CalibrationOptions = { minAnswers: 30, iterations: 25 };

export interface CalibratedItem extends Item {
  answers: number;
  /** The share of right answers (null: none). */
  facility: number | null;
  /** The weight of the question's own fit against the facility prior, 0..1 (answers / minAnswers, at most 1). */
  weight: number;
}

const A_BOUNDS = [0.2, 4] as const;
const B_BOUNDS = [-6, 6] as const;
const clamp = (x: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, x));
const logit = (p: number) => Math.log(p / (1 - p));

/** An answer at a known ability; `weight` (default 1) lets an expected count stand for answers (EM). */
export interface WeightedAnswer {
  theta: number;
  right: boolean;
  weight?: number;
}

/**
 * The facility prior: a = 1 and the b at which a typical answerer (their mean ability) has the observed share of
 * right answers above the guessing floor. No answers: a = 1, b = 0.
 */
export function facilityPrior(answers: readonly WeightedAnswer[], c = 0): Item {
  const total = answers.reduce((s, x) => s + (x.weight ?? 1), 0);
  if (!(total > 0)) return { a: 1, b: 0, c };
  const right = answers.reduce((s, x) => s + (x.right ? (x.weight ?? 1) : 0), 0);
  const p = (right + 0.5) / (total + 1);
  const above = Math.min(0.98, Math.max(0.02, (p - c) / (1 - c)));
  const meanTheta = answers.reduce((s, x) => s + x.theta * (x.weight ?? 1), 0) / total;
  return { a: 1, b: clamp(meanTheta - logit(above), B_BOUNDS), c };
}

/**
 * One question's parameters from its answers, the answerers' abilities fixed: the maximum of the likelihood with weak
 * normal priors (a ~ N(1, 1), b ~ N(prior b, 2²): they only keep an all-right or all-wrong record finite), then
 * prior + weight · (fit − prior), weight = answers / minAnswers at most 1.
 */
export function calibrateItem(
  answers: readonly WeightedAnswer[],
  c = 0,
  options: CalibrationOptions = DEFAULT_CALIBRATION,
  count = answers.length,
): CalibratedItem {
  const prior = facilityPrior(answers, c);
  const n = count;
  const total = answers.reduce((s, x) => s + (x.weight ?? 1), 0);
  const right = answers.reduce((s, x) => s + (x.right ? (x.weight ?? 1) : 0), 0);
  const facility = n && total > 0 ? right / total : null;
  if (n === 0) return { ...prior, answers: 0, facility, weight: 0 };
  let a = prior.a;
  let b = prior.b;
  for (let step = 0; step < options.iterations; step++) {
    // Score and Fisher information in (a, b), priors included.
    let sa = -(a - 1);
    let sb = -(b - prior.b) / 4;
    let iaa = 1;
    let ibb = 1 / 4;
    let iab = 0;
    for (const x of answers) {
      const s = logistic(a * (x.theta - b));
      const p = c + (1 - c) * s;
      const pq = Math.max(p * (1 - p), 1e-12);
      const dp = (1 - c) * s * (1 - s);
      const da = x.theta - b;
      const db = -a;
      const weight = x.weight ?? 1;
      const r = (weight * ((x.right ? 1 : 0) - p)) / pq;
      sa += r * dp * da;
      sb += r * dp * db;
      const w = (weight * dp * dp) / pq;
      iaa += w * da * da;
      ibb += w * db * db;
      iab += w * da * db;
    }
    const det = iaa * ibb - iab * iab;
    if (!(det > 0)) break;
    const stepA = (ibb * sa - iab * sb) / det;
    const stepB = (iaa * sb - iab * sa) / det;
    a = clamp(a + stepA, A_BOUNDS);
    b = clamp(b + stepB, B_BOUNDS);
    if (Math.abs(stepA) < 1e-6 && Math.abs(stepB) < 1e-6) break;
  }
  const weight = Math.min(1, n / options.minAnswers);
  return {
    a: prior.a + weight * (a - prior.a),
    b: prior.b + weight * (b - prior.b),
    c,
    answers: n,
    facility,
    weight,
  };
}

/** One answer of a bank's record: who answered (a student on a point), which question, whether right. */
export interface BankAnswer {
  person: string;
  itemId: string;
  right: boolean;
}

export interface BankCalibration {
  items: Map<string, CalibratedItem>;
  /** Each person's EAP ability under the final items. */
  abilities: Map<string, number>;
}

/**
 * A bank's items from its answers by marginal maximum likelihood (Bock & Aitkin 1981's EM over the EAP grid): items
 * start at their facility prior; then `rounds` times, each person's posterior over the grid (standard normal prior)
 * under the current items, and each item refitted (`calibrateItem`) to the expected right and wrong answers at every
 * node. `guessing` gives a question's fixed c (0: the 2PL). Abilities: each person's final EAP.
 */
export function calibrateBank(
  answers: readonly BankAnswer[],
  guessing: (itemId: string) => number = () => 0,
  rounds = 20,
  options: CalibrationOptions = DEFAULT_CALIBRATION,
  nodes: readonly number[] = DEFAULT_GRID,
): BankCalibration {
  const steps = calibrateBankSteps(answers, guessing, rounds, options, nodes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `calibrateBank` in steps: the generator pauses (yields) after about `sliceAnswers` answers of work, so a caller on
 * the server's event loop can give way between slices (the nightly job: docs/practice-engine.md "Draw modes"); its
 * return value is the calibration. The same arithmetic in the same order: the result equals `calibrateBank`'s.
 */
export function* calibrateBankSteps(
  answers: readonly BankAnswer[],
  guessing: (itemId: string) => number = () => 0,
  rounds = 20,
  options: CalibrationOptions = DEFAULT_CALIBRATION,
  nodes: readonly number[] = DEFAULT_GRID,
  sliceAnswers = 5_000,
): Generator<void, BankCalibration, void> {
  let work = 0;
  const byItem = new Map<string, BankAnswer[]>();
  const byPerson = new Map<string, BankAnswer[]>();
  for (const x of answers) {
    const item = byItem.get(x.itemId);
    if (item) item.push(x);
    else byItem.set(x.itemId, [x]);
    const person = byPerson.get(x.person);
    if (person) person.push(x);
    else byPerson.set(x.person, [x]);
  }
  const items = new Map<string, CalibratedItem>();
  for (const [id, list] of byItem) {
    const prior = facilityPrior(
      list.map((x) => ({ theta: 0, right: x.right })),
      guessing(id),
    );
    items.set(id, { ...prior, answers: list.length, facility: null, weight: 0 });
  }
  const prior = nodes.map((t) => Math.exp(-0.5 * t * t));
  for (let round = 0; round < rounds; round++) {
    // E: expected answers (right, all) at each node, per item.
    const expected = new Map<string, { right: Float64Array; all: Float64Array }>();
    for (const id of byItem.keys())
      expected.set(id, { right: new Float64Array(nodes.length), all: new Float64Array(nodes.length) });
    for (const list of byPerson.values()) {
      work += list.length;
      if (work >= sliceAnswers) {
        work = 0;
        yield;
      }
      const post = posterior(
        list.map((x) => ({ item: items.get(x.itemId)!, right: x.right })),
        nodes,
        prior,
      );
      for (const x of list) {
        const e = expected.get(x.itemId)!;
        for (let k = 0; k < nodes.length; k++) {
          e.all[k] += post[k];
          if (x.right) e.right[k] += post[k];
        }
      }
    }
    // M: each item fitted to its expected answers (up to 122 weighted answers each: an item weighs about 100 answers).
    for (const [id, e] of expected) {
      work += 100;
      if (work >= sliceAnswers) {
        work = 0;
        yield;
      }
      const pseudo: WeightedAnswer[] = [];
      for (let k = 0; k < nodes.length; k++) {
        if (e.right[k] > 0) pseudo.push({ theta: nodes[k], right: true, weight: e.right[k] });
        if (e.all[k] - e.right[k] > 0) pseudo.push({ theta: nodes[k], right: false, weight: e.all[k] - e.right[k] });
      }
      items.set(id, calibrateItem(pseudo, guessing(id), options, byItem.get(id)!.length));
    }
    yield;
  }
  const abilities = new Map<string, number>();
  for (const [person, list] of byPerson) {
    work += list.length;
    if (work >= sliceAnswers) {
      work = 0;
      yield;
    }
    abilities.set(
      person,
      eap(
        list.map((x) => ({ item: items.get(x.itemId)!, right: x.right })),
        nodes,
      ).theta,
    );
  }
  return { items, abilities };
}

/** A person's posterior weights over the grid (summing to 1). */
function posterior(responses: readonly Response[], nodes: readonly number[], prior: readonly number[]): number[] {
  const logs = nodes.map((t, k) => {
    let l = Math.log(prior[k]);
    for (const r of responses) {
      const p = probability(r.item, t);
      l += Math.log(r.right ? Math.max(p, 1e-300) : Math.max(1 - p, 1e-300));
    }
    return l;
  });
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const total = w.reduce((s, x) => s + x, 0);
  return w.map((x) => x / total);
}
