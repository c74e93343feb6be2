// Scheme statistics for train staff (docs/product.md §7 /stats/user, /stats/answer) and a student's trainings for the
// student admins. The scheme must be one the agency sees (its own or by reference); the figures cover the
// agency's own trainings only, and the per-student figures (/stats/user) only the trainings whose records the
// caller reads (docs/classes.md "Whose records a teacher reads"). Computation is SQL (scheme-stats.repository.ts);
// here ids, names and flags.
import {
  SCORE_BUCKETS,
  STATS_THRESHOLDS,
  type Scheme,
  type SchemeAnswerStats,
  type SchemeQuestionStats,
  type SchemeUserStats,
  type SchemeUserStatsQuery,
  type StatsRange,
  type StudentTrainingStats,
  type TrainingSummary,
} from '@edu/contract';
import { notFound } from '../../lib/api-error.js';
import { parseNumericId } from '../../lib/ids.js';
import type { SchemesService } from '../schemes/schemes.service.js';
import { fixedPositions, flagOf } from './scheme-stats.policy.js';
import type { SchemeStatsRepository, Scope, TrainingsReadBy } from './scheme-stats.repository.js';
import { planRange } from './stats-range.js';

type SchemeReader = Pick<SchemesService, 'get'>;

/** The caller in the agency in context. */
export interface StatsViewer {
  userId: number;
  roles: readonly string[];
  agencyId: string;
}

/** The records rule as SQL over a training's student and task columns (the classes feature's StudentRecords). */
export interface StatsReaders {
  trainings(v: StatsViewer, cols: Parameters<TrainingsReadBy>[0]): ReturnType<TrainingsReadBy>;
}

export class SchemeStatsService {
  constructor(
    private readonly repo: SchemeStatsRepository,
    private readonly schemes: SchemeReader,
    private readonly readers: StatsReaders,
    /** How often the background fold runs (0: never; reads fold their scheme's first). */
    readonly foldEveryMs = 0,
  ) {}

  /** One background run of the statistics' fold (stats-fold.ts): how many ended trainings it folded. */
  foldPending(): Promise<number> {
    return this.repo.foldPending();
  }

  private async scope(agencyId: string, id: string, range: StatsRange): Promise<{ scheme: Scheme; scope: Scope }> {
    // 404 for a scheme the agency cannot see (another agency's, or none).
    const scheme = await this.schemes.get(agencyId, id);
    return { scheme, scope: { schemeId: Number(scheme.schemeId), agencyId, from: range.from, to: range.to } };
  }

  /** Per student: only the trainings whose records the caller reads count (summary, buckets, timeline, rows). */
  async users(v: StatsViewer, id: string, q: SchemeUserStatsQuery): Promise<SchemeUserStats> {
    const found = await this.scope(v.agencyId, id, q);
    const { scheme } = found;
    const scope: Scope = { ...found.scope, readBy: (cols) => this.readers.trainings(v, cols) };
    const [summary, buckets, timeline, rows] = await Promise.all([
      this.repo.summary(scope),
      this.repo.scoreBuckets(scope, SCORE_BUCKETS),
      this.repo.timeline(scope, q.utcOffset),
      this.repo.users(scope, { start: q.start, size: q.size }),
    ]);
    return {
      schemeId: scheme.schemeId,
      title: scheme.title,
      type: scheme.type,
      from: q.from ?? null,
      to: q.to ?? null,
      summary,
      scoreBuckets: Array.from({ length: SCORE_BUCKETS }, (_, b) => ({
        from: b / SCORE_BUCKETS,
        to: (b + 1) / SCORE_BUCKETS,
        count: buckets.get(b) ?? 0,
      })),
      timeline,
      users: {
        total: summary.users,
        list: rows.map((r) => ({ ...r, userId: String(r.userId), lastTrainId: String(r.lastTrainId) })),
      },
    };
  }

  async answers(agencyId: string, id: string, range: StatsRange): Promise<SchemeAnswerStats> {
    const { scheme, scope } = await this.scope(agencyId, id, range);
    const paper = scheme.type === 'paper';
    const [moments, trainings] = await Promise.all([
      this.repo.questions(scope, planRange(range.from, range.to), paper),
      this.repo.endedCount(scope),
    ]);
    const positions = fixedPositions(scheme);
    const byId = new Map(moments.map((m) => [String(m.questionId), m]));
    // The fixed lists' questions appear even before anyone answered them.
    const ids = [...new Set([...positions.keys(), ...byId.keys()])];
    const info = await this.repo.questionInfo(agencyId, ids.map(Number));
    const rows: SchemeQuestionStats[] = ids.map((qid) => {
      const m = byId.get(qid);
      const figures = {
        attempts: m?.attempts ?? 0,
        seen: m?.seen ?? 0,
        facility: m?.facility ?? null,
        sd: m?.sd ?? null,
        discrimination: m?.discrimination ?? null,
        efficiency: m?.efficiency ?? null,
      };
      return {
        questionId: qid,
        title: info.get(Number(qid))?.title ?? '',
        type: info.get(Number(qid))?.type ?? '',
        position: positions.get(qid) ?? null,
        ...figures,
        flagged: flagOf(figures),
        calibration: info.get(Number(qid))?.calibration ?? null,
      };
    });
    rows.sort(
      (a, b) =>
        (a.position ?? Infinity) - (b.position ?? Infinity) ||
        b.attempts - a.attempts ||
        Number(a.questionId) - Number(b.questionId),
    );
    return {
      schemeId: scheme.schemeId,
      title: scheme.title,
      type: scheme.type,
      from: range.from ?? null,
      to: range.to ?? null,
      trainings,
      thresholds: { ...STATS_THRESHOLDS },
      questions: rows,
    };
  }

  async student(agencyId: string, id: string, page: { start: number; size: number }): Promise<StudentTrainingStats> {
    const userId = parseNumericId(id);
    const user = userId === null ? undefined : await this.repo.student(agencyId, userId);
    if (!user) throw notFound('学生不存在');
    const [summary, list] = await Promise.all([
      this.repo.studentSummary(agencyId, user.id),
      this.repo.studentTrainings(agencyId, user.id, page),
    ]);
    return {
      student: { userId: String(user.id), name: user.name, username: user.username },
      summary,
      trainings: {
        total: list.total,
        list: list.rows.map((r) => ({
          trainId: String(r.id),
          schemeId: String(r.schemeId),
          title: r.title,
          type: r.type as TrainingSummary['type'],
          status: r.status as TrainingSummary['status'],
          answered: r.answered,
          correct: r.correct,
          credit: r.credit,
          score: r.score,
          maxScore: r.maxScore,
          startTime: r.startedAt.getTime(),
          endTime: r.endedAt?.getTime() ?? null,
          durationSeconds: r.endedAt
            ? Math.max(0, Math.round((r.endedAt.getTime() - r.startedAt.getTime()) / 1000))
            : 0,
          ...(r.lessonId !== null ? { lessonId: String(r.lessonId) } : {}),
        })),
      },
    };
  }
}
