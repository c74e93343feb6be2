// Tables of the users part of the organisation layer (docs/users.md). They import the base tables from schema.ts
// (one way: schema.ts never imports this file); features import these tables from here.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies, grades, users } from './schema.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A user's membership of one agency (docs/users.md "Membership"): whether this agency created the account, whether
 * the agency has suspended it (its `edu:agency:{id}:…` roles are then not honoured anywhere), and the student
 * profile the agency keeps (grade, subjects). Accounts and roles stay platform-wide in `users` / `user_roles`.
 */
export const agencyMembers = pgTable(
  'agency_members',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** True when this agency created the account (it may then reset its password, docs/users.md). */
    createdHere: boolean('created_here').notNull().default(false),
    /** Set while the agency suspends the membership. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** When the member left (roles removed; records kept for the retention, docs/users.md "Leaving and retention"). */
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
    gradeId: text('grade_id').references(() => grades.id, { onDelete: 'set null' }),
    subjectIds: text('subject_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    index('agency_members_user_idx').on(t.userId),
    index('agency_members_left_idx')
      .on(t.leftAt)
      .where(sql`${t.leftAt} IS NOT NULL`),
  ],
);

/** The last number handed out for generated usernames `{agency}_{letter}{NNNN}` (docs/users.md "Usernames"). */
export const usernameCounters = pgTable(
  'username_counters',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    letter: text('letter').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.letter] })],
);

/** A teacher's public profile (docs/users.md "Teacher profiles"); shown publicly only while published. */
export const teacherProfiles = pgTable('teacher_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subjectIds: text('subject_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  introduction: text('introduction').notNull().default(''),
  published: boolean('published').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * An agency's invitation of an existing account (docs/users.md "Inviting an existing account"): the username the
 * admin typed, the account it named (null when none has that name: the admin is answered alike), the role it
 * offers (`student` | `teacher` | `parent`), until when, and the answer (`answered_at`, `accepted`). At most one
 * open (unanswered) invitation per agency and username: inviting again renews it.
 */
export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    accepted: boolean('accepted'),
  },
  (t) => [
    uniqueIndex('agency_invitations_open_key')
      .on(t.agencyId, t.username)
      .where(sql`${t.answeredAt} IS NULL`),
    index('agency_invitations_agency_idx').on(t.agencyId, t.createdAt, t.id),
    index('agency_invitations_user_idx')
      .on(t.userId)
      .where(sql`${t.answeredAt} IS NULL`),
    check('agency_invitations_role_check', sql`${t.role} IN ('student', 'teacher', 'parent')`),
  ],
);
