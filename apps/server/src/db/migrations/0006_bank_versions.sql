CREATE TABLE "bank_versions" (
	"agency_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
