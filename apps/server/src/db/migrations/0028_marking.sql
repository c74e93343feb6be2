-- Manual marking (docs/marking.md): a marker's claim on an answer (expires), the current mark of an answer,
-- and every marking kept as history (who, when, old → new score).
CREATE TABLE "marking_claims" (
	"record_id" bigint PRIMARY KEY NOT NULL,
	"agency_id" text NOT NULL,
	"marker_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_marks" (
	"record_id" bigint PRIMARY KEY NOT NULL,
	"agency_id" text NOT NULL,
	"marker_id" bigint,
	"score" double precision NOT NULL,
	"is_correct" boolean NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_mark_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_mark_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" bigint NOT NULL,
	"agency_id" text NOT NULL,
	"marker_id" bigint,
	"old_score" double precision,
	"new_score" double precision NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marking_claims" ADD CONSTRAINT "marking_claims_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."answer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_claims" ADD CONSTRAINT "marking_claims_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_claims" ADD CONSTRAINT "marking_claims_marker_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_marks" ADD CONSTRAINT "answer_marks_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."answer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_marks" ADD CONSTRAINT "answer_marks_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_marks" ADD CONSTRAINT "answer_marks_marker_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_mark_history" ADD CONSTRAINT "answer_mark_history_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."answer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_mark_history" ADD CONSTRAINT "answer_mark_history_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_mark_history" ADD CONSTRAINT "answer_mark_history_marker_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_mark_history_marker_idx" ON "answer_mark_history" USING btree ("agency_id","marker_id","marked_at","id");--> statement-breakpoint
CREATE INDEX "answer_mark_history_record_idx" ON "answer_mark_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "answer_marks_agency_idx" ON "answer_marks" USING btree ("agency_id","marked_at");--> statement-breakpoint
-- The queue: answers still waiting for a teacher (a manual answer is stored with a null score).
CREATE INDEX "answer_records_pending_idx" ON "answer_records" USING btree ("agency_id","created_at","id") WHERE "score" IS NULL AND "training_id" IS NOT NULL;
