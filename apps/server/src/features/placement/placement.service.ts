// Placement tests (docs/lessons.md "Placement test"): the agency admin names a paper and score bands per grade; a
// student takes the paper through the training service (a paper practice like any other); the latest ended training
// of a grade's paper is the student's result, read by the student, their parents and the agency's staff; the agency
// admin joins the student to the recommended (or a chosen) tutoring class through the classes service's own path.
import type {
  CorrectionsPending,
  PlacementBand,
  PlacementJoin,
  PlacementJoined,
  PlacementPaper,
  PlacementResult,
  PlacementResultQuery,
  PlacementResultRow,
  PlacementSetting,
  PlacementSettings,
  PlacementSettingWrite,
  PlacementTest,
  Training,
  TrainingStatus,
} from '@edu/contract';
import { invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { ClassesService, ClassViewer } from '../classes/classes.service.js';
import type { ParentsService } from '../parents/parents.service.js';
import type { Corrections } from '../training/corrections.js';
import type { Trainee, TrainingService } from '../training/training.service.js';
import { bandIndex, managesPlacement, percentOf } from './placement.policy.js';
import type { BandRow, PlacementRepository, ResultRow, TestRow } from './placement.repository.js';

const NO_TEST = '该年级没有分级测试';
const NO_RESULT = '分级测试结果不存在';
const NO_PAPER = '试卷不存在';
const NO_CLASS = '辅导班不存在';
/** The papers a setting may choose from, at most. */
const PAPERS_LIMIT = 500;

/** Who reads, in which agency. */
export type PlacementViewer = ClassViewer;

const classRef = (b: BandRow) =>
  b.classId === null ? null : { id: String(b.classId), name: b.className ?? '', archived: b.classArchived };

const presentBand = (b: BandRow): PlacementBand => ({
  minPercent: b.minPercent,
  name: b.name,
  recommendedClass: classRef(b),
});

const presentSetting = (t: TestRow): PlacementSetting => ({
  gradeId: t.gradeId,
  gradeName: t.gradeName,
  schemeId: String(t.schemeId),
  schemeTitle: t.schemeTitle,
  schemeOn: t.schemeOn,
  questionCount: t.questionCount,
  bands: t.bands.map(presentBand),
  lastUpdate: t.updatedAt.getTime(),
});

export class PlacementService {
  private links?: { classes: ClassesService; parents: ParentsService };

  constructor(
    private readonly repo: PlacementRepository,
    private readonly training: TrainingService,
    private readonly corrections: Corrections,
    private readonly clock: Clock,
  ) {}

  /** Set by services.ts once the classes and parents services exist (they are built beside this one). */
  wire(classes: ClassesService, parents: ParentsService): void {
    this.links = { classes, parents };
  }

  private get wired() {
    if (!this.links) throw new Error('PlacementService used before wire()');
    return this.links;
  }

  // The agency's side.

  async settings(v: PlacementViewer): Promise<PlacementSettings> {
    return {
      editable: managesPlacement(v.roles, v.agencyId),
      list: (await this.repo.tests(v.agencyId)).map(presentSetting),
    };
  }

  async papers(v: PlacementViewer): Promise<PlacementPaper[]> {
    return (await this.repo.papers(v.agencyId, PAPERS_LIMIT)).map((p) => ({
      schemeId: String(p.id),
      title: p.title,
      on: p.on,
      questionCount: p.questionCount,
    }));
  }

  /** Creates or replaces a grade's test: the agency's own paper, bands whose classes are its tutoring classes. */
  async save(v: PlacementViewer, body: PlacementSettingWrite): Promise<PlacementSetting> {
    if ((await this.repo.gradeName(body.gradeId)) === null) throw invalidField('request.gradeId', '年级不存在');
    const schemeId = parseNumericId(body.schemeId);
    const scheme = schemeId === null ? undefined : await this.repo.ownScheme(v.agencyId, schemeId);
    if (schemeId === null || !scheme) throw notFound(NO_PAPER);
    if (scheme.type !== 'paper') throw invalidField('request.schemeId', '分级测试只能使用试卷');
    const taken = await this.repo.gradeOfScheme(v.agencyId, schemeId);
    if (taken && taken.gradeId !== body.gradeId) throw this.schemeTaken(taken.gradeName);
    const classIds = body.bands.map((b) => (b.classId === null ? null : parseNumericId(b.classId)));
    if (classIds.some((id, i) => id === null && body.bands[i].classId !== null)) throw notFound(NO_CLASS);
    const wanted = classIds.filter((id): id is number => id !== null);
    const found = await this.repo.eventClasses(v.agencyId, [...new Set(wanted)]);
    if (wanted.some((id) => !found.has(id))) throw notFound(NO_CLASS);
    const archived = classIds.findIndex((id) => id !== null && found.get(id)?.archived);
    if (archived >= 0) throw invalidField(`request.bands.${archived}.classId`, '辅导班已归档，请换一个');
    try {
      await this.repo.save(
        v.agencyId,
        body.gradeId,
        schemeId,
        body.bands.map((b, i) => ({ minPercent: b.minPercent, name: b.name, classId: classIds[i] })),
        v.userId,
        new Date(this.clock.now()),
      );
    } catch (err) {
      // Another grade took the paper between the check and the write.
      if (isUniqueViolation(err, 'placement_tests_scheme_key')) {
        const other = await this.repo.gradeOfScheme(v.agencyId, schemeId);
        throw this.schemeTaken(other?.gradeName ?? '其他年级');
      }
      throw err;
    }
    const [saved] = await this.repo.tests(v.agencyId, body.gradeId);
    if (!saved) throw notFound(NO_TEST);
    return presentSetting(saved);
  }

  private schemeTaken(gradeName: string) {
    return invalidField('request.schemeId', `这份试卷已是「${gradeName}」的分级测试，一份试卷只能用于一个年级`);
  }

  async remove(v: PlacementViewer, gradeId: string): Promise<null> {
    if (!(await this.repo.remove(v.agencyId, gradeId))) throw notFound(NO_TEST);
    return null;
  }

  /**
   * The agency's results, latest first: each student's latest result per grade, with staff's full view; a teacher
   * sees those of the students whose records they read (docs/classes.md "Whose records a teacher reads").
   */
  async results(v: PlacementViewer, q: PlacementResultQuery) {
    const [tests, page] = await Promise.all([
      this.testsByGrade(v.agencyId),
      this.repo.agencyResults(v.agencyId, q.gradeId, q, (student) => this.wired.classes.studentsRead(v, student)),
    ]);
    const list = page.rows.map((r) => ({ row: r, result: this.present(r, tests.get(r.gradeId), undefined) }));
    const pairs = list.flatMap(({ row, result }) =>
      result.recommendedClass ? [{ classId: Number(result.recommendedClass.id), userId: row.userId }] : [],
    );
    const members = await this.repo.memberships(pairs);
    return {
      total: page.total,
      list: list.map(({ row, result }): PlacementResultRow => ({
        ...result,
        student: { id: String(row.userId), username: row.username, name: row.name },
        inRecommendedClass:
          result.recommendedClass !== null && members.has(`${result.recommendedClass.id}:${row.userId}`),
      })),
    };
  }

  /**
   * Adds the result's student to the band's recommended tutoring class, or to `classId`: the classes service's
   * member path, with its checks (a class the caller sees, not archived, a student of the agency, the size cap).
   */
  async join(v: PlacementViewer, body: PlacementJoin): Promise<PlacementJoined> {
    const trainId = parseNumericId(body.trainId);
    const row = trainId === null ? undefined : await this.repo.result(v.agencyId, trainId);
    if (!row) throw notFound(NO_RESULT);
    let classId = body.classId;
    if (classId === null) {
      const test = (await this.testsByGrade(v.agencyId)).get(row.gradeId);
      const band = test ? test.bands[bandIndex(test.bands, percentOf(row.score, row.maxScore))] : undefined;
      if (!band || band.classId === null)
        throw invalidField('request.classId', '该档位没有推荐的辅导班，请选择一个辅导班');
      classId = String(band.classId);
    }
    const { classes } = this.wired;
    const cls = await classes.get(v, classId);
    if (cls.kind !== 'event') throw notFound(NO_CLASS);
    const { changed } = await classes.addPeople(v, 'members', cls.id, [String(row.userId)]);
    return { classId: cls.id, className: cls.name, changed };
  }

  // The student's side.

  /** The grades whose test the student may take now (its paper switched on), with a running training to continue. */
  async tests(user: Trainee): Promise<PlacementTest[]> {
    const open = (await this.repo.tests(user.agencyId)).filter((t) => t.schemeOn);
    const running = await this.repo.running(
      user.id,
      open.map((t) => t.schemeId),
    );
    return open.map((t) => ({
      gradeId: t.gradeId,
      gradeName: t.gradeName,
      title: t.schemeTitle,
      questionCount: t.questionCount,
      timeLimit: t.timeLimit,
      bandNames: t.bands.map((b) => b.name),
      runningTrainId: running.has(t.schemeId) ? String(running.get(t.schemeId)) : null,
    }));
  }

  /** Starts the grade's paper, or continues the student's running training of it (TrainingService.start). */
  async start(user: Trainee, gradeId: string): Promise<Training> {
    const [test] = await this.repo.tests(user.agencyId, gradeId);
    if (!test) throw notFound(NO_TEST);
    return this.training.start(user, String(test.schemeId));
  }

  async mine(user: Trainee): Promise<PlacementResult[]> {
    return this.resultsOf(user.agencyId, user.id);
  }

  /** A parent's child's results, as the child reads them (the parents service's check: the caller's child here). */
  async ofChild(user: { id: number }, agencyId: string, childId: string): Promise<PlacementResult[]> {
    const id = await this.wired.parents.ownChild(user, agencyId, childId);
    return this.resultsOf(agencyId, id);
  }

  /** The student's results in grade order, as the student (and their parent) may see them. */
  private async resultsOf(agencyId: string, userId: number): Promise<PlacementResult[]> {
    const [tests, rows] = await Promise.all([this.repo.tests(agencyId), this.repo.resultsOf(agencyId, userId)]);
    const byGrade = new Map(tests.map((t) => [t.gradeId, t]));
    const waiting = await this.corrections.of(rows.map((r) => r.trainId));
    const order = new Map(tests.map((t, i) => [t.gradeId, i]));
    return rows
      .sort((a, b) => (order.get(a.gradeId) ?? 0) - (order.get(b.gradeId) ?? 0))
      .map((r) => this.present(r, byGrade.get(r.gradeId), waiting.get(r.trainId)));
  }

  private async testsByGrade(agencyId: string): Promise<Map<string, TestRow>> {
    return new Map((await this.repo.tests(agencyId)).map((t) => [t.gradeId, t]));
  }

  /**
   * A result with its percentage and band under the test's current bands. While an ended paper's score waits for
   * its corrections (`waiting.scoreHidden`, for the student and their parent only), no score, band or class shows.
   */
  private present(r: ResultRow, test: TestRow | undefined, waiting: CorrectionsPending | undefined): PlacementResult {
    const hidden = waiting?.scoreHidden === true;
    const percent = percentOf(r.score, r.maxScore);
    const band = test && test.bands.length ? test.bands[bandIndex(test.bands, percent)] : undefined;
    return {
      gradeId: r.gradeId,
      gradeName: test?.gradeName ?? r.gradeId,
      trainId: String(r.trainId),
      title: r.title,
      status: r.status as TrainingStatus,
      score: hidden ? null : r.score,
      maxScore: r.maxScore,
      percent: hidden ? null : percent,
      band: hidden || !band ? null : band.name,
      recommendedClass: hidden || !band ? null : classRef(band),
      endTime: r.endedAt.getTime(),
      ...(waiting ? { corrections: waiting } : {}),
    };
  }
}
