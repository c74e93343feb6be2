-- A training's state is written whole by every answer and read whole by the next; nothing queries inside it but
-- the sweep (its two deadlines) and the statistics' fold (its drawn list, once when a training ends). As jsonb,
-- PostgreSQL parsed every answer's state into its binary form and printed it back as text on every read; json
-- keeps the text as sent (measured with a 100-answer state, 14 KB: read + update 602 → 432 µs; with 300 answers
-- 1,064 → 671 µs). Where the server supports it, lz4 compresses the state instead of pglz (a further 70–100 µs);
-- PGlite has no lz4 and keeps pglz.
ALTER TABLE "trainings" ALTER COLUMN "state" SET DATA TYPE json;
--> statement-breakpoint
-- The drawn list is read as jsonb, as before.
CREATE OR REPLACE FUNCTION scheme_stats_fold(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, scheme_id, agency_id, started_at, (scheme ->> 'type') = 'paper' AS paper,
           coalesce((state -> 'drawn')::jsonb, '[]'::jsonb) AS drawn
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
DO $$
BEGIN
  ALTER TABLE trainings ALTER COLUMN state SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
