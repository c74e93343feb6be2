// Practice schemes: lists over the agency's own schemes and those of the shared train repositories it uses by
// reference, reads, validated writes (structure by the engine's validateScheme, the rest by SchemeChecks),
// on/off, and papers (ordered submissions). It is also the trainings' source of schemes (SchemeSource).
import {
  validateScheme,
  type EngineScheme,
  type FieldError,
  type OrderedSchemeSubmit,
  type Phase,
  type Scheme,
  type SchemeCreate,
  type SchemeFields,
  type SchemeListQuery,
} from '@edu/contract';
import { conflict, forbidden, invalidField, invalidInput, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { SchemeSource, TrainableScheme } from '../training/training-scheme.js';
import type { SchemeChecks } from './scheme-checks.js';
import { duplicatePositions, paperScheme, schemeAccess } from './schemes.policy.js';
import type { SchemeRow, SchemeWrite, SchemesRepository } from './schemes.repository.js';
import type { TrainReposService } from './train-repos.service.js';

const NOT_FOUND = '训练方案不存在';
const READ_ONLY = '该方案属于引用的共享方案库，只能查看，不能修改';

const toWire = (r: SchemeRow): Scheme => ({
  schemeId: String(r.id),
  title: r.title,
  creator: r.creatorName ?? '',
  type: r.type as Scheme['type'],
  initPhase: r.initPhase,
  initPoint: r.initPoint,
  timeLimit: r.timeLimit,
  createTime: r.createdAt.getTime(),
  lastUpdate: r.updatedAt.getTime(),
  status: r.status as Scheme['status'],
  kpRange: r.kpRange,
  phases: r.phases as unknown as Phase[],
  trainRepoId: String(r.trainRepoId),
  reviewAfter: (r.reviewAfter as Scheme['reviewAfter']) ?? null,
  showScore: (r.showScore as Scheme['showScore'] | null) ?? 'after-hand-in',
  releasedAt: r.releasedAt?.getTime() ?? null,
});

const engineOf = (r: SchemeRow): EngineScheme => ({
  type: r.type as EngineScheme['type'],
  initPhase: r.initPhase,
  initPoint: r.initPoint,
  timeLimit: r.timeLimit,
  kpRange: r.kpRange,
  phases: r.phases as unknown as EngineScheme['phases'],
});

const trainableOf = (r: SchemeRow): TrainableScheme => ({
  id: r.id,
  title: r.title,
  type: r.type as TrainableScheme['type'],
  engine: engineOf(r),
});

const writeOf = (trainRepoId: number, title: string, e: EngineScheme): SchemeWrite => ({
  trainRepoId,
  title,
  type: e.type,
  initPhase: e.initPhase,
  initPoint: e.initPoint,
  timeLimit: e.timeLimit,
  kpRange: e.kpRange,
  phases: e.phases as unknown as SchemeWrite['phases'],
});

/** A paper's problems named by the submission's own fields (its questions are the one point's selectors). */
function paperPath(path: string): string {
  const fixed = 'phases.0.points.0.selectors.questionIds';
  if (path.startsWith(fixed)) return `questionIds${path.slice(fixed.length)}`;
  const marks = 'phases.0.points.0.marks';
  if (path.startsWith(marks)) return `marks${path.slice(marks.length)}`;
  if (path.startsWith('kpRange') || path.startsWith('timeLimit')) return path;
  return 'questionIds';
}

export class SchemesService implements SchemeSource {
  constructor(
    private readonly repo: SchemesRepository,
    private readonly trainRepos: TrainReposService,
    private readonly checks: SchemeChecks,
    private readonly clock: Clock,
  ) {}

  /** The scheme and how the agency relates to it; 404 when it cannot see it. */
  /** `system`: also graph practice's system scheme, which only the practice itself reaches (docs/knowledge-graph.md). */
  private async load(agencyId: string, id: string, system = false) {
    const n = parseNumericId(id);
    const found = n === null ? undefined : await this.repo.get(n);
    const row = found?.system && !system ? undefined : found;
    const subscribed = row && row.agencyId !== agencyId ? await this.trainRepos.subscribedIds(agencyId) : [];
    const access = schemeAccess(row, agencyId, subscribed);
    if (!row || access === 'none') throw notFound(NOT_FOUND);
    return { row, access };
  }

  /** The agency's own scheme, for writes: 404 when it cannot see it, 403 when it reads it by reference. */
  private async loadOwned(agencyId: string, id: string): Promise<SchemeRow> {
    const { row, access } = await this.load(agencyId, id);
    if (access !== 'owned') throw forbidden(READ_ONLY);
    return row;
  }

  /** 400 with every problem: the engine's structure rules first, then the database's. */
  private async validate(agencyId: string, e: EngineScheme, path: (p: string) => string = (p) => p) {
    // The engine writes `phases[0].points[1]`; the envelope's paths are dotted like zod's (`phases.0.points.1`).
    const structure: FieldError[] = validateScheme(e).map((x) => ({
      path: x.field.replace(/\[(\d+)\]/g, '.$1'),
      message: x.message,
    }));
    const fields = [...structure, ...(await this.checks.problems(agencyId, e))];
    if (fields.length) throw invalidInput(fields.map((f) => ({ ...f, path: `request.${path(f.path)}` })));
  }

  /** `creatorId` narrows to the schemes that user created (the "by me" list). */
  async list(agencyId: string, query: SchemeListQuery, creatorId?: number) {
    let trainRepoId: number | undefined;
    if (query.trainRepoId !== undefined) {
      const { row } = await this.trainRepos.access(agencyId, query.trainRepoId);
      if (!row) throw notFound('方案库不存在');
      trainRepoId = row.id;
    }
    const { total, rows } = await this.repo.page(
      {
        agencyId,
        subscribedRepoIds: await this.trainRepos.subscribedIds(agencyId),
        trainRepoId,
        type: query.type,
        kpRange: query.kpRange,
        creatorId,
      },
      query,
    );
    return { total, list: rows.map(toWire) };
  }

  async get(agencyId: string, id: string): Promise<Scheme> {
    return toWire((await this.load(agencyId, id)).row);
  }

  private async reload(id: number): Promise<Scheme> {
    const row = await this.repo.get(id);
    if (!row) throw notFound(NOT_FOUND);
    return toWire(row);
  }

  async create(agencyId: string, userId: number, input: SchemeCreate): Promise<Scheme> {
    const repo = await this.trainRepos.writable(agencyId, input.trainRepoId);
    await this.validate(agencyId, input);
    const id = await this.repo.insert(agencyId, userId, writeOf(repo.id, input.title, input), this.now());
    return this.reload(id);
  }

  async update(agencyId: string, id: string, input: SchemeFields): Promise<Scheme> {
    const row = await this.loadOwned(agencyId, id);
    const repoId =
      input.trainRepoId === undefined
        ? row.trainRepoId
        : (await this.trainRepos.writable(agencyId, input.trainRepoId)).id;
    await this.validate(agencyId, input);
    if (!(await this.repo.update(agencyId, row.id, writeOf(repoId, input.title, input), this.now())))
      throw notFound(NOT_FOUND);
    return this.reload(row.id);
  }

  async setStatus(agencyId: string, id: string, status: 'on' | 'off'): Promise<Scheme> {
    const row = await this.loadOwned(agencyId, id);
    if (!(await this.repo.setStatus(agencyId, row.id, status))) throw notFound(NOT_FOUND);
    return this.reload(row.id);
  }

  /**
   * Releases a paper's corrections to its finishers (docs/practice-engine.md "Review options"), whatever its review
   * option; a release stays. 409 for a general scheme (it has none to hold back).
   */
  async release(agencyId: string, id: string): Promise<Scheme> {
    const row = await this.loadOwned(agencyId, id);
    if (row.type !== 'paper') throw conflict('只有试卷可以发布批改结果');
    if (!(await this.repo.release(agencyId, row.id, this.now()))) throw notFound(NOT_FOUND);
    return this.reload(row.id);
  }

  /** Creates a paper, or with `schemeId` replaces that paper's questions and settings. */
  async submitPaper(agencyId: string, userId: number, input: OrderedSchemeSubmit): Promise<Scheme> {
    const existing = input.schemeId === undefined ? undefined : await this.loadOwned(agencyId, input.schemeId);
    if (existing && existing.type !== 'paper')
      throw invalidField('request.schemeId', '该方案不是试卷，请在方案编辑中修改');
    const repo = await this.trainRepos.writable(agencyId, input.trainRepoId);
    const dup = duplicatePositions(input.questionIds);
    if (dup.length) throw invalidInput(dup.map((i) => ({ path: `request.questionIds.${i}`, message: '题目重复' })));
    const e = paperScheme(input);
    await this.validate(agencyId, e, paperPath);
    const write = { ...writeOf(repo.id, input.title, e), reviewAfter: input.reviewAfter, showScore: input.showScore };
    if (!existing) return this.reload(await this.repo.insert(agencyId, userId, write, this.now()));
    if (!(await this.repo.update(agencyId, existing.id, write, this.now()))) throw notFound(NOT_FOUND);
    return this.reload(existing.id);
  }

  /** The engine of a scheme the agency may edit (its own): 404 unseen, 403 read by reference (as `update`). */
  async editableEngine(agencyId: string, id: string): Promise<{ id: number; engine: EngineScheme }> {
    const row = await this.loadOwned(agencyId, id);
    return { id: row.id, engine: engineOf(row) };
  }

  /** SchemeSource: a switched-on scheme the agency sees (its own or by reference); 404 unseen, 409 off. */
  async trainable(agencyId: string, schemeId: string): Promise<TrainableScheme> {
    const { row } = await this.load(agencyId, schemeId, true);
    if (row.status !== 'on') throw conflict('训练方案未开启');
    return trainableOf(row);
  }

  /** SchemeSource: a page of the switched-on schemes the agency's students may train on. */
  async openPage(agencyId: string, page: { start: number; size: number }) {
    const { total, rows } = await this.repo.openPage(
      { agencyId, subscribedRepoIds: await this.trainRepos.subscribedIds(agencyId) },
      page,
    );
    return {
      total,
      list: rows.map((row) => ({ ...trainableOf(row), kpRange: row.kpRange, updatedAt: row.updatedAt })),
    };
  }

  private now() {
    return new Date(this.clock.now());
  }
}
