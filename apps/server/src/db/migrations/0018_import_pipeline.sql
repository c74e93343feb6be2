-- Background jobs (docs/jobs.md): one row per job of any kind with its progress, result and Chinese failure
-- message; the row is also the queue (claimed with FOR UPDATE SKIP LOCKED, kept alive by a heartbeat). Files of a job (an
-- import's upload, an export's parts) are stored in chunks so that any node's worker can read them; an
-- import's validated questions wait in import_staging until they are published in one transaction
-- (docs/import-export.md). The old import_jobs table is replaced by jobs.
DROP TABLE IF EXISTS "import_jobs";
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"agency_id" text,
	"user_id" bigint,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"message" text,
	"node" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "jobs_agency_idx" ON "jobs" USING btree ("agency_id","created_at");
--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("status") WHERE "status" in ('receiving', 'queued', 'running');
--> statement-breakpoint
CREATE TABLE "job_files" (
	"job_id" text NOT NULL,
	"part" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "job_files_pk" PRIMARY KEY("job_id","part","seq")
);
--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Uploads are zip or text already compressed by the client or not worth compressing chunk by chunk.
ALTER TABLE "job_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE TABLE "import_staging" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"item" jsonb NOT NULL,
	CONSTRAINT "import_staging_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_staging" ADD CONSTRAINT "import_staging_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;
