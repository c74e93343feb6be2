-- The answering steps of reading questions inside trainings (docs/reading.md "Answering steps"): one process per
-- (training, question), its answered steps in order, the current index and the answer record once submitted.
CREATE TABLE "reading_processes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reading_processes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"training_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"agency_id" text NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"record_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_processes" ADD CONSTRAINT "reading_processes_training_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_processes" ADD CONSTRAINT "reading_processes_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_processes" ADD CONSTRAINT "reading_processes_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_processes" ADD CONSTRAINT "reading_processes_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."answer_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_processes_training_question_idx" ON "reading_processes" USING btree ("training_id","question_id");
