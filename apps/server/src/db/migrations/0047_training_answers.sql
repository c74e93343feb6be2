-- A training's answers leave its state (docs/practice-engine.md "The training service", docs/performance.md
-- "Request path"): every answer rewrote the whole state — a json document growing with the training, read,
-- recompressed and written again with its TOAST chunks and their WAL — to add one answer. Now the state keeps
-- everything but `answers` (small, bounded by the scheme) and each answer is a row of `training_answers`
-- (`n` = its index in the state's answers), appended by the statement that stores the answer; reads put the state
-- back together (training.repository.ts `TRAINING_COLUMNS`).
CREATE TABLE "training_answers" (
	"training_id" bigint NOT NULL,
	"n" integer NOT NULL,
	"answer" json NOT NULL,
	CONSTRAINT "training_answers_training_id_n_pk" PRIMARY KEY("training_id","n")
);
--> statement-breakpoint
ALTER TABLE "training_answers" ADD CONSTRAINT "training_answers_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "training_answers" ("training_id", "n", "answer")
SELECT t.id, (a.ord - 1)::int, a.answer
  FROM "trainings" t
  CROSS JOIN LATERAL json_array_elements(t.state -> 'answers') WITH ORDINALITY AS a (answer, ord)
 WHERE json_typeof(t.state -> 'answers') = 'array';--> statement-breakpoint
UPDATE "trainings" SET "state" = ("state"::jsonb - 'answers')::json WHERE ("state"::jsonb) ? 'answers';
