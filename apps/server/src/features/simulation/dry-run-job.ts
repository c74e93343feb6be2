// A scheme's dry run as a job (docs/simulation.md "Dry run of a scheme"; docs/jobs.md): `simulate` checks the scheme
// may be edited by the agency (as its edit route) and queues the `scheme-simulation` job with the scheme as it is
// now; the job loads the questions it can draw from the agency's bank and the knowledge graphs' prerequisites among
// their points (on the server's thread: database access stays here), then a child process builds the simulated world
// and runs the cohort (`dry-run-process.ts`), and the result is stored on the job row. `job` reads progress and result.
import type { SchemeSimulationJob, SchemeSimulationRequest, SimulationResult, EngineScheme } from '@edu/contract';
import { notFound } from '../../lib/api-error.js';
import { JobFailure, type JobHandler, type JobQueue } from '../../jobs/job-queue.js';
import type { JobRow } from '../../jobs/job-store.js';
import type { GraphReads } from '../knowledge-graph/graph-reads.js';
import { selfAndAncestors } from '../mastery/mastery-levels.js';
import type { QuestionReads } from '../questions/question-reads.js';
import type { SchemesService } from '../schemes/schemes.service.js';
import { loadBank, schemeBankIds } from './dry-run-bank.js';
import { runDryRunProcess } from './dry-run-process.js';

export const SIMULATION_KIND = 'scheme-simulation';
const JOB_NOT_FOUND = '模拟任务不存在';
const JOB_ID_RE = /^[0-9a-f]{24}$/;
/** The seed of every dry run: the same scheme and bank give the same result. */
const SEED = 1;

export const SIMULATION_TEXT = {
  empty: '该方案在题库中抽不到任何自动判分的题目，无法模拟：请检查知识点范围和选题条件',
};

interface Payload {
  [key: string]: unknown;
  schemeId: number;
  students: number;
  spread: SchemeSimulationRequest['spread'];
  engine: EngineScheme;
}

export interface SimulationConfig {
  jobSeconds: number;
  maxConcurrent: number;
  /** The dry run's child process heap limit (SIMULATION_WORKER_MB). */
  workerMb: number;
}

export class SchemeSimulationService {
  constructor(
    private readonly schemes: SchemesService,
    private readonly questions: QuestionReads,
    private readonly graphs: GraphReads,
    private readonly subscribedIds: (agencyId: string) => Promise<number[]>,
    private readonly queue: JobQueue,
    private readonly config: SimulationConfig,
  ) {
    queue.register(SIMULATION_KIND, this.handler, {
      concurrency: config.maxConcurrent,
      timeoutSeconds: config.jobSeconds,
    });
  }

  async simulate(
    ctx: { agencyId: string; userId: number },
    schemeId: string,
    input: SchemeSimulationRequest,
  ): Promise<{ jobId: string }> {
    const { id, engine } = await this.schemes.editableEngine(ctx.agencyId, schemeId);
    const payload: Payload = { schemeId: id, students: input.students, spread: input.spread, engine };
    const jobId = await this.queue.enqueue({
      kind: SIMULATION_KIND,
      agencyId: ctx.agencyId,
      userId: ctx.userId,
      payload,
    });
    return { jobId };
  }

  async job(agencyId: string, jobId: string): Promise<SchemeSimulationJob> {
    const row = JOB_ID_RE.test(jobId)
      ? await this.queue.store.getScoped(agencyId, jobId, [SIMULATION_KIND])
      : undefined;
    if (!row) throw notFound(JOB_NOT_FOUND);
    return wireOf(row);
  }

  private readonly handler: JobHandler = async ({ job, progress, signal }) => {
    const p = job.payload as Payload;
    const v = { agencyId: job.agencyId!, subscribedRepoIds: await this.subscribedIds(job.agencyId!) };
    await progress({ processed: 0, total: p.students, phase: 'bank' });
    const ids = await schemeBankIds(this.questions, v, p.engine);
    const bank = await loadBank(this.questions, v, ids, async () => {
      if (signal.aborted) throw signal.reason;
    });
    if (!bank.some((q) => q.judgeType === 'auto')) throw new JobFailure(SIMULATION_TEXT.empty);
    // Every graph's prerequisites onto the bank's points or their ancestors (graphs are platform-wide).
    const codes = [...new Set(bank.flatMap((q) => selfAndAncestors(q.knowledgeId)))];
    const edges = await this.graphs.prerequisitesOnto(codes);
    await progress({ phase: 'run' });
    const result = await runDryRunProcess({
      data: { questions: bank, edges, engine: p.engine, students: p.students, spread: p.spread, seed: SEED },
      memoryMb: this.config.workerMb,
      onProgress: (processed, total) => progress({ processed, total }),
      signal,
    });
    return result;
  };
}

function wireOf(r: JobRow): SchemeSimulationJob {
  return {
    jobId: r.id,
    status: r.status === 'done' || r.status === 'failed' || r.status === 'running' ? r.status : 'queued',
    processed: r.processed,
    total: r.total,
    message: r.status === 'failed' ? r.message : null,
    result: r.status === 'done' ? ((r.result ?? null) as SimulationResult | null) : null,
  };
}
