// Tables of the parents part of the organisation layer (docs/parents.md). They import the base tables from
// schema.ts (one way: schema.ts never imports this file); features import these tables from here. The links
// themselves are schema.ts's parent_children.
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies, users } from './schema.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A student's one pairing code (docs/parents.md "Pairing codes"): a new one replaces it, a use deletes it. */
export const pairingCodes = pgTable(
  'pairing_codes',
  {
    studentId: bigint('student_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('pairing_codes_code_key').on(t.code)],
);

/**
 * Parent accounts of an agency (docs/parents.md "The agency's parents"): those it created (`created_here`) and those
 * who joined by invitation (docs/users.md "Inviting an existing account").
 */
export const agencyParents = pgTable(
  'agency_parents',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False for a parent who joined by invitation: the agency did not create the account. */
    createdHere: boolean('created_here').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.parentId] }), index('agency_parents_parent_idx').on(t.parentId)],
);
