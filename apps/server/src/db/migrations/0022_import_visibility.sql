ALTER TABLE "questions" ADD COLUMN "import_job_id" text;--> statement-breakpoint
ALTER TABLE "import_staging" ADD COLUMN "question_id" bigint;--> statement-breakpoint
CREATE TABLE "import_pending" (
	"job_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DROP INDEX "questions_active_agency_kp_idx";--> statement-breakpoint
CREATE INDEX "questions_active_agency_kp_idx" ON "questions" USING btree ("agency_id","knowledge_code" text_pattern_ops,"type","updated_at","id","import_job_id") WHERE "questions"."status" = 'active';--> statement-breakpoint
DROP INDEX "questions_active_agency_updated_idx";--> statement-breakpoint
CREATE INDEX "questions_active_agency_updated_idx" ON "questions" USING btree ("agency_id","updated_at","id","knowledge_code","type","import_job_id") WHERE "questions"."status" = 'active';
