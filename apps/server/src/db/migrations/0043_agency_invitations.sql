-- Invitations of existing accounts into an agency (docs/users.md "Inviting an existing account"; table in
-- src/db/schema-users.ts): the agency admin names a username and a role, the person accepts or refuses. One open
-- invitation per agency and typed username; `user_id` is null when no account has that username (the answer to the
-- admin is the same either way). Agency parents gain `created_here`: a parent who joined by invitation was not
-- created by the agency, which then may not reset their password (docs/parents.md "Forgotten passwords").
CREATE TABLE "agency_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL REFERENCES "public"."agencies"("id") ON DELETE cascade,
	"username" text NOT NULL,
	"user_id" bigint REFERENCES "public"."users"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"invited_by" bigint REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"accepted" boolean,
	CONSTRAINT "agency_invitations_role_check" CHECK ("role" IN ('student', 'teacher', 'parent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agency_invitations_open_key" ON "agency_invitations" USING btree ("agency_id","username") WHERE "answered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "agency_invitations_agency_idx" ON "agency_invitations" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "agency_invitations_user_idx" ON "agency_invitations" USING btree ("user_id") WHERE "answered_at" IS NULL;--> statement-breakpoint
ALTER TABLE "agency_parents" ADD COLUMN "created_here" boolean DEFAULT true NOT NULL;
