// SQL predicate of mastery, shared with the knowledge graph's statistics (docs/architecture.md §3).
import { sql } from 'drizzle-orm';

/**
 * An answer's training (`t`) is a paper every question of which was answered: only such a paper can master a point
 * by being all right (docs/practice-engine.md "Wrong-answer book and mastery"); a paper handed in with questions
 * left blank counts its answers like any others. A paper without marks is worth one mark a question, so its
 * `max_score` counts its questions; one with marks (docs/practice-engine.md "Marks") counts its drawn list (rows of
 * training_draws, migration 0050; a fixture's state may carry its own).
 */
export const wholePaper = sql`(t.scheme->>'type' = 'paper' and case
  when t.scheme #> '{engine,phases,0,points,0,marks}' is null and t.scheme #> '{engine,phases,0,points,0,mark}' is null
  then t.answered >= t.max_score
  else t.answered >= coalesce((select max(d.n + json_array_length(d.question_ids)) from training_draws d where d.training_id = t.id),
    json_array_length(t.state->'drawn')) end)`;
