// AI reading tables (docs/reading.md "Settings and call log"). It imports the base tables from schema.ts (one way:
// schema.ts never imports this file); the reading feature imports it from here.
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from './schema.js';

/**
 * A provider setting: the platform default (agency_id null, at most one) or an agency's override (one per agency).
 * `api_key` is the key as stored: encrypted (`enc:v1:…`) when AI_KEY_SECRET is set, else as typed; never answered.
 */
export const readingSettings = pgTable(
  'reading_settings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    model: text('model').notNull().default(''),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    inputPricePer1k: doublePrecision('input_price_per_1k').notNull().default(0),
    outputPricePer1k: doublePrecision('output_price_per_1k').notNull().default(0),
    apiKey: text('api_key').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('reading_settings_scope_idx').on(sql`coalesce(${t.agencyId}, '')`)],
);

/** One call to a provider: who, when, which model, what for, the tokens, the cost and how it ended. */
export const readingCalls = pgTable(
  'reading_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull().default(''),
    purpose: text('purpose').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    outcome: text('outcome').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [index('reading_calls_agency_idx').on(t.agencyId, t.at, t.id), index('reading_calls_at_idx').on(t.at, t.id)],
);
