-- Leaving an agency (docs/users.md "Leaving and retention"): when a member left. The purge deletes the agency's
-- records of a member whose left_at is older than LEFT_MEMBER_RETENTION_DAYS; the partial index finds them.
ALTER TABLE "agency_members" ADD COLUMN "left_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "agency_members_left_idx" ON "agency_members" USING btree ("left_at") WHERE "left_at" IS NOT NULL;
