// Tables of the tasks part of the organisation layer (docs/tasks.md). They import the base tables from schema.ts
// (one way: schema.ts never imports this file); features import these tables from here. The trainings' task_id
// column (migration 0027) is read and written with SQL by the tasks feature.
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies, users } from './schema.js';
import { classes } from './schema-classes.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A task: a scheme (general or paper; `scheme_type` kept from creation) given to a class or to chosen students of
 * the agency between `start_at` and `deadline`, with a late policy (`none` | `late` | `penalty`, the penalty in %).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** No foreign key, like trainings: a task keeps its history whatever happens to the scheme. */
    schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
    schemeType: text('scheme_type').notNull(),
    classId: bigint('class_id', { mode: 'number' }).references(() => classes.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    latePolicy: text('late_policy').notNull(),
    latePenalty: integer('late_penalty').notNull().default(0),
    homework: boolean('homework').notNull().default(false),
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_agency_idx').on(t.agencyId, t.deadline, t.id),
    index('tasks_class_idx').on(t.classId, t.deadline),
    index('tasks_scheme_idx').on(t.schemeId),
  ],
);

/** The students a task is given to (a class task: the class's students when it was saved). */
export const taskStudents = pgTable(
  'task_students',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_students_user_idx').on(t.userId)],
);
