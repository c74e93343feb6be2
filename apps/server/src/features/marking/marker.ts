// Who marks: the caller's standing in the agency in context (docs/marking.md).
import type { SQL } from 'drizzle-orm';

/** SQL true for the trainings whose records the caller reads, over a training's student and task columns. */
export type ReadsTrainings = (cols: { student: SQL; task: SQL }) => SQL;

/** What the caller is in the agency in context: these decide which answers they may mark. */
export interface Marker {
  id: number;
  agencyId: string;
  /** edu:agency:{agency}:admin — every answer of the agency. */
  admin: boolean;
  /**
   * edu:agency:{agency}:teacher or :train:admin — answers outside tasks and of tasks without a class, of the
   * students whose records they read (`reads`); a class's teachers also mark its tasks' answers.
   */
  teacher: boolean;
  /**
   * Whose records the caller reads (docs/classes.md "Whose records a teacher reads"): every student's for a train
   * admin, a plain teacher's students and the trainings of the tasks they see.
   */
  reads: ReadsTrainings;
  /** edu:homework:teacher assigned to the agency — answers of homework tasks. */
  tutor: boolean;
}
