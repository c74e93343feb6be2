CREATE TABLE "wrong_cards" (
	"agency_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"state" integer NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"last_review" timestamp with time zone,
	"streak" integer DEFAULT 0 NOT NULL,
	"mastered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wrong_cards_agency_id_user_id_question_id_pk" PRIMARY KEY("agency_id","user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "wrong_reviews" (
	"user_id" bigint NOT NULL,
	"client_answer_id" text NOT NULL,
	"agency_id" text NOT NULL,
	"question_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"rating" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wrong_reviews_user_id_client_answer_id_pk" PRIMARY KEY("user_id","client_answer_id")
);
--> statement-breakpoint
ALTER TABLE "wrong_cards" ADD CONSTRAINT "wrong_cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_cards" ADD CONSTRAINT "wrong_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_cards" ADD CONSTRAINT "wrong_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_reviews" ADD CONSTRAINT "wrong_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_reviews" ADD CONSTRAINT "wrong_reviews_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_reviews" ADD CONSTRAINT "wrong_reviews_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_reviews" ADD CONSTRAINT "wrong_reviews_record_id_answer_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."answer_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wrong_cards_user_due_idx" ON "wrong_cards" USING btree ("agency_id","user_id","due");--> statement-breakpoint
CREATE INDEX "wrong_reviews_record_idx" ON "wrong_reviews" USING btree ("record_id");