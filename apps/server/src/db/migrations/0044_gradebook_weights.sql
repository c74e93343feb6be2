-- The weights of a class's gradebook (docs/gradebook.md; table in src/db/schema-gradebook.ts): one per task given to
-- a class, set by the agency's admins and the class's teachers. A task without a row weighs 1.
CREATE TABLE "task_weights" (
	"task_id" bigint PRIMARY KEY NOT NULL REFERENCES "public"."tasks"("id") ON DELETE cascade,
	"weight" double precision NOT NULL,
	"updated_by" bigint REFERENCES "public"."users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_weights_weight_check" CHECK ("weight" >= 0 AND "weight" <= 100)
);
