-- Placement tests (docs/lessons.md "Placement test"; tables in src/db/schema-placement.ts): per agency and grade,
-- the paper that places a student, and its score bands, each of which may recommend a tutoring class.
CREATE TABLE "placement_tests" (
	"agency_id" text NOT NULL REFERENCES "public"."agencies"("id") ON DELETE cascade,
	"grade_id" text NOT NULL REFERENCES "public"."grades"("id") ON DELETE cascade,
	"scheme_id" bigint NOT NULL REFERENCES "public"."schemes"("id") ON DELETE cascade,
	"updated_by" bigint REFERENCES "public"."users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_tests_pk" PRIMARY KEY("agency_id","grade_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "placement_tests_scheme_key" ON "placement_tests" USING btree ("agency_id","scheme_id");--> statement-breakpoint
CREATE TABLE "placement_bands" (
	"agency_id" text NOT NULL,
	"grade_id" text NOT NULL,
	"position" integer NOT NULL,
	"min_percent" integer NOT NULL,
	"name" text NOT NULL,
	"class_id" bigint REFERENCES "public"."classes"("id") ON DELETE set null,
	CONSTRAINT "placement_bands_pk" PRIMARY KEY("agency_id","grade_id","position"),
	CONSTRAINT "placement_bands_test_fk" FOREIGN KEY ("agency_id","grade_id")
		REFERENCES "public"."placement_tests"("agency_id","grade_id") ON DELETE cascade,
	CONSTRAINT "placement_bands_position_check" CHECK ("position" BETWEEN 0 AND 4),
	CONSTRAINT "placement_bands_percent_check" CHECK ("min_percent" BETWEEN 0 AND 100),
	CONSTRAINT "placement_bands_name_check" CHECK (char_length("name") BETWEEN 1 AND 16)
);
