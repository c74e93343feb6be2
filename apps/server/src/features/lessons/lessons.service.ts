// Lessons of the tutoring classroom (docs/lessons.md): lists per caller, one lesson with its presence, scheduling
// (one lesson or a weekly series, all or nothing), moving and cancelling by agency admins, opening and closing by
// the lesson's teacher, and the sweep that ends lessons left open. Every call on one lesson asks LessonAccess first.
import type {
  Lesson,
  LessonCancel,
  LessonDetail,
  LessonFields,
  LessonListQuery,
  LessonOptions,
  LessonReschedule,
  LessonRole,
  LessonStatus,
} from '@edu/contract';
import { agencyRole } from '@edu/contract';
import { conflict, forbidden, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { classReach, seesClass } from '../classes/classes.policy.js';
import type { LessonChange, NoticeHooks } from '../notices/notice-hooks.js';
import type { DbOrTx } from '../../db/client.js';
import type { LessonAccess, LessonSeat } from './lesson-access.js';
import {
  closeRefusal,
  cstLabel,
  editable,
  listsAll,
  openRefusal,
  roleInListed,
  seriesStarts,
  startProblem,
  windowProblem,
  type Caller,
} from './lessons.policy.js';
import { type LessonRow, type LessonsRepository, type ListScope } from './lessons.repository.js';

const NOT_FOUND = '课程不存在';
const CLASS_NOT_FOUND = '辅导班不存在';
const TEACHER_NOT_FOUND = '教师不存在，或不是这个辅导班的任课教师或本机构的作业老师';
const STUDENT_NOT_FOUND = '学生不存在，或不是这个辅导班的学生';
const TEACHER_ONLY = '只有本课的教师可以开始或结束上课';
const NOT_SCHEDULED = '只有未开始的课程可以调整或取消';
/** Lessons one sweep ends at most; the rest wait for the next round. */
const SWEEP_BATCH = 500;

export interface LessonTimes {
  /** Minutes before its start from which the teacher may open a lesson. */
  openEarlyMinutes: number;
  /** Minutes after its scheduled end at which a lesson left open ends by itself. */
  autoEndMinutes: number;
}

/** A lesson's status changed outside the live room (closed over HTTP, ended by the sweep, opened, cancelled). */
export type LessonStatusListener = (e: { agencyId: string; lessonId: number; status: LessonStatus }) => void;

export class LessonsService {
  /** In-app notices to a lesson's teacher and student (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;
  /** Told of every status change made here (the realtime room sets it to tell the people inside). */
  onStatus?: LessonStatusListener;
  /**
   * Told of every status change made here too: the lesson's training ends with the lesson (docs/lessons.md "The
   * engine in the lesson"); set by services.ts.
   */
  onEnd?: LessonStatusListener;

  constructor(
    private readonly repo: LessonsRepository,
    private readonly access: LessonAccess,
    private readonly clock: Clock,
    private readonly times: LessonTimes,
  ) {}

  private now = () => new Date(this.clock.now());

  private toWire(c: Caller, r: LessonRow, role: LessonRole): Lesson {
    return {
      lessonId: String(r.id),
      classId: String(r.classId),
      className: r.className,
      title: r.title,
      teacherId: String(r.teacherId),
      teacherName: r.teacherName,
      studentId: String(r.studentId),
      studentName: r.studentName,
      startsAt: r.startsAt.getTime(),
      minutes: r.minutes,
      status: r.status,
      seriesId: r.seriesId === null ? null : String(r.seriesId),
      openedAt: r.openedAt ? r.openedAt.getTime() : null,
      closedAt: r.closedAt ? r.closedAt.getTime() : null,
      cancelReason: r.cancelReason,
      viewerRole: role,
      editable: editable(c, r.status),
    };
  }

  /** The caller's seat in the lesson, or 404 (docs/lessons.md "Who sees what"). */
  private async seat(c: Caller, id: string): Promise<LessonSeat> {
    const n = parseNumericId(id);
    const seat = n === null ? null : await this.access.seatOf(c, c.agencyId, n);
    if (!seat) throw notFound(NOT_FOUND);
    return seat;
  }

  private async row(c: Caller, id: number): Promise<LessonRow> {
    const row = await this.repo.get(c.agencyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private emit(agencyId: string, lessonId: number, status: LessonStatus) {
    this.onStatus?.({ agencyId, lessonId, status });
    this.onEnd?.({ agencyId, lessonId, status });
  }

  // Reads.

  async list(c: Caller, q: LessonListQuery) {
    const problem = windowProblem(q.from, q.to);
    if (problem) throw invalidField(q.from === undefined ? 'from' : 'to', problem);
    let classId: number | undefined;
    if (q.classId !== undefined) {
      const n = parseNumericId(q.classId);
      if (n === null) throw notFound(CLASS_NOT_FOUND);
      classId = n;
    }
    const scope: ListScope = listsAll(c)
      ? { all: true }
      : {
          all: false,
          userId: c.id,
          student: c.roles.includes(agencyRole('student', c.agencyId)),
          parent: c.roles.includes('edu:parent'),
        };
    const window =
      q.from !== undefined && q.to !== undefined ? { from: new Date(q.from), to: new Date(q.to) } : undefined;
    const { total, rows } = await this.repo.page(
      c.agencyId,
      scope,
      { classId, status: q.status, window },
      this.now(),
      q,
    );
    return { total, list: rows.map((r) => this.toWire(c, r, roleInListed(c, r))) };
  }

  async get(c: Caller, id: string): Promise<LessonDetail> {
    const seat = await this.seat(c, id);
    const row = await this.row(c, seat.lesson.id);
    const presence = await this.repo.presence(row.id);
    return {
      ...this.toWire(c, row, seat.role),
      presence: presence.map((p) => ({
        userId: String(p.userId),
        name: p.name,
        role: p.role as LessonRole,
        joinedAt: p.joinedAt.getTime(),
        leftAt: p.leftAt ? p.leftAt.getTime() : null,
      })),
    };
  }

  /** A tutoring class of the agency the caller sees (a plain teacher: one they teach), not archived. */
  private async tutoringClass(c: Caller, id: string) {
    const n = parseNumericId(id);
    const cls = n === null ? undefined : await this.repo.classOf(c.agencyId, n);
    if (!cls || cls.kind !== 'event') throw notFound(CLASS_NOT_FOUND);
    const reach = classReach(c.roles, c.agencyId);
    const teaches = reach === 'teaching' ? await this.repo.teaches(cls.id, c.id) : false;
    if (!seesClass(reach, teaches)) throw notFound(CLASS_NOT_FOUND);
    if (cls.archivedAt) throw conflict('这个辅导班已归档，不能排课');
    return cls;
  }

  async options(c: Caller, classId: string): Promise<LessonOptions> {
    const cls = await this.tutoringClass(c, classId);
    const [teachers, students] = await Promise.all([
      this.repo.teacherOptions(c.agencyId, cls.id),
      this.repo.studentOptions(c.agencyId, cls.id),
    ]);
    const wire = (p: { id: number; name: string; username: string }) => ({
      userId: String(p.id),
      name: p.name,
      username: p.username,
    });
    return { teachers: teachers.map(wire), students: students.map(wire) };
  }

  // Scheduling (agency admins; the route lets only them through).

  async create(c: Caller, f: LessonFields): Promise<Lesson[]> {
    const cls = await this.tutoringClass(c, f.classId);
    const teacherId = parseNumericId(f.teacherId);
    if (teacherId === null || !(await this.repo.mayTeach(c.agencyId, cls.id, teacherId)))
      throw notFound(TEACHER_NOT_FOUND);
    const studentId = parseNumericId(f.studentId);
    if (studentId === null || !(await this.repo.isMember(c.agencyId, cls.id, studentId)))
      throw notFound(STUDENT_NOT_FOUND);
    if (teacherId === studentId) throw invalidField('studentId', '教师和学生不能是同一个人');
    const now = this.now();
    const problem = startProblem(f, now.getTime());
    if (problem) throw invalidField('startsAt', problem);
    const starts = seriesStarts(f.startsAt, f.weeks).map((ms) => new Date(ms));
    const ids = await this.repo.db.transaction(async (tx) => {
      await this.repo.lockPeople(tx, [teacherId, studentId]);
      const intervals = starts.map((startsAt) => ({ startsAt, minutes: f.minutes }));
      await this.refuseClash(tx, { teacherId, studentId }, intervals, []);
      const made = await this.repo.insert(
        tx,
        starts.map((startsAt) => ({
          agencyId: c.agencyId,
          classId: cls.id,
          teacherId,
          studentId,
          title: f.title,
          startsAt,
          minutes: f.minutes,
          creatorId: c.id,
        })),
        now,
      );
      await this.tell(tx, 'lesson_scheduled', {
        agencyId: c.agencyId,
        lessonId: made[0],
        title: f.title,
        startsAt: f.startsAt,
        minutes: f.minutes,
        count: made.length,
        teacherId,
        studentId,
      });
      return made;
    });
    return this.wireMany(c, ids);
  }

  /** 409 naming the first clash: `张老师 在 2026-12-01 19:00（北京时间）已有课程「…」`. */
  private async refuseClash(
    tx: DbOrTx,
    people: { teacherId: number; studentId: number },
    intervals: { startsAt: Date; minutes: number }[],
    exceptIds: number[],
  ) {
    const clash = await this.repo.clash(tx, people, intervals, exceptIds);
    if (!clash) return;
    const names = await this.repo.names([people.teacherId, people.studentId], tx);
    const who = names.get(clash.who === 'teacher' ? people.teacherId : people.studentId) ?? '';
    throw conflict(`${who} 在 ${cstLabel(clash.startsAt.getTime())}已有课程「${clash.title}」`);
  }

  /** The lesson (locked for this transaction) and, for `following`, the later scheduled lessons of its series. */
  private async scope(tx: DbOrTx, c: Caller, id: number, scope: 'one' | 'following') {
    const lesson = await this.repo.lockLesson(tx, c.agencyId, id);
    if (!lesson) throw notFound(NOT_FOUND);
    if (lesson.status !== 'scheduled') throw conflict(NOT_SCHEDULED);
    const all =
      scope === 'following' && lesson.seriesId !== null
        ? await this.repo.following(tx, c.agencyId, lesson.seriesId, lesson.startsAt)
        : [{ id: lesson.id, startsAt: lesson.startsAt, minutes: lesson.minutes }];
    return { lesson, all };
  }

  async reschedule(c: Caller, id: string, f: LessonReschedule): Promise<Lesson[]> {
    const seat = await this.seat(c, id);
    const now = this.now();
    const problem = startProblem(f, now.getTime());
    if (problem) throw invalidField('startsAt', problem);
    const ids = await this.repo.db.transaction(async (tx) => {
      const { teacherId, studentId } = seat.lesson;
      await this.repo.lockPeople(tx, [teacherId, studentId]);
      const { lesson, all } = await this.scope(tx, c, seat.lesson.id, f.scope);
      const shift = f.startsAt - lesson.startsAt.getTime();
      const moves = all.map((l) => ({ id: l.id, startsAt: new Date(l.startsAt.getTime() + shift) }));
      await this.refuseClash(
        tx,
        { teacherId, studentId },
        moves.map((m) => ({ startsAt: m.startsAt, minutes: f.minutes })),
        moves.map((m) => m.id),
      );
      await this.repo.move(tx, moves, { title: f.title, minutes: f.minutes }, now);
      await this.tell(tx, 'lesson_moved', {
        agencyId: c.agencyId,
        lessonId: lesson.id,
        title: f.title,
        startsAt: f.startsAt,
        minutes: f.minutes,
        count: moves.length,
        previousStartsAt: lesson.startsAt.getTime(),
        teacherId,
        studentId,
      });
      return moves.map((m) => m.id);
    });
    return this.wireMany(c, ids);
  }

  async cancel(c: Caller, id: string, f: LessonCancel): Promise<Lesson[]> {
    const seat = await this.seat(c, id);
    const now = this.now();
    const ids = await this.repo.db.transaction(async (tx) => {
      const { lesson, all } = await this.scope(tx, c, seat.lesson.id, f.scope);
      const ids = all.map((l) => l.id);
      await this.repo.cancel(tx, ids, f.reason, now);
      await this.tell(tx, 'lesson_cancelled', {
        agencyId: c.agencyId,
        lessonId: lesson.id,
        title: lesson.title,
        startsAt: lesson.startsAt.getTime(),
        minutes: lesson.minutes,
        count: ids.length,
        reason: f.reason,
        teacherId: lesson.teacherId,
        studentId: lesson.studentId,
      });
      return ids;
    });
    for (const lessonId of ids) this.emit(c.agencyId, lessonId, 'cancelled');
    return this.wireMany(c, ids);
  }

  private async wireMany(c: Caller, ids: number[]): Promise<Lesson[]> {
    const rows = await this.repo.getMany(c.agencyId, ids);
    return rows.map((r) => this.toWire(c, r, roleInListed(c, r)));
  }

  /** The change's notice to the teacher and the student, each with the page their area opens it on. */
  private async tell(
    tx: DbOrTx,
    kind: LessonChange['kind'],
    e: Omit<LessonChange, 'kind' | 'teacher' | 'student'> & { teacherId: number; studentId: number },
  ) {
    if (!this.notices) return;
    const { teacherId, studentId, ...rest } = e;
    const names = await this.repo.names([teacherId, studentId], tx);
    // Each opens the lesson itself (its room, which shows a lesson not live as waiting, ended or cancelled): a teacher
    // of the agency in the admin area, a homework teacher in the tutor's area (docs/notices.md "Kinds"). Not
    // `/admin/eventutor/index/{id}`: that page's id is a tutoring class (docs/web.md "Lesson lists and replay").
    const staff = await this.repo.hasAgencyRole(teacherId, e.agencyId, tx);
    await this.notices.lessonChanged(tx, {
      ...rest,
      kind,
      teacher: {
        id: teacherId,
        name: names.get(teacherId) ?? '',
        link: staff ? `/admin/eventutor/open/${e.lessonId}` : `/WTPteacher/webrtc/${e.lessonId}`,
      },
      student: {
        id: studentId,
        name: names.get(studentId) ?? '',
        link: `/student/eventutor/index/${e.lessonId}`,
      },
    });
  }

  // The lesson's teacher.

  private async teacherSeat(c: Caller, id: string): Promise<LessonSeat> {
    const seat = await this.seat(c, id);
    if (seat.role !== 'teacher') throw forbidden(TEACHER_ONLY);
    return seat;
  }

  async open(c: Caller, id: string): Promise<Lesson> {
    const seat = await this.teacherSeat(c, id);
    const now = this.now();
    const l = seat.lesson;
    const refusal = openRefusal(
      { status: l.status, startsAt: l.startsAt.getTime(), minutes: l.minutes },
      now.getTime(),
      this.times.openEarlyMinutes,
    );
    if (refusal) throw conflict(refusal);
    if (l.status === 'scheduled') {
      if (await this.repo.open(c.agencyId, l.id, now)) this.emit(c.agencyId, l.id, 'live');
      else return this.refreshedOrRefused(c, l.id, 'live');
    }
    return this.toWire(c, await this.row(c, l.id), 'teacher');
  }

  async close(c: Caller, id: string): Promise<Lesson> {
    const seat = await this.teacherSeat(c, id);
    const l = seat.lesson;
    const refusal = closeRefusal(l.status);
    if (refusal) throw conflict(refusal);
    if (l.status === 'live') {
      if (await this.repo.close(c.agencyId, l.id, this.now())) this.emit(c.agencyId, l.id, 'ended');
      else return this.refreshedOrRefused(c, l.id, 'ended');
    }
    return this.toWire(c, await this.row(c, l.id), 'teacher');
  }

  /** Another request changed the status first: the lesson as it now stands when that is `want`, else 409. */
  private async refreshedOrRefused(c: Caller, id: number, want: LessonStatus): Promise<Lesson> {
    const row = await this.row(c, id);
    if (row.status !== want) throw conflict(row.status === 'cancelled' ? '课程已取消' : '课程状态已变化，请刷新');
    return this.toWire(c, row, 'teacher');
  }

  // The sweep.

  /** Ends the live lessons `autoEndMinutes` past their scheduled end (docs/lessons.md "Sweep"); answers how many. */
  async sweep(): Promise<number> {
    const ended = await this.repo.autoEnd(this.now(), this.times.autoEndMinutes, SWEEP_BATCH);
    for (const e of ended) this.emit(e.agencyId, e.id, 'ended');
    return ended.length;
  }
}
