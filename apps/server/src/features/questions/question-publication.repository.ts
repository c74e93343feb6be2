// SQL for question_publications: one row per question published for public preview, agency-scoped writes.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { questionPublications as p, users } from '../../db/schema.js';

export interface PublicationRow {
  questionId: number;
  publishedAt: Date;
  /** The publisher's display name; null once the account is deleted. */
  publishedByName: string | null;
}

export class QuestionPublicationRepository {
  constructor(private readonly db: Db) {}

  async get(questionId: number): Promise<PublicationRow | undefined> {
    const [row] = await this.db
      .select({ questionId: p.questionId, publishedAt: p.publishedAt, publishedByName: users.name })
      .from(p)
      .leftJoin(users, eq(users.id, p.publishedBy))
      .where(eq(p.questionId, questionId));
    return row;
  }

  /** Whether the question has a publication (its status is the caller's concern). */
  async exists(questionId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: p.questionId }).from(p).where(eq(p.questionId, questionId));
    return row !== undefined;
  }

  /** Publishes the question; publishing again keeps the first publication's time and publisher. */
  async publish(r: { questionId: number; agencyId: string; userId: number; now: Date }): Promise<void> {
    await this.db
      .insert(p)
      .values({ questionId: r.questionId, agencyId: r.agencyId, publishedBy: r.userId, publishedAt: r.now })
      .onConflictDoNothing();
  }

  /** Withdraws the agency's publication of the question (nothing happens when there is none). */
  async withdraw(questionId: number, agencyId: string): Promise<void> {
    await this.db.delete(p).where(and(eq(p.questionId, questionId), eq(p.agencyId, agencyId)));
  }
}
