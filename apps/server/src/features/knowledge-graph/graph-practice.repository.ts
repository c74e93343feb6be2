// SQL of graph practice's system scheme (docs/knowledge-graph.md "Practice"): one scheme per agency, made on first
// use under the agency row's lock, and the student's running practice training of it.
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { graphPracticeSchemes } from '../../db/schema.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export class GraphPracticeRepository {
  constructor(readonly db: Db) {}

  async practiceScheme(agencyId: string, db: DbOrTx = this.db): Promise<number | undefined> {
    const [row] = await db
      .select({ schemeId: graphPracticeSchemes.schemeId })
      .from(graphPracticeSchemes)
      .where(eq(graphPracticeSchemes.agencyId, agencyId));
    return row?.schemeId;
  }

  /**
   * The agency's system scheme, created on first use: the agency row is locked while it is looked up and
   * made, so two first practices at once make one.
   */
  async ensurePracticeScheme(
    agencyId: string,
    make: { title: string; initPhase: string; initPoint: string; phases: Record<string, unknown>[] },
    now: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from agencies where id = ${agencyId} for update`);
      const existing = await this.practiceScheme(agencyId, tx);
      if (existing !== undefined) return existing;
      let [repo] = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from train_repos where agency_id = ${agencyId} order by id limit 1`),
      );
      repo ??= rowsOf<{ id: number }>(
        await tx.execute(
          sql`insert into train_repos (agency_id, name) values (${agencyId}, '默认训练库') returning id`,
        ),
      )[0];
      const [scheme] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into schemes
          (agency_id, train_repo_id, title, type, status, init_phase, init_point, time_limit, kp_range, phases,
           created_at, updated_at)
          values (${agencyId}, ${Number(repo.id)}, ${make.title}, 'general', 'on', ${make.initPhase}, ${make.initPoint},
                  0, '{}'::text[], ${JSON.stringify(make.phases)}::jsonb, ${now}, ${now})
          returning id`),
      );
      const schemeId = Number(scheme.id);
      await tx.insert(graphPracticeSchemes).values({ agencyId, schemeId });
      return schemeId;
    });
  }

  /**
   * The student's running training of the system scheme: the subtree it draws from and its kind (a practice is
   * `general`, a mastery check `paper`).
   */
  async runningPractice(
    schemeId: number,
    userId: number,
  ): Promise<
    { id: number; kpRange: string[]; type: 'general' | 'paper'; title: string; answered: number } | undefined
  > {
    const [row] = rowsOf<{
      id: number;
      kp_range: string[] | null;
      type: string | null;
      title: string | null;
      answered: number;
    }>(
      await this.db.execute(sql`select id, array(select jsonb_array_elements_text(scheme -> 'engine' -> 'kpRange'))
          as kp_range, scheme ->> 'type' as type, scheme ->> 'title' as title, answered
        from trainings where scheme_id = ${schemeId} and user_id = ${userId} and status = 'running'
          and task_id is null limit 1`),
    );
    return row
      ? {
          id: Number(row.id),
          kpRange: row.kp_range ?? [],
          type: row.type === 'paper' ? 'paper' : 'general',
          title: row.title ?? '',
          answered: Number(row.answered),
        }
      : undefined;
  }
}
