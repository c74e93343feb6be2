-- The tutoring classroom (docs/lessons.md; tables in src/db/schema-lessons.ts): lessons of tutoring classes, who
-- joined them, the board's current elements, the log of its accepted changes and periodic snapshots.
CREATE TABLE "lessons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL REFERENCES "public"."agencies"("id") ON DELETE cascade,
	"class_id" bigint NOT NULL REFERENCES "public"."classes"("id") ON DELETE cascade,
	"teacher_id" bigint NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"student_id" bigint NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"series_id" bigint,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"ended_by" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"board_seq" bigint DEFAULT 0 NOT NULL,
	"board_locked" boolean DEFAULT false NOT NULL,
	"board_pages" jsonb DEFAULT '[{"id":"p1","name":"第 1 页"}]'::jsonb NOT NULL,
	"creator_id" bigint REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_status_check" CHECK ("status" IN ('scheduled', 'live', 'ended', 'cancelled')),
	CONSTRAINT "lessons_minutes_check" CHECK ("minutes" BETWEEN 1 AND 600)
);--> statement-breakpoint
CREATE INDEX "lessons_agency_start_idx" ON "lessons" USING btree ("agency_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_teacher_start_idx" ON "lessons" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_student_start_idx" ON "lessons" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_series_idx" ON "lessons" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "lessons_open_idx" ON "lessons" USING btree ("starts_at") WHERE "status" in ('scheduled', 'live');--> statement-breakpoint
CREATE TABLE "lesson_presence" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_presence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lesson_id" bigint NOT NULL REFERENCES "public"."lessons"("id") ON DELETE cascade,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "lesson_presence_lesson_idx" ON "lesson_presence" USING btree ("lesson_id","joined_at");--> statement-breakpoint
CREATE TABLE "lesson_board_elements" (
	"lesson_id" bigint NOT NULL REFERENCES "public"."lessons"("id") ON DELETE cascade,
	"element_id" text NOT NULL,
	"page_id" text NOT NULL,
	"version" integer NOT NULL,
	"version_nonce" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "lesson_board_elements_pk" PRIMARY KEY("lesson_id","element_id")
);--> statement-breakpoint
CREATE TABLE "lesson_board_changes" (
	"lesson_id" bigint NOT NULL REFERENCES "public"."lessons"("id") ON DELETE cascade,
	"seq" bigint NOT NULL,
	"user_id" bigint REFERENCES "public"."users"("id") ON DELETE set null,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "lesson_board_changes_pk" PRIMARY KEY("lesson_id","seq")
);--> statement-breakpoint
CREATE TABLE "lesson_board_snapshots" (
	"lesson_id" bigint NOT NULL REFERENCES "public"."lessons"("id") ON DELETE cascade,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"scene" jsonb NOT NULL,
	CONSTRAINT "lesson_board_snapshots_pk" PRIMARY KEY("lesson_id","seq")
);
