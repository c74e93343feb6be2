// The graph stats' level counts as one SQL aggregate (docs/knowledge-graph.md "Stats"): each student's level per
// item is computed in the database with window functions — the rules of mastery-levels.ts `levelOf`, thresholds
// from the contract — and only the counts per item and level leave it, so memory does not grow with the answers.
import { CST_OFFSET_MS, DAY_MS, MASTERY_THRESHOLDS, MASTERY_WINDOW } from '@edu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { wholePaper } from '../mastery/mastery.sql.js';
import { countedRecord } from '../wrong-book/wrong-book.sql.js';

/** Students at one level of one item, and how many of them are stuck (docs/knowledge-graph.md "Stats"). */
export interface LevelCount {
  itemId: number;
  level: string;
  students: number;
  stuck: number;
}

/** Whose answers count: every agency (null), one agency, or some students of one agency. */
export interface StatsScope {
  agencyId: string | null;
  userIds?: number[];
}

/** The level a window of `n` answers with `r` right earns without the mastered rules (contract `windowLevel`). */
const windowLevel = (n: SQL, r: SQL) => {
  const { familiar, proficient } = MASTERY_THRESHOLDS;
  return sql`case when ${n} = 0 then 'none'
    when ${n} >= ${proficient.answers} and ${r}::float8 / ${n} >= ${proficient.right}::float8 then 'proficient'
    when ${n} >= ${familiar.answers} and ${r}::float8 / ${n} >= ${familiar.right}::float8 then 'familiar'
    else 'attempted' end`;
};

/**
 * Per item of the groups and level: the students (agency, user pairs: a student of two agencies counts in each)
 * with a counted answer in the item's subtree at that level, and the stuck ones among them. At most one row per
 * item and level: the groups' item cap bounds the answer.
 */
export async function levelCounts(db: DbOrTx, groupIds: number[], scope: StatsScope): Promise<LevelCount[]> {
  if (!groupIds.length || scope.userIds?.length === 0) return [];
  const who =
    scope.agencyId === null
      ? sql``
      : scope.userIds === undefined
        ? sql` and ar.agency_id = ${scope.agencyId}`
        : sql` and ar.agency_id = ${scope.agencyId} and ar.user_id = any(${sql.param(scope.userIds)}::bigint[])`;
  const groups = sql`${sql.param(groupIds)}::bigint[]`;
  // The frame of the last MASTERY_WINDOW answers: an integer constant of the contract, not an input.
  const frame = sql.raw(`rows between ${MASTERY_WINDOW - 1} preceding and current row`);
  const result: unknown = await db.execute(sql`with items as (
      select id, knowledge_code as code from graph_items where group_id = any(${groups})
    ), answers as (
      select ar.id, ar.agency_id, ar.user_id, ar.created_at, q.knowledge_code as code, ar.is_correct as correct,
        round(extract(epoch from ar.created_at) * 1000)::float8 as at,
        case when ${wholePaper} then ar.training_id end as paper_id
      from answer_records ar
      join questions q on q.id = ar.question_id
      left join trainings t on t.id = ar.training_id
      where ar.is_correct is not null${who}
        and split_part(q.knowledge_code, '.', 1) in (select split_part(code, '.', 1) from items)
        and ${countedRecord} and (t.id is null or t.scheme->>'type' = 'paper' or coalesce(ar.first, true))
    ), hits as (
      -- Each answer counts for its point and every ancestor that is an item (mastery-levels.ts selfAndAncestors).
      select i.id as item_id, a.* from answers a
      cross join lateral generate_series(1, array_length(string_to_array(a.code, '.'), 1)) as depth(n)
      join items i on i.code = array_to_string((string_to_array(a.code, '.'))[1:depth.n], '.')
    ), steps as (
      select h.item_id, h.agency_id, h.user_id, h.at, h.correct, h.paper_id,
        count(*) over last_window as win_n,
        count(*) filter (where h.correct) over last_window as win_right,
        floor((h.at + ${CST_OFFSET_MS}) / ${DAY_MS}) as day,
        lead(h.at) over in_order as next_at,
        row_number() over (partition by h.item_id, h.agency_id, h.user_id order by h.created_at desc, h.id desc)
          as from_end
      from hits h
      window student as (partition by h.item_id, h.agency_id, h.user_id),
        in_order as (student order by h.created_at, h.id),
        last_window as (in_order ${frame})
    ), per_student as (
      select item_id, agency_id, user_id,
        ${windowLevel(sql`max(win_n) filter (where from_end = 1)`, sql`max(win_right) filter (where from_end = 1)`)}
          as base,
        count(distinct day) filter (where (next_at is null or floor((next_at + ${CST_OFFSET_MS}) / ${DAY_MS}) <> day)
          and ${windowLevel(sql`win_n`, sql`win_right`)} = 'proficient') as proficient_days,
        max(at) filter (where not correct) as last_wrong
      from steps group by item_id, agency_id, user_id
    ), papers as (
      select item_id, agency_id, user_id, paper_id, bool_and(correct) as all_right, max(at) as last
      from hits where paper_id is not null group by item_id, agency_id, user_id, paper_id
    ), levels as (
      select s.item_id, s.agency_id, s.user_id,
        case when s.base = 'proficient' and s.proficient_days >= 2 then 'mastered'
          when exists (select 1 from papers p where p.item_id = s.item_id and p.agency_id = s.agency_id
            and p.user_id = s.user_id and p.all_right and (s.last_wrong is null or p.last > s.last_wrong))
            then 'mastered'
          else s.base end as level
      from per_student s
    )
    select l.item_id, l.level, count(*)::int as students,
      (count(*) filter (where l.level <> 'mastered' and not exists (
        select 1 from graph_edges e where e.to_item_id = l.item_id and not exists (
          select 1 from levels m where m.item_id = e.from_item_id and m.agency_id = l.agency_id
            and m.user_id = l.user_id and m.level = 'mastered'))))::int as stuck
    from levels l group by l.item_id, l.level`);
  const { rows } = result as { rows: { item_id: number; level: string; students: number; stuck: number }[] };
  return rows.map((r) => ({ itemId: Number(r.item_id), level: r.level, students: r.students, stuck: r.stuck }));
}
