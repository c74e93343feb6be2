// Tables of the classes part of the organisation layer (docs/classes.md). They import the base tables from
// schema.ts (one way: schema.ts never imports this file); features import these tables from here.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies, grades, subjects, users } from './schema.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A class of one agency: `ordinary` (a school-like class) or `event` (a tutoring class, the spec's
 * class/event/list). Archiving keeps the class, its members and its history; an archived class is read-only and
 * left out of lists unless asked for. Names are unique among the agency's classes that are not archived.
 */
export const classes = pgTable(
  'classes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** ordinary | event */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    gradeId: text('grade_id').references(() => grades.id, { onDelete: 'set null' }),
    subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('classes_agency_kind_idx').on(t.agencyId, t.kind, t.updatedAt, t.id),
    uniqueIndex('classes_agency_name_key')
      .on(t.agencyId, t.name)
      .where(sql`${t.archivedAt} IS NULL`),
    index('classes_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Students of a class (students of the class's agency only; the service checks the role). */
export const classMembers = pgTable(
  'class_members',
  {
    classId: bigint('class_id', { mode: 'number' })
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_members_user_idx').on(t.userId)],
);

/** Teachers of a class (teachers of the class's agency only): they see the class and its students. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: bigint('class_id', { mode: 'number' })
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_teachers_user_idx').on(t.userId)],
);
