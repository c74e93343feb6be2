-- Partial credit in the rates (docs/practice-engine.md "Marks"): a training keeps, beside `correct` (answers at full
-- marks), `credit` — its counted answers' credit, a right answer 1 and a judged wrong or partial one its share — and
-- the statistics' narrow row copies it, so 正确率 (credit / answered) of the scheme statistics and the class pages
-- counts an essay marked 12 of 15 as 0.8. Trainings before this migration start with credit = correct (their partial
-- answers, if any, count 0 until a re-mark rewrites the row).
ALTER TABLE "trainings" ADD COLUMN "credit" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "trainings" SET "credit" = "correct";--> statement-breakpoint
ALTER TABLE "scheme_stat_trainings" ADD COLUMN "credit" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "scheme_stat_trainings" SET "credit" = "correct";--> statement-breakpoint
CREATE OR REPLACE FUNCTION scheme_stats_by_training() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
  ended bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status <> 'running' OR o.status <> 'running'
         OR (n.scheme_id, n.agency_id, n.user_id, n.started_at) IS DISTINCT FROM (o.scheme_id, o.agency_id, o.user_id, o.started_at));
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
  ELSE
    changed := ARRAY(SELECT id FROM new_rows);
  END IF;
  INSERT INTO scheme_stat_trainings AS s
    (training_id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, credit, score,
     max_score)
  SELECT id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, credit, score, max_score
  FROM new_rows WHERE id = ANY (changed)
  ON CONFLICT (training_id) DO UPDATE SET
    scheme_id = excluded.scheme_id, agency_id = excluded.agency_id, user_id = excluded.user_id,
    status = excluded.status, started_at = excluded.started_at, ended_at = excluded.ended_at,
    answered = excluded.answered, correct = excluded.correct, credit = excluded.credit, score = excluded.score,
    max_score = excluded.max_score;
  IF TG_OP = 'UPDATE' THEN
    ended := ARRAY(SELECT id FROM old_rows WHERE status <> 'running' AND id = ANY (changed));
    IF cardinality(ended) > 0 THEN
      PERFORM scheme_stats_unfold(ended);
    END IF;
  END IF;
  ended := ARRAY(SELECT id FROM new_rows WHERE status <> 'running' AND id = ANY (changed));
  IF cardinality(ended) > 0 THEN
    PERFORM scheme_stats_fold(ended);
  END IF;
  RETURN NULL;
END
$$;
