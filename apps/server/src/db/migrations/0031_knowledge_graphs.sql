-- Knowledge graphs (docs/knowledge-graph.md): platform-wide groups of knowledge points (items) with directed
-- prerequisite edges. An edge's two ends lie in its group (composite foreign keys on (group_id, id)) and go with
-- their items; the per-agency system scheme of graph practice is kept apart so scheme lists can leave it out.
CREATE TABLE "graph_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graph_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"subject_id" text NOT NULL,
	"grade_id" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graph_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graph_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"knowledge_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"x" double precision,
	"y" double precision,
	"resources" jsonb DEFAULT '{"schemeIds":[],"questionIds":[],"videoUrl":null}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graph_edges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graph_edges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"from_item_id" bigint NOT NULL,
	"to_item_id" bigint NOT NULL,
	CONSTRAINT "graph_edges_not_self" CHECK ("from_item_id" <> "to_item_id")
);
--> statement-breakpoint
CREATE TABLE "graph_practice_schemes" (
	"agency_id" text PRIMARY KEY NOT NULL,
	"scheme_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graph_groups" ADD CONSTRAINT "graph_groups_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_groups" ADD CONSTRAINT "graph_groups_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_items" ADD CONSTRAINT "graph_items_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."graph_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_items" ADD CONSTRAINT "graph_items_knowledge_code_fk" FOREIGN KEY ("knowledge_code") REFERENCES "public"."knowledge_points"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graph_items_group_code_key" ON "graph_items" USING btree ("group_id","knowledge_code");--> statement-breakpoint
CREATE UNIQUE INDEX "graph_items_group_id_key" ON "graph_items" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "graph_items_code_idx" ON "graph_items" USING btree ("knowledge_code");--> statement-breakpoint
ALTER TABLE "graph_edges" ADD CONSTRAINT "graph_edges_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."graph_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_edges" ADD CONSTRAINT "graph_edges_from_fk" FOREIGN KEY ("group_id","from_item_id") REFERENCES "public"."graph_items"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_edges" ADD CONSTRAINT "graph_edges_to_fk" FOREIGN KEY ("group_id","to_item_id") REFERENCES "public"."graph_items"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graph_edges_group_pair_key" ON "graph_edges" USING btree ("group_id","from_item_id","to_item_id");--> statement-breakpoint
CREATE INDEX "graph_edges_to_idx" ON "graph_edges" USING btree ("to_item_id");--> statement-breakpoint
ALTER TABLE "graph_practice_schemes" ADD CONSTRAINT "graph_practice_schemes_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_practice_schemes" ADD CONSTRAINT "graph_practice_schemes_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graph_practice_schemes_scheme_key" ON "graph_practice_schemes" USING btree ("scheme_id");
