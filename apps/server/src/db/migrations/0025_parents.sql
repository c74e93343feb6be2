-- Parents (docs/parents.md): pairing codes a student generates for a parent, and the parent accounts an agency
-- created (an agency lists them before any child is linked).
CREATE TABLE "pairing_codes" (
	"student_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_codes_code_key" ON "pairing_codes" USING btree ("code");--> statement-breakpoint
CREATE TABLE "agency_parents" (
	"agency_id" text NOT NULL,
	"parent_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_parents_agency_id_parent_id_pk" PRIMARY KEY("agency_id","parent_id")
);
--> statement-breakpoint
ALTER TABLE "agency_parents" ADD CONSTRAINT "agency_parents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_parents" ADD CONSTRAINT "agency_parents_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_parents_parent_idx" ON "agency_parents" USING btree ("parent_id");
