// Ability-matched draws in the product (docs/practice-engine.md "Draw modes"): the nightly `ability-calibration` job on
// the job queue (docs/jobs.md) calibrates every agency's questions from its own judged first answers (at most
// ABILITY_CALIBRATION_MAX_ANSWERS, the latest) by calibrate.ts's EM, c held at each question's blind guess, and stores
// them; a draw of mode `ability` orders its least-seen candidates by their information at the student's EAP ability on
// each candidate's point (ability-order.ts, the simulator's rule).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JobHandler, JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import { abilityFrom, blindGuess, leastSeenTiers, orderByInformation, uncalibrated } from './ability-order.js';
import type { AbilityRepository, CalibrationRow, DrawItemRow } from './ability.repository.js';
import { calibrateBankSteps } from './calibrate.js';
import type { Item } from './irt.js';

export const ABILITY_CALIBRATION_KIND = 'ability-calibration';
const HOUR_MS = 3600_000;

export interface AbilityCalibrationConfig {
  /** Most answers read of one agency, its latest (ABILITY_CALIBRATION_MAX_ANSWERS). */
  maxAnswers: number;
  /** The job's time limit (ABILITY_CALIBRATION_JOB_SECONDS). */
  jobSeconds: number;
  /** Hours between two runs (ABILITY_CALIBRATION_INTERVAL_HOURS). */
  intervalHours: number;
  /** Minutes between two checks whether a run is due (ABILITY_CALIBRATION_CHECK_MINUTES). */
  checkMinutes: number;
}

/** What a draw asks (training-draw.ts): the least-seen rule's order of the candidates, reordered by ability. */
export interface AbilityDrawOrder {
  order(
    agencyId: string,
    userId: number,
    ordered: readonly { id: string; seen: number }[],
    count: number,
  ): Promise<string[]>;
}

export interface AgencyCalibration {
  answers: number;
  questions: number;
}

const itemOf = (r: DrawItemRow): Item =>
  r.a !== null && r.b !== null && r.c !== null
    ? { a: r.a, b: r.b, c: r.c }
    : uncalibrated(blindGuess(r.type, r.options));

export class AbilityService implements AbilityDrawOrder {
  constructor(
    private readonly repo: AbilityRepository,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly config: AbilityCalibrationConfig,
  ) {
    queue.register(ABILITY_CALIBRATION_KIND, this.handler, { concurrency: 1, timeoutSeconds: config.jobSeconds });
  }

  /**
   * The periodic check (ability.routes.ts): queues the job when none was queued, nor any question calibrated, within
   * the interval. Answers the job's id, or null when it is not due.
   */
  async schedule(): Promise<string | null> {
    const last = await this.repo.lastRunAt(ABILITY_CALIBRATION_KIND);
    if (last && this.clock.now() - last.getTime() < this.config.intervalHours * HOUR_MS) return null;
    return this.queue.enqueue({ kind: ABILITY_CALIBRATION_KIND, payload: {} });
  }

  /**
   * Calibrates one agency's questions from its latest judged first answers and stores them. The EM gives way to the
   * event loop every few thousand answers of work and stops when `signal` aborts.
   */
  async calibrateAgency(agencyId: string, signal?: AbortSignal): Promise<AgencyCalibration> {
    const answers = await this.repo.answers(agencyId, this.config.maxAnswers);
    if (answers.length === 0) return { answers: 0, questions: 0 };
    const info = await this.repo.guessInfo([...new Set(answers.map((a) => a.questionId))]);
    const guess = new Map(info.map((q) => [String(q.id), blindGuess(q.type, q.options)]));
    const rights = new Map<string, number>();
    for (const a of answers) if (a.right) rights.set(String(a.questionId), (rights.get(String(a.questionId)) ?? 0) + 1);
    const steps = calibrateBankSteps(
      answers.map((a) => ({ person: `${a.userId}:${a.code}`, itemId: String(a.questionId), right: a.right })),
      (id) => guess.get(id) ?? 0,
    );
    let step = steps.next();
    while (!step.done) {
      await nextTurn();
      if (signal?.aborted) throw new Error(String(signal.reason));
      step = steps.next();
    }
    const at = new Date(this.clock.now());
    const rows: CalibrationRow[] = [...step.value.items].map(([id, item]) => ({
      agencyId,
      questionId: Number(id),
      a: item.a,
      b: item.b,
      c: item.c,
      answers: item.answers,
      rights: rights.get(id) ?? 0,
      facility: item.answers > 0 ? (rights.get(id) ?? 0) / item.answers : null,
      calibratedAt: at,
    }));
    await this.repo.save(rows);
    return { answers: answers.length, questions: rows.length };
  }

  private readonly handler: JobHandler = async ({ progress, signal }) => {
    const ids = await this.repo.agencyIds();
    await progress({ processed: 0, total: ids.length, phase: 'calibrate' });
    let answers = 0;
    let questions = 0;
    for (let i = 0; i < ids.length; i++) {
      if (signal.aborted) throw new Error(String(signal.reason));
      const r = await this.calibrateAgency(ids[i], signal);
      answers += r.answers;
      questions += r.questions;
      await progress({ processed: i + 1 });
    }
    return { agencies: ids.length, answers, questions };
  };

  /**
   * A draw of mode `ability`: of the candidates in the least-seen rule's order, the fewest-seen ones that fill `count`
   * (`leastSeenTiers`), by times seen, then by information at the student's EAP on each candidate's point (their latest
   * answers on it under the agency's parameters), ties in the given order. One read.
   */
  async order(
    agencyId: string,
    userId: number,
    ordered: readonly { id: string; seen: number }[],
    count: number,
  ): Promise<string[]> {
    const tiers = leastSeenTiers(ordered, count);
    if (tiers.length <= 1) return tiers.map((c) => c.id);
    const inputs = await this.repo.drawInputs(
      agencyId,
      userId,
      tiers.map((c) => Number(c.id)),
    );
    const byPoint = new Map<string, { item: Item; right: boolean }[]>();
    for (const r of inputs.recent) {
      const list = byPoint.get(r.code) ?? [];
      list.push({ item: itemOf(r), right: r.right });
      byPoint.set(r.code, list);
    }
    const thetas = new Map<string, number>();
    const thetaOn = (code: string) => {
      let theta = thetas.get(code);
      if (theta === undefined) {
        theta = abilityFrom(byPoint.get(code) ?? []).theta;
        thetas.set(code, theta);
      }
      return theta;
    };
    const known = new Map(inputs.candidates.map((r) => [String(r.questionId), r]));
    // A candidate the read did not find (removed meanwhile) stays in place with a neutral item at ability 0.
    const candidates = tiers.map((c) => {
      const r = known.get(c.id);
      return r
        ? { id: c.id, seen: c.seen, item: itemOf(r), theta: thetaOn(r.code) }
        : { id: c.id, seen: c.seen, item: uncalibrated(0), theta: 0 };
    });
    return orderByInformation(candidates, count, true);
  }
}
