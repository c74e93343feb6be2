-- FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"; table in src/db/schema-fsrs.ts):
-- the weekly job's last fit per agency — its parameters, the reviews it read, the log-loss of the defaults and of
-- the fit on held-out reviews, when, and whether the wrong-answer book schedules with it (adopted). The index lets
-- the job read an agency's reviews card by card.
CREATE TABLE "fsrs_fits" (
	"agency_id" text PRIMARY KEY NOT NULL REFERENCES "public"."agencies"("id") ON DELETE cascade,
	"outcome" text NOT NULL,
	"adopted" boolean NOT NULL,
	"parameters" jsonb,
	"reviews" integer NOT NULL,
	"train_items" integer NOT NULL,
	"test_items" integer NOT NULL,
	"log_loss_before" double precision,
	"log_loss_after" double precision,
	"fitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fsrs_fits_outcome_check" CHECK ("outcome" IN ('adopted', 'not_better', 'too_few')),
	CONSTRAINT "fsrs_fits_adopted_check" CHECK ("adopted" = ("outcome" = 'adopted' AND "parameters" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "wrong_reviews_agency_card_idx" ON "wrong_reviews" ("agency_id", "user_id", "question_id", "created_at");
