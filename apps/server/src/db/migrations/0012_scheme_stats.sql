CREATE TABLE "scheme_stat_buckets" (
	"scheme_id" bigint NOT NULL,
	"agency_id" text NOT NULL,
	"level" integer NOT NULL,
	"bucket" integer NOT NULL,
	"question_id" bigint NOT NULL,
	"score" double precision NOT NULL,
	"total" double precision NOT NULL,
	"n" integer NOT NULL,
	"attempted" integer NOT NULL,
	CONSTRAINT "scheme_stat_buckets_scheme_id_agency_id_level_bucket_question_id_score_total_pk" PRIMARY KEY("scheme_id","agency_id","level","bucket","question_id","score","total")
);
--> statement-breakpoint
CREATE TABLE "scheme_stat_items" (
	"training_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"scheme_id" bigint NOT NULL,
	"agency_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"score" double precision NOT NULL,
	"total" double precision NOT NULL,
	"attempted" boolean NOT NULL,
	CONSTRAINT "scheme_stat_items_training_id_question_id_pk" PRIMARY KEY("training_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "scheme_stat_trainings" (
	"training_id" bigint PRIMARY KEY NOT NULL,
	"scheme_id" bigint NOT NULL,
	"agency_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	"score" double precision NOT NULL,
	"max_score" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheme_stat_items" ADD CONSTRAINT "scheme_stat_items_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_stat_trainings" ADD CONSTRAINT "scheme_stat_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheme_stat_items_scheme_idx" ON "scheme_stat_items" USING btree ("scheme_id","agency_id","started_at");--> statement-breakpoint
CREATE INDEX "scheme_stat_trainings_scheme_idx" ON "scheme_stat_trainings" USING btree ("scheme_id","agency_id","started_at");--> statement-breakpoint
CREATE INDEX "scheme_stat_trainings_user_idx" ON "scheme_stat_trainings" USING btree ("agency_id","user_id","started_at");