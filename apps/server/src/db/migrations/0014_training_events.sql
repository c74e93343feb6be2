-- Answers got cheaper (docs/performance.md, the training benchmark):
-- 1. A training's event log moves out of the row into training_events: an answer used to rewrite the whole
--    log (a jsonb array growing with the training); now it appends a row or two. The row keeps how many
--    events and draws the log holds (event_count, draw_count): writers check event_count to detect a
--    concurrent change (optimistic), draws seed their choice with draw_count.
-- 2. The statement trigger on trainings called scheme_stats_unfold/fold with empty id lists on every answer:
--    both are SQL functions, planned on every call (about 4 ms of database time per answer). They now run
--    only for trainings that have ended (fold) or had ended before the change (unfold); what they do is
--    unchanged.
CREATE TABLE "training_events" (
	"training_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"event" jsonb NOT NULL,
	CONSTRAINT "training_events_training_id_seq_pk" PRIMARY KEY("training_id","seq")
);
--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "draw_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO training_events (training_id, seq, event)
  SELECT t.id, (e.ord - 1)::int, e.ev FROM trainings t CROSS JOIN LATERAL jsonb_array_elements(t.events) WITH ORDINALITY AS e (ev, ord);--> statement-breakpoint
-- The counts change no statistic: the statistics trigger stays out of this one update.
ALTER TABLE trainings DISABLE TRIGGER scheme_stats_training_update;--> statement-breakpoint
UPDATE trainings SET event_count = jsonb_array_length(events),
  draw_count = jsonb_array_length(jsonb_path_query_array(events, '$[*] ? (@.type == "draw")'));--> statement-breakpoint
ALTER TABLE trainings ENABLE TRIGGER scheme_stats_training_update;--> statement-breakpoint
ALTER TABLE "trainings" DROP COLUMN "events";--> statement-breakpoint
CREATE OR REPLACE FUNCTION scheme_stats_by_training() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended bigint[];
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
    ended := ARRAY(SELECT id FROM old_rows WHERE status <> 'running');
    IF cardinality(ended) > 0 THEN
      PERFORM scheme_stats_unfold(ended);
    END IF;
  END IF;
  ended := ARRAY(SELECT id FROM new_rows WHERE status <> 'running');
  IF cardinality(ended) > 0 THEN
    PERFORM scheme_stats_fold(ended);
  END IF;
  RETURN NULL;
END
$$;
