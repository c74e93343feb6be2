-- AI reading (docs/reading.md "Settings and call log"): provider settings (the platform default with agency_id
-- null, at most one; one override per agency) and the call log, kept AI_CALL_LOG_RETENTION_DAYS.
CREATE TABLE "reading_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reading_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text,
	"provider" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"input_price_per_1k" double precision DEFAULT 0 NOT NULL,
	"output_price_per_1k" double precision DEFAULT 0 NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_settings" ADD CONSTRAINT "reading_settings_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_settings_scope_idx" ON "reading_settings" USING btree (coalesce("agency_id", ''));--> statement-breakpoint
CREATE TABLE "reading_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reading_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_calls" ADD CONSTRAINT "reading_calls_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_calls_agency_idx" ON "reading_calls" USING btree ("agency_id","at","id");--> statement-breakpoint
CREATE INDEX "reading_calls_at_idx" ON "reading_calls" USING btree ("at","id");
