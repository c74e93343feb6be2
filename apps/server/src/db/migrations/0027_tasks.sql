-- Tasks and homework (docs/tasks.md; tables in src/db/schema-tasks.ts). A task gives a scheme (general or
-- paper) to a class or to chosen students within a window; its trainings carry its id.
CREATE TABLE "tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"title" text NOT NULL,
	"scheme_id" bigint NOT NULL,
	"scheme_type" text NOT NULL,
	"class_id" bigint,
	"start_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"late_policy" text NOT NULL,
	"late_penalty" integer DEFAULT 0 NOT NULL,
	"homework" boolean DEFAULT false NOT NULL,
	"creator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_late_policy_check" CHECK ("late_policy" IN ('none', 'late', 'penalty')),
	CONSTRAINT "tasks_late_penalty_check" CHECK ("late_penalty" BETWEEN 0 AND 100),
	CONSTRAINT "tasks_window_check" CHECK ("deadline" > "start_at")
);--> statement-breakpoint
CREATE TABLE "task_students" (
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "task_students_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_students" ADD CONSTRAINT "task_students_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_students" ADD CONSTRAINT "task_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_agency_idx" ON "tasks" USING btree ("agency_id","deadline","id");--> statement-breakpoint
CREATE INDEX "tasks_class_idx" ON "tasks" USING btree ("class_id","deadline");--> statement-breakpoint
CREATE INDEX "tasks_scheme_idx" ON "tasks" USING btree ("scheme_id");--> statement-breakpoint
CREATE INDEX "task_students_user_idx" ON "task_students" USING btree ("user_id");--> statement-breakpoint
-- A training of a task carries the task; one training per (task, student), whatever its status (so one open
-- training per (scheme, task) as well). Practice trainings (task_id null) keep one running per (scheme, student).
ALTER TABLE "trainings" ADD COLUMN "task_id" bigint;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "trainings_one_running_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_one_running_idx" ON "trainings" USING btree ("scheme_id","user_id") WHERE "trainings"."status" = 'running' AND "trainings"."task_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_task_user_idx" ON "trainings" USING btree ("task_id","user_id") WHERE "trainings"."task_id" IS NOT NULL;
