-- Uploads are bounded (docs/security.md "Uploads"):
-- 1. Storage used per owner ('user:<id>', 'agency:<id>'), the counter that an upload raises with a conditional
--    UPDATE (refused past the quota, atomic under concurrent uploads) and the sweep lowers; filled from the files
--    already stored.
-- 2. The sweep of unreferenced files reads the old files first: an index on their age.
CREATE TABLE "file_usage" (
	"owner" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "file_usage" ("owner", "bytes")
SELECT 'user:' || "created_by", sum("size") FROM "files" WHERE "created_by" IS NOT NULL GROUP BY "created_by"
UNION ALL
SELECT 'agency:' || "agency_id", sum("size") FROM "files" WHERE "agency_id" IS NOT NULL GROUP BY "agency_id";--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");
