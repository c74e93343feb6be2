CREATE TABLE "schemes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"train_repo_id" bigint NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"creator_id" bigint,
	"init_phase" text NOT NULL,
	"init_point" text NOT NULL,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"kp_range" text[] DEFAULT '{}' NOT NULL,
	"phases" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_repo_subscriptions" (
	"agency_id" text NOT NULL,
	"repo_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_repo_subscriptions_agency_id_repo_id_pk" PRIMARY KEY("agency_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "train_repos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "train_repos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_train_repo_id_train_repos_id_fk" FOREIGN KEY ("train_repo_id") REFERENCES "public"."train_repos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repo_subscriptions" ADD CONSTRAINT "train_repo_subscriptions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repo_subscriptions" ADD CONSTRAINT "train_repo_subscriptions_repo_id_train_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."train_repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_repos" ADD CONSTRAINT "train_repos_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schemes_agency_updated_idx" ON "schemes" USING btree ("agency_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "schemes_repo_updated_idx" ON "schemes" USING btree ("train_repo_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "schemes_creator_idx" ON "schemes" USING btree ("creator_id","updated_at");--> statement-breakpoint
CREATE INDEX "train_repo_subscriptions_repo_idx" ON "train_repo_subscriptions" USING btree ("repo_id");--> statement-breakpoint
CREATE INDEX "train_repos_agency_idx" ON "train_repos" USING btree ("agency_id","id");--> statement-breakpoint
CREATE INDEX "train_repos_shared_idx" ON "train_repos" USING btree ("shared");