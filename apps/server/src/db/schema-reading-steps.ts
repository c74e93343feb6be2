// The answering-step processes of reading questions inside trainings (docs/reading.md "Answering steps"). It
// imports the base tables from schema.ts (one way: schema.ts never imports this file); the reading-steps feature
// imports it from here.
import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { answerRecords, questions, trainings, users } from './schema.js';

/** One answered step as stored: what the student gave and the feedback computed then (the key is never stored). */
export interface StoredReadingStep {
  questionSubId: string;
  answer: string[];
  isCorrect: boolean | null;
  similarity?: number;
  feedback: { text: string; evidenceSentenceId: string | null; glossary: { word: string; gloss: string }[] };
}

/**
 * One process per (training, question): the steps answered so far (`history`, in order), the index of the current
 * sub-question, and the answer record once the last step submitted the sub-answers. `round` counts restarts (a
 * question asked again under judgeWay 'retry'), so each round submits under its own clientAnswerId.
 */
export const readingProcesses = pgTable(
  'reading_processes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: text('agency_id').notNull(),
    history: jsonb('history').$type<StoredReadingStep[]>().notNull().default([]),
    currentIndex: integer('current_index').notNull().default(0),
    round: integer('round').notNull().default(0),
    recordId: bigint('record_id', { mode: 'number' }).references(() => answerRecords.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('reading_processes_training_question_idx').on(t.trainingId, t.questionId)],
);
