// Who takes part in a lesson, and how (docs/lessons.md "Who sees what"). The one check behind every lesson call:
// the HTTP routes and the socket's join (and its periodic re-check) ask `seatOf`, and anything it answers null
// for is answered 404, as if the lesson did not exist.
import { agencyRole, type AgencyRoleKind, type LessonRole } from '@edu/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parentChildren, userRoles } from '../../db/schema.js';
import { lessons } from '../../db/schema-lessons.js';
import type { AuthUser } from '../../lib/auth-user.js';

/** The lesson's facts a seat carries (what the routes and the socket need to decide what the caller may do). */
export interface SeatLesson {
  id: number;
  agencyId: string;
  classId: number;
  teacherId: number;
  studentId: number;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  title: string;
  startsAt: Date;
  minutes: number;
}

export interface LessonSeat {
  lesson: SeatLesson;
  role: LessonRole;
}

/** The caller as the check needs it (an AuthUser fits). */
export interface SeatUser {
  id: AuthUser['id'];
  roles: readonly string[];
}

/**
 * The agency roles that watch every lesson of the agency (observers): its admin-area roles of docs/product.md §6
 * but the plain teacher, who sees only the lessons they teach.
 */
export const LESSON_OBSERVER_KINDS: readonly AgencyRoleKind[] = [
  'admin',
  'train:admin',
  'question:admin',
  'student:admin',
  'teacher:admin',
  'parent:admin',
];

/** Whether the roles make their holder an observer of every lesson of the agency. */
export const observesLessons = (roles: readonly string[], agencyId: string) =>
  LESSON_OBSERVER_KINDS.some((k) => roles.includes(agencyRole(k, agencyId)));

/** Whether the user may act in the agency at all (a role there, a child there, an assignment there). */
export type MayActIn = (user: SeatUser, agencyId: string) => Promise<boolean>;

export class LessonAccess {
  constructor(
    private readonly db: Db,
    private readonly mayActIn: MayActIn,
  ) {}

  /**
   * The caller's seat in the lesson when it belongs to `agencyId`, else null: its teacher or student (still of the
   * agency), agency staff watching (observer), or a parent linked to its student (a student of the agency).
   */
  async seatOf(user: SeatUser, agencyId: string, lessonId: number): Promise<LessonSeat | null> {
    if (!Number.isSafeInteger(lessonId) || lessonId <= 0) return null;
    const [row] = await this.db
      .select({
        id: lessons.id,
        agencyId: lessons.agencyId,
        classId: lessons.classId,
        teacherId: lessons.teacherId,
        studentId: lessons.studentId,
        status: lessons.status,
        title: lessons.title,
        startsAt: lessons.startsAt,
        minutes: lessons.minutes,
      })
      .from(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.agencyId, agencyId)));
    if (!row) return null;
    const lesson = row as SeatLesson;
    const role = await this.roleIn(user, lesson);
    return role ? { lesson, role } : null;
  }

  private async roleIn(user: SeatUser, lesson: SeatLesson): Promise<LessonRole | null> {
    const agencyId = lesson.agencyId;
    if (user.id === lesson.teacherId && (await this.mayActIn(user, agencyId))) return 'teacher';
    if (user.id === lesson.studentId && user.roles.includes(agencyRole('student', agencyId))) return 'student';
    if (observesLessons(user.roles, agencyId)) return 'observer';
    if (user.roles.includes('edu:parent') && (await this.parentOf(user.id, lesson.studentId, agencyId))) {
      return 'parent';
    }
    return null;
  }

  /** True when the parent is linked to the child and the child is a student of the agency. */
  private async parentOf(parentId: number, childId: number, agencyId: string): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(parentChildren)
      .innerJoin(
        userRoles,
        and(eq(userRoles.userId, parentChildren.childId), eq(userRoles.role, agencyRole('student', agencyId))),
      )
      .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.childId, childId)))
      .limit(1);
    return r !== undefined;
  }
}
