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
--> statement-breakpoint
-- Questions an import writes hidden (their job in import_pending) change no list: no bank version bump per batch
-- (only the publication bumps, once). Old rows of questions still pending likewise (a discarded import).
CREATE FUNCTION bank_version_by_visible_question() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM import_pending p WHERE p.job_id = n.import_job_id)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM import_pending p WHERE p.job_id = o.import_job_id)));
  ELSE
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bank_version_by_question() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT q.agency_id FROM new_rows n JOIN questions q ON q.id = n.question_id
      WHERE NOT EXISTS (SELECT 1 FROM import_pending p WHERE p.job_id = q.import_job_id)));
  ELSE
    PERFORM bump_bank_versions(ARRAY(SELECT q.agency_id FROM old_rows o JOIN questions q ON q.id = o.question_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER questions_bank_version_ins ON questions;--> statement-breakpoint
CREATE TRIGGER questions_bank_version_ins AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_visible_question();
--> statement-breakpoint
DROP TRIGGER questions_bank_version_del ON questions;--> statement-breakpoint
CREATE TRIGGER questions_bank_version_del AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_visible_question();
