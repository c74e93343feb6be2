-- Scheme statistics kept by triggers (schema.ts schemeStatTrainings, schemeStatItems, schemeStatBuckets;
-- docs/scheme-stats.md). A training's items are folded into the buckets when it ends and unfolded when it
-- changes after that (or its answers do, e.g. a teacher's later judging), so buckets always equal the sum of
-- the items. Statement-level triggers with transition tables: a bulk update folds its trainings at once.
CREATE FUNCTION scheme_stats_fold(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, scheme_id, agency_id, started_at, (scheme ->> 'type') = 'paper' AS paper,
           coalesce(state -> 'drawn', '[]'::jsonb) AS drawn
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
CREATE VIEW scheme_stat_item_buckets AS
  SELECT i.training_id, i.scheme_id, i.agency_id, l.level,
         CASE WHEN l.level = 0 THEN 0 ELSE floor(floor(extract(epoch FROM i.started_at) / 86400) / l.level)::int END AS bucket,
         i.question_id, i.score, i.total, i.attempted
  FROM scheme_stat_items i CROSS JOIN (VALUES (0), (1), (8), (64)) AS l (level);
--> statement-breakpoint
CREATE FUNCTION scheme_stats_unfold(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE scheme_stat_buckets b SET n = b.n - g.n, attempted = b.attempted - g.attempted
  FROM (
    SELECT scheme_id, agency_id, level, bucket, question_id, score, total,
           count(*)::int AS n, (count(*) FILTER (WHERE attempted))::int AS attempted
    FROM scheme_stat_item_buckets WHERE training_id = ANY (ids)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) g
  WHERE (b.scheme_id, b.agency_id, b.level, b.bucket, b.question_id, b.score, b.total)
      = (g.scheme_id, g.agency_id, g.level, g.bucket, g.question_id, g.score, g.total);
  DELETE FROM scheme_stat_buckets b USING scheme_stat_item_buckets g
  WHERE g.training_id = ANY (ids) AND b.n <= 0
    AND (b.scheme_id, b.agency_id, b.level, b.bucket, b.question_id, b.score, b.total)
      = (g.scheme_id, g.agency_id, g.level, g.bucket, g.question_id, g.score, g.total);
  DELETE FROM scheme_stat_items WHERE training_id = ANY (ids);
$$;
--> statement-breakpoint
CREATE FUNCTION scheme_stats_by_training() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scheme_stat_trainings AS s
    (training_id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, score, max_score)
  SELECT id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, score, max_score
  FROM new_rows
  ON CONFLICT (training_id) DO UPDATE SET
    scheme_id = excluded.scheme_id, agency_id = excluded.agency_id, user_id = excluded.user_id,
    status = excluded.status, started_at = excluded.started_at, ended_at = excluded.ended_at,
    answered = excluded.answered, correct = excluded.correct, score = excluded.score, max_score = excluded.max_score;
  IF TG_OP = 'UPDATE' THEN
    PERFORM scheme_stats_unfold(ARRAY(SELECT id FROM old_rows WHERE status <> 'running'));
  END IF;
  PERFORM scheme_stats_fold(ARRAY(SELECT id FROM new_rows WHERE status <> 'running'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION scheme_stats_training_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Before the row goes: its items (deleted by the cascade) must leave the buckets first.
  PERFORM scheme_stats_unfold(ARRAY[OLD.id]);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION scheme_stats_by_answer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT training_id FROM new_rows WHERE training_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT training_id FROM old_rows WHERE training_id IS NOT NULL);
  ELSE
    ids := ARRAY(SELECT training_id FROM new_rows WHERE training_id IS NOT NULL
                 UNION SELECT training_id FROM old_rows WHERE training_id IS NOT NULL);
  END IF;
  -- Answers to running trainings (the usual case) change nothing here: trainings are folded when they end.
  ids := ARRAY(SELECT id FROM trainings WHERE id = ANY (ids) AND status <> 'running');
  IF cardinality(ids) > 0 THEN
    PERFORM scheme_stats_unfold(ids);
    PERFORM scheme_stats_fold(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER scheme_stats_training_insert AFTER INSERT ON trainings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scheme_stats_by_training();
--> statement-breakpoint
CREATE TRIGGER scheme_stats_training_update AFTER UPDATE ON trainings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scheme_stats_by_training();
--> statement-breakpoint
CREATE TRIGGER scheme_stats_training_delete BEFORE DELETE ON trainings
  FOR EACH ROW EXECUTE FUNCTION scheme_stats_training_deleted();
--> statement-breakpoint
CREATE TRIGGER scheme_stats_answer_insert AFTER INSERT ON answer_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scheme_stats_by_answer();
--> statement-breakpoint
CREATE TRIGGER scheme_stats_answer_update AFTER UPDATE ON answer_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scheme_stats_by_answer();
--> statement-breakpoint
CREATE TRIGGER scheme_stats_answer_delete AFTER DELETE ON answer_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scheme_stats_by_answer();
--> statement-breakpoint
-- Trainings that exist already.
INSERT INTO scheme_stat_trainings
  (training_id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, score, max_score)
SELECT id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, score, max_score
FROM trainings;
--> statement-breakpoint
SELECT scheme_stats_fold(ARRAY(SELECT id FROM trainings WHERE status <> 'running'));
