// SQL for question_publications: one row per question published for public preview, agency-scoped writes;
// and whether a question is held back from the public by a switched-on paper or a running training.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { questionPublications as p, users } from '../../db/schema.js';

export interface PublicationRow {
  questionId: number;
  publishedAt: Date;
  /** The publisher's display name; null once the account is deleted. */
  publishedByName: string | null;
  showAnswer: boolean;
}

export class QuestionPublicationRepository {
  constructor(private readonly db: Db) {}

  async get(questionId: number): Promise<PublicationRow | undefined> {
    const [row] = await this.db
      .select({
        questionId: p.questionId,
        publishedAt: p.publishedAt,
        publishedByName: users.name,
        showAnswer: p.showAnswer,
      })
      .from(p)
      .leftJoin(users, eq(users.id, p.publishedBy))
      .where(eq(p.questionId, questionId));
    return row;
  }

  /**
   * The question's publication option, and whether it is held back (`heldBack`). One statement: a
   * primary-key lookup and the two index probes. Undefined when the question has no publication.
   */
  async publicState(questionId: number): Promise<{ showAnswer: boolean; held: boolean } | undefined> {
    const result = await this.db.execute(sql`
      select pub.show_answer, ${heldBack(questionId)} as held
      from question_publications pub where pub.question_id = ${questionId}`);
    const [row] = (result as { rows: { show_answer: boolean; held: boolean }[] }).rows;
    return row ? { showAnswer: row.show_answer, held: row.held } : undefined;
  }

  /**
   * Publishes the question; publishing again keeps the first publication's time and publisher and takes the
   * new option.
   */
  async publish(r: { questionId: number; agencyId: string; userId: number; now: Date; showAnswer: boolean }) {
    await this.db
      .insert(p)
      .values({
        questionId: r.questionId,
        agencyId: r.agencyId,
        publishedBy: r.userId,
        publishedAt: r.now,
        showAnswer: r.showAnswer,
      })
      .onConflictDoUpdate({ target: p.questionId, set: { showAnswer: r.showAnswer } });
  }

  /** Withdraws the agency's publication of the question (nothing happens when there is none). */
  async withdraw(questionId: number, agencyId: string): Promise<void> {
    await this.db.delete(p).where(and(eq(p.questionId, questionId), eq(p.agencyId, agencyId)));
  }
}

/**
 * Whether a question is held back: a switched-on paper names it, or a running training drew it
 * (docs/question-bank.md "Public preview"; a student's own reads follow the sealing rule instead,
 * training/sealing.ts). Each test probes a partial
 * GIN index of migration 0019 (schemes_on_paper_questions_idx over switched-on papers' fixed ids,
 * training_events_drawn_idx over draw events), so its cost does not grow with the number of schemes or events; the
 * expressions must stay exactly those of the indexes (question-publication.held.test.ts checks the plan).
 */
export function heldBack(questionId: number): SQL {
  const ids = JSON.stringify([String(questionId)]);
  return sql`(exists (select 1 from schemes s
      where s.status = 'on' and s.type = 'paper'
        and jsonb_path_query_array(s.phases, '$[*].points[*].selectors.questionIds[*]') @> ${ids}::jsonb)
    or exists (select 1 from training_events e join trainings t on t.id = e.training_id
      where e.event ->> 'type' = 'draw' and (e.event -> 'questionIds') @> ${ids}::jsonb
        and t.status = 'running'))`;
}
