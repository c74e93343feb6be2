// Classes (docs/classes.md): lists, changes, members and teachers, and what teachers read about a class and its
// students. Every id is looked up in the agency in context; a class the caller may not see answers 404.
import {
  agencyRole,
  CLASS_MAX_MEMBERS,
  MASTERY_LEVELS,
  type ClassCandidateQuery,
  type ClassCreate,
  type ClassFields,
  type ClassKind,
  type ClassListQuery,
  type ClassMemberQuery,
  type ClassStats,
  type ClassStudentInfo,
  type ClassStudentScores,
  type ClassSummary,
  type ClassToday,
  type MasteryLevel,
  cstDayStart,
} from '@edu/contract';
import type { SQL } from 'drizzle-orm';
import { conflict, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { MasteryService } from '../mastery/mastery.service.js';
import type { TrainingService } from '../training/training.service.js';
import { classReach, seesClass, type ClassReach } from './classes.policy.js';
import type { ClassListRow, ClassesRepository, PersonRow } from './classes.repository.js';
import type { StudentRecords } from './student-records.js';

/** The caller: who, with which roles, in which agency. */
export interface ClassViewer {
  userId: number;
  roles: readonly string[];
  agencyId: string;
}

const NOT_FOUND = '班级不存在';
const ID_RE = /^[1-9][0-9]{0,14}$/;
const idOf = (s: string, what = NOT_FOUND): number => {
  if (!ID_RE.test(s)) throw notFound(what);
  return Number(s);
};
const person = (p: PersonRow) => ({ id: String(p.id), username: p.username, name: p.name });

/** Mastery distribution goes down to lv1 (deeper points would make the chart unreadable). */
const STATS_LEVELS = new Set(['subject', 'grade', 'chapter', 'lv1']);

export class ClassesService {
  constructor(
    private readonly repo: ClassesRepository,
    private readonly mastery: MasteryService,
    private readonly training: TrainingService,
    private readonly records: StudentRecords,
    private readonly clock: Clock,
  ) {}

  private reach(v: ClassViewer): ClassReach {
    return classReach(v.roles, v.agencyId);
  }

  /** The class if the caller sees it, else 404. */
  private async visible(v: ClassViewer, id: string): Promise<ClassListRow> {
    const row = await this.repo.get(v.agencyId, idOf(id));
    if (!row) throw notFound(NOT_FOUND);
    const reach = this.reach(v);
    const teaches = reach === 'teaching' ? await this.repo.isTeacher(row.id, v.userId) : false;
    if (!seesClass(reach, teaches)) throw notFound(NOT_FOUND);
    return row;
  }

  /** The class for a change: the caller is an agency admin (the route's rule); archived classes are read-only. */
  private async changeable(v: ClassViewer, id: string): Promise<ClassListRow> {
    const row = await this.visible(v, id);
    if (row.archivedAt) throw conflict('班级已归档，请先恢复再修改');
    return row;
  }

  private async present(v: ClassViewer, rows: ClassListRow[]): Promise<ClassSummary[]> {
    const teachers = await this.repo.teachersOf(rows.map((r) => r.id));
    const canManage = this.reach(v) === 'manage';
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind as ClassKind,
      name: r.name,
      gradeId: r.gradeId,
      gradeName: r.gradeName,
      subjectId: r.subjectId,
      subjectName: r.subjectName,
      description: r.description,
      archived: r.archivedAt !== null,
      memberCount: r.memberCount,
      teachers: (teachers.get(r.id) ?? []).map(person),
      canManage,
      createTime: r.createdAt.getTime(),
      lastUpdate: r.updatedAt.getTime(),
    }));
  }

  private async presentOne(v: ClassViewer, id: number): Promise<ClassSummary> {
    const row = await this.repo.get(v.agencyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return (await this.present(v, [row]))[0];
  }

  async list(v: ClassViewer, q: ClassListQuery) {
    const reach = this.reach(v);
    if (reach === 'none') return { total: 0, list: [] };
    const { total, rows } = await this.repo.list({
      agencyId: v.agencyId,
      kind: q.kind,
      keyword: q.keyword || undefined,
      archived: q.archived,
      teacherId: reach === 'teaching' ? v.userId : null,
      start: q.start,
      size: q.size,
    });
    return { total, list: await this.present(v, rows) };
  }

  async get(v: ClassViewer, id: string): Promise<ClassSummary> {
    return (await this.present(v, [await this.visible(v, id)]))[0];
  }

  private async checkFields(f: ClassFields) {
    if (f.gradeId !== null && !(await this.repo.dictionaryHas('grades', f.gradeId)))
      throw invalidField('request.gradeId', '年级不存在');
    if (f.subjectId !== null && !(await this.repo.dictionaryHas('subjects', f.subjectId)))
      throw invalidField('request.subjectId', '学科不存在');
  }

  private nameTaken(err: unknown): never {
    if (isUniqueViolation(err, 'classes_agency_name_key'))
      throw invalidField('request.name', '本机构已有同名班级（未归档），请换一个名称');
    throw err;
  }

  async create(v: ClassViewer, body: ClassCreate): Promise<ClassSummary> {
    await this.checkFields(body);
    const id = await this.repo
      .insert({
        agencyId: v.agencyId,
        kind: body.kind,
        name: body.name,
        gradeId: body.gradeId,
        subjectId: body.subjectId,
        description: body.description,
        creatorId: v.userId,
      })
      .catch((e: unknown) => this.nameTaken(e));
    return this.presentOne(v, id);
  }

  async update(v: ClassViewer, id: string, body: ClassFields): Promise<ClassSummary> {
    const row = await this.changeable(v, id);
    await this.checkFields(body);
    await this.repo
      .update(v.agencyId, row.id, {
        name: body.name,
        gradeId: body.gradeId,
        subjectId: body.subjectId,
        description: body.description,
        updatedAt: new Date(this.clock.now()),
      })
      .catch((e: unknown) => this.nameTaken(e));
    return this.presentOne(v, row.id);
  }

  async archive(v: ClassViewer, id: string): Promise<ClassSummary> {
    const row = await this.visible(v, id);
    if (!row.archivedAt) {
      const now = new Date(this.clock.now());
      await this.repo.update(v.agencyId, row.id, { archivedAt: now, updatedAt: now });
    }
    return this.presentOne(v, row.id);
  }

  async unarchive(v: ClassViewer, id: string): Promise<ClassSummary> {
    const row = await this.visible(v, id);
    if (row.archivedAt) {
      const now = new Date(this.clock.now());
      await this.repo.update(v.agencyId, row.id, { archivedAt: null, updatedAt: now }).catch((e: unknown) => {
        if (isUniqueViolation(e, 'classes_agency_name_key'))
          throw conflict('本机构已有同名班级，请先修改其中一个的名称');
        throw e;
      });
    }
    return this.presentOne(v, row.id);
  }

  async members(v: ClassViewer, id: string, q: ClassMemberQuery) {
    const row = await this.visible(v, id);
    const { total, rows } = await this.repo.members(row.id, {
      keyword: q.keyword || undefined,
      start: q.start,
      size: q.size,
    });
    return { total, list: rows.map((r) => ({ ...person(r), joinTime: r.joinTime })) };
  }

  async teachers(v: ClassViewer, id: string) {
    const row = await this.visible(v, id);
    return ((await this.repo.teachersOf([row.id])).get(row.id) ?? []).map(person);
  }

  /** Adds students or teachers; every id must be one of the agency's (else 404 and nothing changes). */
  async addPeople(v: ClassViewer, which: 'members' | 'teachers', id: string, userIds: string[]) {
    const row = await this.changeable(v, id);
    const what = which === 'members' ? '学生' : '教师';
    const ids = [...new Set(userIds.map((u) => idOf(u, `${what}不存在`)))];
    const holding = await this.repo.holding(ids, agencyRole(which === 'members' ? 'student' : 'teacher', v.agencyId));
    if (ids.some((i) => !holding.has(i))) throw notFound(`${what}不存在`);
    if (which === 'members') {
      const current = new Set(await this.repo.memberIds(row.id));
      const after = current.size + ids.filter((i) => !current.has(i)).length;
      if (after > CLASS_MAX_MEMBERS)
        throw invalidField('request.userIds', `一个班级最多 ${CLASS_MAX_MEMBERS} 名学生（现有 ${current.size} 名）`);
    }
    return { changed: await this.repo.addPeople(which, row.id, ids, v.agencyId) };
  }

  async removePeople(v: ClassViewer, which: 'members' | 'teachers', id: string, userIds: string[]) {
    const row = await this.changeable(v, id);
    const ids = [...new Set(userIds.map((u) => idOf(u, which === 'members' ? '学生不存在' : '教师不存在')))];
    return { changed: await this.repo.removePeople(which, row.id, ids) };
  }

  async candidates(v: ClassViewer, id: string, q: ClassCandidateQuery) {
    const row = await this.visible(v, id);
    const { total, rows } = await this.repo.candidates(v.agencyId, row.id, {
      role: q.role,
      keyword: q.keyword || undefined,
      start: q.start,
      size: q.size,
    });
    return { total, list: rows.map((r) => ({ ...person(r), inClass: r.inClass })) };
  }

  /**
   * The student if the caller may read about them: a student of the agency, and docs/classes.md "Whose records a
   * teacher reads".
   */
  private async student(v: ClassViewer, id: string) {
    const studentId = idOf(id, '学生不存在');
    const isStudent = (await this.repo.holding([studentId], agencyRole('student', v.agencyId))).has(studentId);
    if (!isStudent || !(await this.records.readsStudent(v, studentId))) throw notFound('学生不存在');
    const p = await this.repo.person(studentId);
    if (!p) throw notFound('学生不存在');
    return { p, reach: this.records.reach(v) };
  }

  /** The student's id if the caller may read `class/studentInfo/{id}` (docs/classes.md "Who sees what"), else 404. */
  async readableStudent(v: ClassViewer, id: string): Promise<number> {
    return (await this.student(v, id)).p.id;
  }

  /**
   * SQL true for the students whose records the caller reads (docs/classes.md "Whose records a teacher reads"),
   * over the column or expression of a student's id: for lists other features filter by it.
   */
  studentsRead(v: ClassViewer, student: SQL): SQL {
    return this.records.students(v, student);
  }

  /** The class (its grade, subject and member ids) if the caller sees it, else 404. */
  async readableClass(v: ClassViewer, id: string) {
    const cls = await this.visible(v, id);
    return { id: cls.id, gradeId: cls.gradeId, subjectId: cls.subjectId, memberIds: await this.repo.memberIds(cls.id) };
  }

  async studentInfo(v: ClassViewer, id: string): Promise<ClassStudentInfo> {
    const { p, reach } = await this.student(v, id);
    const [classes, history, mastery] = await Promise.all([
      this.repo.classesOfStudent(v.agencyId, p.id, reach === 'teaching' ? v.userId : null),
      this.training.history({ id: p.id, agencyId: v.agencyId }, { start: 0, size: 50 }),
      this.mastery.points({ userId: p.id, agencyId: v.agencyId }, { scope: 'mine' }),
    ]);
    return {
      student: person(p),
      classes: classes.map((c) => ({ id: String(c.id), name: c.name, kind: c.kind as ClassKind })),
      trainings: history.list,
      trainingTotal: Number(history.total),
      mastery,
    };
  }

  async studentScores(v: ClassViewer, classId: string, id: string): Promise<ClassStudentScores> {
    const cls = await this.visible(v, classId);
    const studentId = idOf(id, '学生不存在');
    const memberIds = await this.repo.memberIds(cls.id);
    if (!memberIds.includes(studentId)) throw notFound('学生不存在');
    const p = await this.repo.person(studentId);
    if (!p) throw notFound('学生不存在');
    const [bests, history] = await Promise.all([
      this.repo.schemeBests(v.agencyId, memberIds),
      this.training.history({ id: studentId, agencyId: v.agencyId }, { start: 0, size: 50 }),
    ]);
    const bySchemeAll = new Map<number, typeof bests>();
    for (const b of bests) bySchemeAll.set(b.schemeId, [...(bySchemeAll.get(b.schemeId) ?? []), b]);
    const schemes = [...bySchemeAll.values()]
      .map((all) => {
        const mine = all.find((b) => b.userId === studentId);
        const rates = all.flatMap((b) => (b.rate === null ? [] : [b.rate]));
        return {
          schemeId: String(all[0].schemeId),
          title: mine?.title ?? all[0].title,
          type: all[0].type,
          trainings: mine?.trainings ?? 0,
          best: mine ? mine.best : null,
          maxScore: mine?.maxScore ?? all[0].maxScore,
          bestPercent: mine?.rate == null ? null : round1(mine.rate),
          classAveragePercent: rates.length ? round1(rates.reduce((s, r) => s + r, 0) / rates.length) : null,
          classFinished: all.length,
        };
      })
      .filter((s) => s.trainings > 0)
      .sort((a, b) => a.title.localeCompare(b.title, 'zh-CN'));
    return {
      student: person(p),
      class: { id: String(cls.id), name: cls.name, kind: cls.kind as ClassKind },
      schemes,
      trainings: history.list,
    };
  }

  async stats(v: ClassViewer, id: string): Promise<ClassStats> {
    const cls = await this.visible(v, id);
    const memberIds = await this.repo.memberIds(cls.id);
    const [summary, schemes, tasks, perMember] = await Promise.all([
      this.present(v, [cls]).then((r) => r[0]),
      this.repo.schemeFigures(v.agencyId, memberIds),
      this.repo.taskFigures(v.agencyId, cls.id, { withNames: false }),
      Promise.all(memberIds.map((userId) => this.mastery.points({ userId, agencyId: v.agencyId }, { scope: 'mine' }))),
    ]);
    const byCode = new Map<string, { code: string; name: string; lv: string; counts: Record<MasteryLevel, number> }>();
    for (const points of perMember)
      for (const pt of points) {
        if (!STATS_LEVELS.has(pt.lv)) continue;
        let e = byCode.get(pt.code);
        if (!e) {
          e = {
            code: pt.code,
            name: pt.name,
            lv: pt.lv,
            counts: Object.fromEntries(MASTERY_LEVELS.map((l) => [l, 0])) as Record<MasteryLevel, number>,
          };
          byCode.set(pt.code, e);
        }
        e.counts[pt.level] += 1;
      }
    // Members who never answered in a point count as `none`.
    for (const e of byCode.values()) {
      const seen = MASTERY_LEVELS.reduce((s, l) => s + e.counts[l], 0);
      e.counts.none += memberIds.length - seen;
    }
    const mastery = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code)).slice(0, 200);
    return { class: summary, mastery, schemes, tasks };
  }

  async today(v: ClassViewer, id: string): Promise<ClassToday> {
    const cls = await this.visible(v, id);
    const members = await this.repo.memberPeople(cls.id);
    const day = cstDayStart(this.clock.now());
    const [rows, tasks] = await Promise.all([
      this.repo.trainingsBetween(
        v.agencyId,
        members.map((m) => m.id),
        new Date(day),
        new Date(day + 86_400_000),
      ),
      this.repo.taskFigures(v.agencyId, cls.id, {
        deadlineFrom: new Date(day),
        deadlineTo: new Date(day + 86_400_000),
        withNames: true,
      }),
    ]);
    const schemes = new Map<
      string,
      { schemeId: string; title: string; students: Set<number>; finished: Set<number> }
    >();
    for (const r of rows) {
      const s = schemes.get(r.schemeId) ?? {
        schemeId: r.schemeId,
        title: r.title,
        students: new Set(),
        finished: new Set(),
      };
      s.students.add(r.userId);
      if (r.status !== 'running') s.finished.add(r.userId);
      schemes.set(r.schemeId, s);
    }
    return {
      class: { id: String(cls.id), name: cls.name, kind: cls.kind as ClassKind },
      day,
      members: members.map((m) => {
        const mine = rows.filter((r) => r.userId === m.id);
        return {
          ...person(m),
          trainings: mine.length,
          finished: mine.filter((r) => r.status !== 'running').length,
          answered: mine.reduce((s, r) => s + r.answered, 0),
          correct: mine.reduce((s, r) => s + r.correct, 0),
          lastActive: mine.length ? Math.max(...mine.map((r) => r.at)) : null,
        };
      }),
      schemes: [...schemes.values()].map((s) => ({
        schemeId: s.schemeId,
        title: s.title,
        students: s.students.size,
        finished: s.finished.size,
      })),
      tasks,
    };
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
