-- The store (docs/store.md): the subject and grade a repository is searched by, and a platform admin's withdrawal
-- of a shared repository from the store with its reason, on both kinds of repositories.
ALTER TABLE "question_repos" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "question_repos" ADD COLUMN "grade_id" text;--> statement-breakpoint
ALTER TABLE "question_repos" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_repos" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "question_repos" ADD COLUMN "withdrawn_by" bigint;--> statement-breakpoint
ALTER TABLE "question_repos" ADD CONSTRAINT "question_repos_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_repos" ADD CONSTRAINT "question_repos_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_repos" ADD CONSTRAINT "question_repos_withdrawn_by_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repos" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "train_repos" ADD COLUMN "grade_id" text;--> statement-breakpoint
ALTER TABLE "train_repos" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "train_repos" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "train_repos" ADD COLUMN "withdrawn_by" bigint;--> statement-breakpoint
ALTER TABLE "train_repos" ADD CONSTRAINT "train_repos_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repos" ADD CONSTRAINT "train_repos_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repos" ADD CONSTRAINT "train_repos_withdrawn_by_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
