-- An ended training's items are folded into the statistics' buckets after its end instead of by the write that ends
-- it, see docs/scheme-stats.md "How it is computed fast": the answer that ended a long practice folded hundreds of
-- items into four levels of buckets — twice, the trigger on answer_records unfolding and folding again what the one
-- on trainings had just folded — and held the buckets' rows, which every training of the scheme shares, until its
-- batch committed, so trainings ending together queued behind each other. Now the triggers only note the training
-- in `scheme_stat_pending`; a read of the question figures folds its scheme's notes first (what it reads is whole)
-- and a background fold takes the rest. Folding a note unfolds whatever the training had folded, then folds it as
-- it stands, so a note is right whatever happened before it. Folds take turns (an advisory lock): the buckets' rows
-- are written by one folder at a time. Trainings that ended before this migration are folded already.
CREATE TABLE "scheme_stat_pending" (
	"training_id" bigint PRIMARY KEY NOT NULL,
	"scheme_id" bigint NOT NULL,
	"agency_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheme_stat_pending" ADD CONSTRAINT "scheme_stat_pending_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheme_stat_pending_scheme_idx" ON "scheme_stat_pending" USING btree ("scheme_id","agency_id");--> statement-breakpoint
CREATE FUNCTION scheme_stats_note(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO scheme_stat_pending AS p (training_id, scheme_id, agency_id)
  SELECT id, scheme_id, agency_id FROM trainings WHERE id = ANY (ids) ORDER BY id
  ON CONFLICT (training_id) DO UPDATE SET scheme_id = excluded.scheme_id, agency_id = excluded.agency_id
  WHERE (p.scheme_id, p.agency_id) IS DISTINCT FROM (excluded.scheme_id, excluded.agency_id)
$$;
--> statement-breakpoint
-- Folds up to `most` noted trainings, of one scheme in one agency (a reader) or of any (`scheme` null: the
-- background fold), after the fold before it (the lock is the transaction's). Answers how many.
CREATE FUNCTION scheme_stats_fold_pending(scheme bigint, agency text, most int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('scheme_stats_fold_pending'));
  ids := ARRAY(SELECT training_id FROM scheme_stat_pending
               WHERE scheme IS NULL OR (scheme_id = scheme AND agency_id = agency)
               ORDER BY training_id LIMIT most);
  IF cardinality(ids) = 0 THEN
    RETURN 0;
  END IF;
  DELETE FROM scheme_stat_pending WHERE training_id = ANY (ids);
  PERFORM scheme_stats_unfold(ids);
  PERFORM scheme_stats_fold(ids);
  RETURN cardinality(ids);
END
$$;
--> statement-breakpoint
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
  -- Ended now or before: its items are folded later (a training no longer ended is only unfolded then).
  ended := ARRAY(SELECT id FROM new_rows WHERE status <> 'running' AND id = ANY (changed));
  IF TG_OP = 'UPDATE' THEN
    ended := ended || ARRAY(SELECT id FROM old_rows WHERE status <> 'running' AND id = ANY (changed));
  END IF;
  IF cardinality(ended) > 0 THEN
    PERFORM scheme_stats_note(ended);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scheme_stats_by_answer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  -- Answers to running trainings (the usual case) change nothing here: trainings are noted when they end.
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT t.id FROM new_rows n JOIN trainings t ON t.id = n.training_id WHERE t.status <> 'running');
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT t.id FROM old_rows o JOIN trainings t ON t.id = o.training_id WHERE t.status <> 'running');
  ELSE
    ids := ARRAY(SELECT t.id FROM trainings t
                 WHERE t.status <> 'running'
                   AND t.id IN (SELECT training_id FROM new_rows UNION SELECT training_id FROM old_rows));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM scheme_stats_note(ids);
  END IF;
  RETURN NULL;
END
$$;
