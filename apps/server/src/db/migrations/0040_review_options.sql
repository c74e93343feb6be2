-- A paper's review options (docs/practice-engine.md "Review options"): when its finishers see the corrections
-- (null = the default rule: after the close for a task's paper, after the hand-in otherwise), when they see the
-- score (null = at the hand-in), and when staff released the corrections.
ALTER TABLE "schemes" ADD COLUMN "review_after" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "show_score" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_review_after_check"
  CHECK ("review_after" IN ('after-hand-in', 'after-close', 'teacher-release'));--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_show_score_check"
  CHECK ("show_score" IN ('after-hand-in', 'with-corrections'));
