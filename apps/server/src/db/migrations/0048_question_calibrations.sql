-- Ability-matched draws (docs/practice-engine.md "Draw modes"; table in src/db/schema.ts `questionCalibrations`): the
-- item parameters of a question calibrated by the nightly `ability-calibration` job from one agency's own judged
-- first answers (a, b; c held at the question's blind guess), with the answers read, the right ones and their share.
-- The draw mode `ability` reads them; the scheme statistics show them per question.
CREATE TABLE "question_calibrations" (
	"agency_id" text NOT NULL REFERENCES "public"."agencies"("id") ON DELETE cascade,
	"question_id" bigint NOT NULL REFERENCES "public"."questions"("id") ON DELETE cascade,
	"a" double precision NOT NULL,
	"b" double precision NOT NULL,
	"c" double precision NOT NULL,
	"answers" integer NOT NULL,
	"rights" integer NOT NULL,
	"facility" double precision,
	"calibrated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_calibrations_agency_id_question_id_pk" PRIMARY KEY("agency_id","question_id")
);--> statement-breakpoint
CREATE INDEX "question_calibrations_at_idx" ON "question_calibrations" ("agency_id", "calibrated_at");
