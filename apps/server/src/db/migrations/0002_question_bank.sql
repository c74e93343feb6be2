CREATE TABLE "answer_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"question_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_repos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_repos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_tags" (
	"question_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "question_tags_question_id_tag_id_pk" PRIMARY KEY("question_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"question_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"repo_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text NOT NULL,
	"judge_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"question_sub" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"knowledge_code" text NOT NULL,
	"sub_knowledge_points" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repo_subscriptions" (
	"agency_id" text NOT NULL,
	"repo_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repo_subscriptions_agency_id_repo_id_pk" PRIMARY KEY("agency_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_records" ADD CONSTRAINT "answer_records_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_records" ADD CONSTRAINT "answer_records_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_records" ADD CONSTRAINT "answer_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_repos" ADD CONSTRAINT "question_repos_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_repo_id_question_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."question_repos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_knowledge_code_knowledge_points_code_fk" FOREIGN KEY ("knowledge_code") REFERENCES "public"."knowledge_points"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_subscriptions" ADD CONSTRAINT "repo_subscriptions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_subscriptions" ADD CONSTRAINT "repo_subscriptions_repo_id_question_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."question_repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_records_question_idx" ON "answer_records" USING btree ("question_id","version");--> statement-breakpoint
CREATE INDEX "answer_records_agency_user_idx" ON "answer_records" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "question_repos_agency_idx" ON "question_repos" USING btree ("agency_id","id");--> statement-breakpoint
CREATE INDEX "question_repos_shared_idx" ON "question_repos" USING btree ("shared");--> statement-breakpoint
CREATE INDEX "question_tags_tag_idx" ON "question_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "questions_agency_kp_idx" ON "questions" USING btree ("agency_id","knowledge_code" text_pattern_ops,"updated_at");--> statement-breakpoint
CREATE INDEX "questions_agency_updated_idx" ON "questions" USING btree ("agency_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "questions_repo_kp_idx" ON "questions" USING btree ("repo_id","knowledge_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "questions_repo_updated_idx" ON "questions" USING btree ("repo_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "questions_agency_type_idx" ON "questions" USING btree ("agency_id","type");--> statement-breakpoint
CREATE INDEX "questions_kp_idx" ON "questions" USING btree ("knowledge_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "questions_search_trgm" ON "questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "repo_subscriptions_repo_idx" ON "repo_subscriptions" USING btree ("repo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_agency_name_key" ON "tags" USING btree ("agency_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_agency_key_key" ON "tags" USING btree ("agency_id","key");