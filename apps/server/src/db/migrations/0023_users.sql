-- Agency memberships, generated-username counters and teacher profiles (docs/users.md; tables in
-- src/db/schema-users.ts).
CREATE TABLE "agency_members" (
	"agency_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_here" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"grade_id" text,
	"subject_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_members_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);--> statement-breakpoint
CREATE TABLE "username_counters" (
	"agency_id" text NOT NULL,
	"letter" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "username_counters_agency_id_letter_pk" PRIMARY KEY("agency_id","letter")
);--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"subject_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_counters" ADD CONSTRAINT "username_counters_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_members_user_idx" ON "agency_members" USING btree ("user_id");--> statement-breakpoint
-- Existing agency roles become memberships (created elsewhere: no agency may reset those passwords).
INSERT INTO "agency_members" ("agency_id", "user_id")
SELECT DISTINCT substring(r."role" from '^edu:agency:([a-z0-9-]{2,32}):'), r."user_id"
  FROM "user_roles" r
  JOIN "agencies" a ON a."id" = substring(r."role" from '^edu:agency:([a-z0-9-]{2,32}):')
 WHERE r."role" ~ '^edu:agency:[a-z0-9-]{2,32}:'
ON CONFLICT DO NOTHING;
