-- The statistics' trigger on trainings' updates, row by row and only for the rows it concerns (docs/scheme-stats.md
-- "How it is computed fast"). As a statement trigger with transition tables it ran on every answer: PostgreSQL copied
-- each updated training, old and new row with its state, into the transition tables, and the function joined them to
-- find that a running training had stayed running — about a tenth of the database's time for a batch of answers. A
-- row trigger's WHEN condition is checked by the server itself and queues nothing when it is false, so an answer to a
-- running training no longer calls the trigger at all. What it does for a row is what the statement trigger did for
-- its rows: the row's figures into scheme_stat_trainings, and a note when the training has ended or had ended.
CREATE FUNCTION scheme_stats_by_training_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scheme_stat_trainings AS s
    (training_id, scheme_id, agency_id, user_id, status, started_at, ended_at, answered, correct, credit, score,
     max_score)
  VALUES (NEW.id, NEW.scheme_id, NEW.agency_id, NEW.user_id, NEW.status, NEW.started_at, NEW.ended_at, NEW.answered,
          NEW.correct, NEW.credit, NEW.score, NEW.max_score)
  ON CONFLICT (training_id) DO UPDATE SET
    scheme_id = excluded.scheme_id, agency_id = excluded.agency_id, user_id = excluded.user_id,
    status = excluded.status, started_at = excluded.started_at, ended_at = excluded.ended_at,
    answered = excluded.answered, correct = excluded.correct, credit = excluded.credit, score = excluded.score,
    max_score = excluded.max_score;
  -- Ended now or before: its items are folded later (a training no longer ended is only unfolded then).
  IF NEW.status <> 'running' OR OLD.status <> 'running' THEN
    PERFORM scheme_stats_note(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER scheme_stats_training_update ON trainings;
--> statement-breakpoint
CREATE TRIGGER scheme_stats_training_update AFTER UPDATE ON trainings FOR EACH ROW
  WHEN (NEW.status <> 'running' OR OLD.status <> 'running'
        OR (NEW.scheme_id, NEW.agency_id, NEW.user_id, NEW.started_at)
           IS DISTINCT FROM (OLD.scheme_id, OLD.agency_id, OLD.user_id, OLD.started_at))
  EXECUTE FUNCTION scheme_stats_by_training_row();
