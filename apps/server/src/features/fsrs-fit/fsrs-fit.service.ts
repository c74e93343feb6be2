// FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): a weekly `fsrs-fit` job on the
// job queue (docs/jobs.md) reads each agency's wrong-answer book reviews (at most FSRS_FIT_MAX_REVIEWS), fits them
// once there are FSRS_FIT_MIN_REVIEWS, and stores the fit; the book schedules with the fit only when it was adopted
// (its held-out log-loss below the defaults'). The platform admin lists the fits.
import type { FsrsFit, FsrsFitQuery } from '@edu/contract';
import type { JobHandler, JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import type { AgencyFsrsParameters } from '../wrong-book/wrong-book.service.js';
import { fitReviews, type FitOptions, type FitResult, type ReviewLog } from './fsrs-fit.js';
import { isOutcome, type FsrsFitRepository } from './fsrs-fit.repository.js';

export const FSRS_FIT_KIND = 'fsrs-fit';
const DAY_MS = 24 * 3600_000;

export interface FsrsFitConfig {
  /** Fewest reviews an agency needs to be fitted (FSRS_FIT_MIN_REVIEWS). */
  minReviews: number;
  /** Most reviews read of one agency (FSRS_FIT_MAX_REVIEWS). */
  maxReviews: number;
  /** The job's time limit (FSRS_FIT_JOB_SECONDS). */
  jobSeconds: number;
  /** Days between two runs (FSRS_FIT_INTERVAL_DAYS). */
  intervalDays: number;
}

export type Fitter = (logs: readonly ReviewLog[], options: FitOptions) => Promise<FitResult>;

export class FsrsFitService implements AgencyFsrsParameters {
  constructor(
    private readonly repo: FsrsFitRepository,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly config: FsrsFitConfig,
    /** The fit itself (fsrs-fit.ts); replaceable so a test can check the adoption rule's other branch. */
    private readonly fit: Fitter = fitReviews,
  ) {
    queue.register(FSRS_FIT_KIND, this.handler, { concurrency: 1, timeoutSeconds: config.jobSeconds });
  }

  /** The parameters the wrong-answer book schedules the agency's reviews with: the adopted fit, or null (defaults). */
  parametersOf(agencyId: string): Promise<number[] | null> {
    return this.repo.adopted(agencyId);
  }

  /**
   * The periodic check (fsrs-fit.routes.ts): queues the job when none was queued, nor any agency fitted, within the
   * interval. Answers the job's id, or null when it is not due.
   */
  async schedule(): Promise<string | null> {
    const now = this.clock.now();
    const last = await this.repo.lastRunAt(FSRS_FIT_KIND);
    if (last && now - last.getTime() < this.config.intervalDays * DAY_MS) return null;
    return this.queue.enqueue({ kind: FSRS_FIT_KIND, payload: {} });
  }

  /** Fits one agency and stores the result. */
  async fitAgency(agencyId: string): Promise<FitResult> {
    const logs = await this.repo.reviews(agencyId, this.config.maxReviews);
    const result = await this.fit(logs, { minReviews: this.config.minReviews });
    await this.repo.save({
      agencyId,
      outcome: result.outcome,
      adopted: result.outcome === 'adopted' && result.parameters !== null,
      parameters: result.parameters,
      reviews: result.reviews,
      trainItems: result.trainItems,
      testItems: result.testItems,
      logLossBefore: result.logLossBefore,
      logLossAfter: result.logLossAfter,
      fittedAt: new Date(this.clock.now()),
    });
    return result;
  }

  private readonly handler: JobHandler = async ({ progress, signal }) => {
    const ids = await this.repo.agencyIds();
    await progress({ processed: 0, total: ids.length, phase: 'fit' });
    const counts = { adopted: 0, not_better: 0, too_few: 0 };
    for (let i = 0; i < ids.length; i++) {
      if (signal.aborted) throw new Error(String(signal.reason));
      const r = await abortable(this.fitAgency(ids[i]), signal);
      counts[r.outcome]++;
      await progress({ processed: i + 1 });
    }
    return { agencies: ids.length, ...counts };
  };

  async list(q: FsrsFitQuery): Promise<{ total: number; list: FsrsFit[] }> {
    const { total, rows } = await this.repo.page(q.start, q.size);
    return {
      total,
      list: rows.map((r) => ({
        agencyId: r.agencyId,
        agencyName: r.agencyName,
        outcome: isOutcome(r.outcome) ? r.outcome : 'too_few',
        adopted: r.adopted,
        reviews: r.reviews,
        trainItems: r.trainItems,
        testItems: r.testItems,
        logLossBefore: r.logLossBefore,
        logLossAfter: r.logLossAfter,
        parameters: r.parameters ?? null,
        fittedAt: r.fittedAt.getTime(),
      })),
    };
  }
}

/** Settles with `work`, or rejects when the signal aborts first (the optimizer's thread cannot be stopped; its answer is dropped). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(String(signal.reason)));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(String(signal.reason)));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
