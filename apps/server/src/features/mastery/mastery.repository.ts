// SQL of mastery: the student's counted, judged answers (with each question's knowledge point) and the
// knowledge points to report on. One student's records are read through answer_records_agency_user_idx.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Owner } from '../wrong-book/book-rows.js';
import { countedRecord, inSubtree } from '../wrong-book/wrong-book.sql.js';
import { wholePaper } from './mastery.sql.js';
import type { MasteryAnswer } from './mastery-levels.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export interface KpRow {
  code: string;
  parentCode: string | null;
  name: string;
  lv: string;
  sort: number;
}

export class MasteryRepository {
  constructor(private readonly db: Db) {}

  /** The student's counted answers (judged only), oldest first. */
  async answers(o: Owner, subtree?: string): Promise<MasteryAnswer[]> {
    const within = subtree === undefined ? sql`` : sql` and ${inSubtree(sql`q.knowledge_code`, subtree)}`;
    const rows = rowsOf<{ code: string; right: boolean; at: number; paper_id: string | null }>(
      await this.db.execute(sql`select q.knowledge_code as code, ar.is_correct as right,
        (extract(epoch from ar.created_at) * 1000)::float8 as at,
        case when ${wholePaper} then ar.training_id::text end as paper_id
        from answer_records ar
        join questions q on q.id = ar.question_id
        left join trainings t on t.id = ar.training_id
        where ar.user_id = ${o.userId} and ar.agency_id = ${o.agencyId} and ar.is_correct is not null
          and ${countedRecord} and (t.id is null or t.scheme->>'type' = 'paper' or coalesce(ar.first, true))${within}
        order by ar.created_at, ar.id`),
    );
    return rows.map((r) => ({ code: r.code, right: r.right, at: Math.round(r.at), paperId: r.paper_id }));
  }

  /** Knowledge points (the whole tree, or one subtree), in tree order. */
  async points(subtree?: string): Promise<KpRow[]> {
    const within = subtree === undefined ? sql`` : sql` where ${inSubtree(sql`code`, subtree)}`;
    const rows = rowsOf<{ code: string; parent_code: string | null; name: string; lv: string; sort: number }>(
      await this.db.execute(
        sql`select code, parent_code, name, lv, sort from knowledge_points${within} order by depth, sort, code`,
      ),
    );
    return rows.map((r) => ({ code: r.code, parentCode: r.parent_code, name: r.name, lv: r.lv, sort: r.sort }));
  }
}
