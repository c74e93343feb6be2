// The recitation texts table (docs/recitation.md). It imports the base tables from schema.ts (one way: schema.ts
// never imports this file); the recitation feature imports it from here.
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies, users } from './schema.js';

/** One image-to-sentence link (docs/product.md §3): the sentence id, the image's URL, its description. */
export interface StoredImageLink {
  value: string;
  img: string;
  desc: string;
}

/**
 * One recitation text of an agency. The sentences are not stored: `sentenceSpans(text)` gives them with the same
 * ids every time. `images` hold file URLs (`/v1/files/{id}`), so the files sweep sees them as referenced.
 */
export const recitations = pgTable(
  'recitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    images: jsonb('images').$type<StoredImageLink[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('recitations_agency_idx').on(t.agencyId, t.updatedAt, t.id)],
);
