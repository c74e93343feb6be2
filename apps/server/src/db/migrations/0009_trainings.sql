CREATE TABLE "trainings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"scheme_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"scheme" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"status" text NOT NULL,
	"state" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"max_score" double precision DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "training_id" bigint;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "client_answer_id" text;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "submission" jsonb;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "is_correct" boolean;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "first" boolean;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "answer_records" ADD COLUMN "point" text;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_one_running_idx" ON "trainings" USING btree ("scheme_id","user_id") WHERE "trainings"."status" = 'running';--> statement-breakpoint
CREATE INDEX "trainings_user_idx" ON "trainings" USING btree ("agency_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "trainings_scheme_idx" ON "trainings" USING btree ("scheme_id","started_at");--> statement-breakpoint
ALTER TABLE "answer_records" ADD CONSTRAINT "answer_records_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_records_client_id_idx" ON "answer_records" USING btree ("training_id","client_answer_id");--> statement-breakpoint
CREATE INDEX "answer_records_user_question_idx" ON "answer_records" USING btree ("user_id","question_id");