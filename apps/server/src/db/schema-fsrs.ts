// FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"; migration 0046): the weekly
// job's last fit per agency. Imports the base tables one way (schema.ts never imports this file).
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from './schema.js';

export const fsrsFits = pgTable(
  'fsrs_fits',
  {
    agencyId: text('agency_id')
      .primaryKey()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** adopted | not_better | too_few (fsrs-fit.ts FitOutcome). */
    outcome: text('outcome').notNull(),
    adopted: boolean('adopted').notNull(),
    /** The fitted parameters (21 numbers), null when there were too few reviews. */
    parameters: jsonb('parameters').$type<number[]>(),
    reviews: integer('reviews').notNull(),
    trainItems: integer('train_items').notNull(),
    testItems: integer('test_items').notNull(),
    logLossBefore: doublePrecision('log_loss_before'),
    logLossAfter: doublePrecision('log_loss_after'),
    fittedAt: timestamp('fitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('fsrs_fits_outcome_check', sql`${t.outcome} IN ('adopted', 'not_better', 'too_few')`),
    check('fsrs_fits_adopted_check', sql`${t.adopted} = (${t.outcome} = 'adopted' AND ${t.parameters} IS NOT NULL)`),
  ],
);
