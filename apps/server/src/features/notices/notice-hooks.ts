// What the features that produce notices call (docs/notices.md "Kinds"): one line each in their services. A
// type of its own, so those services import no notices code.
import type { DbOrTx } from '../../db/client.js';

export interface NoticeHooks {
  /** A task was created or saved: each of its students gets a notice once. */
  taskAssigned(taskId: number): Promise<void>;
  /** A task's deadline was moved: its students who have not finished it are told (again at every move). */
  taskDeadlineMoved(taskId: number, previous: number): Promise<void>;
  /** An answer of the training was marked (inside the mark's transaction): its student and their parents. */
  homeworkMarked(db: DbOrTx, trainingId: number): Promise<void>;
  /** A parent was linked to a child (inside the link's transaction when there is one): both are told. */
  parentPaired(db: DbOrTx, parentId: number, childId: number): Promise<void>;
  /** Lessons were scheduled, moved or cancelled (inside that transaction): their teacher and student are told. */
  lessonChanged(db: DbOrTx, change: LessonChange): Promise<void>;
  /** An agency invited an existing account (inside the invitation's transaction; again when renewed). */
  agencyInvited(db: DbOrTx, invitation: AgencyInvited): Promise<void>;
}

/** An invitation into an agency (docs/users.md "Inviting an existing account"), as its notice tells it. */
export interface AgencyInvited {
  invitationId: number;
  userId: number;
  agencyId: string;
  agencyName: string;
  /** The inviter's name. */
  inviter: string;
  role: 'student' | 'teacher' | 'parent';
  expiresAt: number;
}

/** One person of a lesson change and the web route their notice opens. */
export interface LessonParty {
  id: number;
  name: string;
  link: string;
}

/**
 * What happened to a lesson, or to several of one series at once (docs/lessons.md "Scheduling"): the first lesson
 * concerned, how many lessons the change took in, and both parties.
 */
export interface LessonChange {
  kind: 'lesson_scheduled' | 'lesson_moved' | 'lesson_cancelled';
  agencyId: string;
  lessonId: number;
  title: string;
  startsAt: number;
  minutes: number;
  /** Lessons the change took in (a weekly series scheduled, or this one and the following ones). */
  count: number;
  /** The start before a move. */
  previousStartsAt?: number;
  reason?: string;
  teacher: LessonParty;
  student: LessonParty;
}
