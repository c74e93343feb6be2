// Tables of the tutoring classroom (docs/lessons.md): lessons of tutoring (event) classes, who joined them, and
// the shared board: its current elements, the log of accepted changes and periodic snapshots for replay.
// They import the base tables one way (schema.ts and schema-classes.ts never import this file).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies, users } from './schema.js';
import { classes } from './schema-classes.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A board page: elements carry the id of the page they are drawn on. */
export interface BoardPage {
  id: string;
  name: string;
}

/**
 * A 1:1 lesson of a tutoring class: one teacher, one student, a scheduled start and length. Status runs
 * scheduled → live → ended, or scheduled → cancelled. Lessons of a weekly series share `seriesId` (the id of the
 * series' first lesson).
 */
export const lessons = pgTable(
  'lessons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    classId: bigint('class_id', { mode: 'number' })
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: bigint('teacher_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: ts('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    /** scheduled | live | ended | cancelled */
    status: text('status').notNull().default('scheduled'),
    seriesId: bigint('series_id', { mode: 'number' }),
    openedAt: ts('opened_at'),
    closedAt: ts('closed_at'),
    /** teacher | auto (ended by the sweep a configured time after the scheduled end) */
    endedBy: text('ended_by'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The sequence number of the board's last accepted change (lesson_board_changes.seq). */
    boardSeq: bigint('board_seq', { mode: 'number' }).notNull().default(0),
    boardLocked: boolean('board_locked').notNull().default(false),
    boardPages: jsonb('board_pages')
      .$type<BoardPage[]>()
      .notNull()
      .default(sql`'[{"id":"p1","name":"第 1 页"}]'::jsonb`),
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('lessons_agency_start_idx').on(t.agencyId, t.startsAt),
    index('lessons_teacher_start_idx').on(t.teacherId, t.startsAt),
    index('lessons_student_start_idx').on(t.studentId, t.startsAt),
    index('lessons_series_idx').on(t.seriesId),
    index('lessons_open_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'live')`),
  ],
);

/** Who was in a lesson when: one row a join, closed when the connection leaves. */
export const lessonPresence = pgTable(
  'lesson_presence',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** teacher | student | observer | parent */
    role: text('role').notNull(),
    joinedAt: ts('joined_at').notNull(),
    leftAt: ts('left_at'),
  },
  (t) => [index('lesson_presence_lesson_idx').on(t.lessonId, t.joinedAt)],
);

/**
 * The board's current elements (Excalidraw elements as sent, checked and bounded). A deleted element stays as a
 * tombstone (`isDeleted` in `data`) so a late or reconnecting client cannot resurrect it with an older version.
 */
export const lessonBoardElements = pgTable(
  'lesson_board_elements',
  {
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    pageId: text('page_id').notNull(),
    version: integer('version').notNull(),
    versionNonce: bigint('version_nonce', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.elementId] })],
);

/** Every accepted board change, in order, with its time and author: the replay's timeline. */
export const lessonBoardChanges = pgTable(
  'lesson_board_changes',
  {
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull(),
    /** elements | clear | restore | pages | lock */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.seq] })],
);

/** The whole scene every N changes, so a replay seeks without applying the log from the start. */
export const lessonBoardSnapshots = pgTable(
  'lesson_board_snapshots',
  {
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: ts('at').notNull(),
    scene: jsonb('scene').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.seq] })],
);
