// The in-app notices table (docs/notices.md). It imports the base tables from schema.ts (one way: schema.ts never
// imports this file); the notices feature imports it from here.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies, users } from './schema.js';

/**
 * One notice to one user. `(user_id, kind, subject_id)` is unique, so a notice is made at most once whatever
 * retries or nodes produce it: the subject is the task, the training or the other person of the link.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a notice outside any agency (a parent's link). */
    agencyId: text('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notices_subject_idx').on(t.userId, t.kind, t.subjectId),
    index('notices_user_idx').on(t.userId, t.createdAt, t.id),
    index('notices_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notices_created_idx').on(t.createdAt),
  ],
);
