// Tables of the class gradebook (docs/gradebook.md; migration 0044): the weight of each task given to a class. They
// import the base tables one way (schema.ts and schema-tasks.ts never import this file).
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';
import { tasks } from './schema-tasks.js';

/** A task's weight in its class's gradebook, 0–100; a task without a row weighs 1 (GRADEBOOK_DEFAULT_WEIGHT). */
export const taskWeights = pgTable(
  'task_weights',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    weight: doublePrecision('weight').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('task_weights_weight_check', sql`${t.weight} >= 0 AND ${t.weight} <= 100`)],
);
