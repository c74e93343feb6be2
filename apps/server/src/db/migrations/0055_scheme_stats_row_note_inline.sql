-- The statistics' row trigger on trainings (0052) notes an ended training itself instead of calling
-- scheme_stats_note (docs/scheme-stats.md "How it is computed fast"). That function is written in SQL, and PostgreSQL
-- parses and plans an SQL function's body again on every call from a trigger: for a class handing in at once that was
-- a parse and a plan of an INSERT … ON CONFLICT for every ended training, about half of what ending 500 trainings in
-- one statement cost the database (docs/performance.md "The note of an ended training"). PL/pgSQL keeps its
-- statements' plans for the session. The note is the same row: the training's id, scheme and agency are NEW's, which
-- is what scheme_stats_note read back from trainings for it.
CREATE OR REPLACE FUNCTION scheme_stats_by_training_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO scheme_stat_pending AS p (training_id, scheme_id, agency_id)
    VALUES (NEW.id, NEW.scheme_id, NEW.agency_id)
    ON CONFLICT (training_id) DO UPDATE SET scheme_id = excluded.scheme_id, agency_id = excluded.agency_id
    WHERE (p.scheme_id, p.agency_id) IS DISTINCT FROM (excluded.scheme_id, excluded.agency_id);
  END IF;
  RETURN NULL;
END
$$;
