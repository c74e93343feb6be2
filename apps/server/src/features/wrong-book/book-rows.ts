// The wrong-answer book's rows and whose book a query reads: shared with mastery, the student's home and the
// simulation, which read the same records (docs/architecture.md §3).
import type { wrongCards } from '../../db/schema.js';

/** The student and agency a query is about. */
export interface Owner {
  agencyId: string;
  userId: number;
}

export type CardRow = typeof wrongCards.$inferSelect;

/** One entry as stored and derived; times in epoch ms. */
export interface BookRow {
  questionId: number;
  title: string;
  text: string;
  type: string;
  knowledgeCode: string;
  knowledgeName: string;
  wrongCount: number;
  firstWrong: number;
  lastWrong: number;
  lastRecordId: number;
  hasCard: boolean;
  state: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  reps: number;
  lapses: number;
  lastReview: number | null;
  streak: number;
  mastered: boolean;
  masteredAt: number | null;
  due: number;
}
