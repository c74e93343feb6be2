// Tables of the marking part of the organisation layer (docs/marking.md). They import the base tables from
// schema.ts (one way: schema.ts never imports this file); features import these tables from here.
import { bigint, boolean, doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies, answerRecords, users } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

/** A marker's hold on one answer: nobody else marks it until `expires_at` (30 minutes after claiming). */
export const markingClaims = pgTable('marking_claims', {
  recordId: bigint('record_id', { mode: 'number' })
    .primaryKey()
    .references(() => answerRecords.id, { onDelete: 'cascade' }),
  agencyId: text('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  markerId: bigint('marker_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  claimedAt: at('claimed_at'),
  expiresAt: at('expires_at'),
});

/** The current mark of an answer (the record itself carries its score and verdict). */
export const answerMarks = pgTable(
  'answer_marks',
  {
    recordId: bigint('record_id', { mode: 'number' })
      .primaryKey()
      .references(() => answerRecords.id, { onDelete: 'cascade' }),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    markerId: bigint('marker_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    score: doublePrecision('score').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    comment: text('comment').notNull().default(''),
    annotations: jsonb('annotations').$type<{ start: number; end: number; note: string }[]>().notNull().default([]),
    markedAt: at('marked_at'),
  },
  (t) => [index('answer_marks_agency_idx').on(t.agencyId, t.markedAt)],
);

/** Every marking, re-markings included: who, when, old → new score. */
export const answerMarkHistory = pgTable(
  'answer_mark_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => answerRecords.id, { onDelete: 'cascade' }),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    markerId: bigint('marker_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    oldScore: doublePrecision('old_score'),
    newScore: doublePrecision('new_score').notNull(),
    comment: text('comment').notNull().default(''),
    markedAt: at('marked_at'),
  },
  (t) => [
    index('answer_mark_history_marker_idx').on(t.agencyId, t.markerId, t.markedAt, t.id),
    index('answer_mark_history_record_idx').on(t.recordId, t.id),
  ],
);
