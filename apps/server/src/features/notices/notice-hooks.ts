// What the features that produce notices call (docs/notices.md "Kinds"): one line each in their services. A
// type of its own, so those services import no notices code.
import type { DbOrTx } from '../tags/tags.repository.js';

export interface NoticeHooks {
  /** A task was created or saved: each of its students gets a notice once. */
  taskAssigned(taskId: number): Promise<void>;
  /** An answer of the training was marked (inside the mark's transaction): its student and their parents. */
  homeworkMarked(db: DbOrTx, trainingId: number): Promise<void>;
  /** A parent was linked to a child (inside the link's transaction when there is one): both are told. */
  parentPaired(db: DbOrTx, parentId: number, childId: number): Promise<void>;
}
