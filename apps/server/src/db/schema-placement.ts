// Tables of the placement tests (docs/lessons.md "Placement test"; migration 0041): per agency and grade, the paper
// that places a student and its score bands. Results are not stored: they are the students' ended trainings of the
// paper. They import the base tables one way (schema.ts and schema-classes.ts never import this file).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies, grades, schemes, users } from './schema.js';
import { classes } from './schema-classes.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A grade's placement test in an agency: a paper scheme of the agency; one paper serves one grade. */
export const placementTests = pgTable(
  'placement_tests',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    gradeId: text('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => schemes.id, { onDelete: 'cascade' }),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'placement_tests_pk', columns: [t.agencyId, t.gradeId] }),
    uniqueIndex('placement_tests_scheme_key').on(t.agencyId, t.schemeId),
  ],
);

/**
 * One score band of a placement test: from `minPercent` (inclusive) to the next band's start; `position` 0 is the
 * lowest (from 0 %). A band may recommend a tutoring class of the agency.
 */
export const placementBands = pgTable(
  'placement_bands',
  {
    agencyId: text('agency_id').notNull(),
    gradeId: text('grade_id').notNull(),
    position: integer('position').notNull(),
    minPercent: integer('min_percent').notNull(),
    name: text('name').notNull(),
    classId: bigint('class_id', { mode: 'number' }).references(() => classes.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'placement_bands_pk', columns: [t.agencyId, t.gradeId, t.position] }),
    foreignKey({
      name: 'placement_bands_test_fk',
      columns: [t.agencyId, t.gradeId],
      foreignColumns: [placementTests.agencyId, placementTests.gradeId],
    }).onDelete('cascade'),
    check('placement_bands_position_check', sql`${t.position} between 0 and 4`),
    check('placement_bands_percent_check', sql`${t.minPercent} between 0 and 100`),
    check('placement_bands_name_check', sql`char_length(${t.name}) between 1 and 16`),
  ],
);
