-- A training's drawn questions leave its state as its answers did in migration 0047, see
-- docs/practice-engine.md "The training service": every answer rewrote the drawn list whole — hundreds of ids late
-- in a long practice, the largest part of the row, compressed again with each write. Now each write that draws
-- appends one row of `training_draws` holding the ids it drew (`question_ids`, a json array of strings; `n` = the
-- place of its first id in the list); reads put the state back together (training-state.ts `fullState`). A state
-- that still carries its own `drawn` and has no rows keeps it (test fixtures). Here each list becomes one row.
CREATE TABLE "training_draws" (
	"training_id" bigint NOT NULL,
	"n" integer NOT NULL,
	"question_ids" json NOT NULL,
	CONSTRAINT "training_draws_training_id_n_pk" PRIMARY KEY("training_id","n")
);
--> statement-breakpoint
ALTER TABLE "training_draws" ADD CONSTRAINT "training_draws_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "training_draws" ("training_id", "n", "question_ids")
SELECT t.id, 0, (SELECT json_agg(d.id ORDER BY d.ord) FROM json_array_elements_text(t.state -> 'drawn') WITH ORDINALITY AS d (id, ord))
  FROM "trainings" t
 WHERE json_typeof(t.state -> 'drawn') = 'array' AND json_array_length(t.state -> 'drawn') > 0;--> statement-breakpoint
-- The statistics' fold reads a finished training's drawn list from its rows (a state's own list when it has none).
CREATE OR REPLACE FUNCTION scheme_stats_fold(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, scheme_id, agency_id, started_at, (scheme ->> 'type') = 'paper' AS paper,
           coalesce((SELECT jsonb_agg(e.id) FROM training_draws d CROSS JOIN LATERAL json_array_elements_text(d.question_ids) AS e (id)
                      WHERE d.training_id = trainings.id),
                    (state -> 'drawn')::jsonb, '[]'::jsonb) AS drawn
    FROM trainings
    WHERE id = ANY (ids) AND status <> 'running'
  ), firsts AS (
    SELECT DISTINCT ON (a.training_id, a.question_id) a.training_id, a.question_id, coalesce(a.score, 0) AS score
    FROM answer_records a
    WHERE a.training_id = ANY (ids) AND a.first
    ORDER BY a.training_id, a.question_id, a.id
  ), item AS (
    -- Papers: every question drawn (unanswered = 0 marks); general schemes: every question answered.
    SELECT t.id, d.qid, t.scheme_id, t.agency_id, t.started_at, coalesce(f.score, 0) AS score, f.training_id IS NOT NULL AS attempted, true AS paper
    FROM t
    CROSS JOIN LATERAL (SELECT DISTINCT e::bigint AS qid FROM jsonb_array_elements_text(t.drawn) AS e) d
    LEFT JOIN firsts f ON f.training_id = t.id AND f.question_id = d.qid
    WHERE t.paper
    UNION ALL
    SELECT t.id, f.question_id, t.scheme_id, t.agency_id, t.started_at, f.score, true, false
    FROM t JOIN firsts f ON f.training_id = t.id
    WHERE NOT t.paper
  ), ins AS (
    INSERT INTO scheme_stat_items (training_id, question_id, scheme_id, agency_id, started_at, score, total, attempted)
    SELECT id, qid, scheme_id, agency_id, started_at, score,
           CASE WHEN paper THEN sum(score) OVER (PARTITION BY id) ELSE 0 END, attempted
    FROM item
    ON CONFLICT DO NOTHING
    RETURNING *
  )
  INSERT INTO scheme_stat_buckets AS b (scheme_id, agency_id, level, bucket, question_id, score, total, n, attempted)
  SELECT i.scheme_id, i.agency_id, l.level,
         CASE WHEN l.level = 0 THEN 0 ELSE floor(floor(extract(epoch FROM i.started_at) / 86400) / l.level)::int END,
         i.question_id, i.score, i.total, count(*)::int, (count(*) FILTER (WHERE i.attempted))::int
  FROM ins i CROSS JOIN (VALUES (0), (1), (8), (64)) AS l (level)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  -- One lock order for every writer: trainings ending together never deadlock on the buckets.
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (scheme_id, agency_id, level, bucket, question_id, score, total)
  DO UPDATE SET n = b.n + excluded.n, attempted = b.attempted + excluded.attempted
$$;
--> statement-breakpoint
UPDATE "trainings" SET "state" = ("state"::jsonb - 'drawn')::json WHERE ("state"::jsonb) ? 'drawn';
