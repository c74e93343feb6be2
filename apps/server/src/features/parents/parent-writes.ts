// The parents feature's writes another feature may reach (docs/architecture.md §3): the import of parents from
// Excel (docs/enrolment.md "Kinds") creates parents and links them to children exactly as the create dialog does.
// services.ts hands it the parents repository typed by this view.
import type { Db } from '../../db/client.js';

export interface ParentWrites {
  /** The account, `edu:parent`, and (given an agency) that agency as its creator. Answers the new id. */
  createParent(
    db: Db,
    u: { username: string; name: string; passwordHash: string; mustChangePassword: boolean },
    agencyId: string | null,
  ): Promise<number>;
  /** Links a parent to a child (nothing when linked already). */
  link(db: Db, parentId: number, childId: number): Promise<void>;
}
