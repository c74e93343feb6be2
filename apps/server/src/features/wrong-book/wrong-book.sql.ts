// SQL predicates over answer records (`ar`) and their trainings (`t`), shared by the wrong-answer book, mastery and
// the knowledge graph's statistics, which must count the same answers (docs/architecture.md §3).
import { sql, type SQL } from 'drizzle-orm';

/**
 * Answers that count: none of a running training (a paper hides its results until the end, and a retry
 * question keeps its answer back while current); in a paper only each question's last answer.
 */
export const countedRecord = sql`(t.id is null or (t.status <> 'running' and (coalesce(t.scheme->>'type', 'general') <> 'paper'
  or ar.id = (select max(x.id) from answer_records x where x.training_id = ar.training_id and x.question_id = ar.question_id))))`;

/** `code` lies in the subtree of `root` (codes are materialised paths, docs/domain.md "Knowledge points"). */
export const inSubtree = (code: SQL, root: string) => sql`(${code} = ${root} or ${code} like ${root + '.%'})`;
