-- The order of knowledge graphs within their subject (docs/knowledge-graph.md "Model"): the admin list and the
-- students' tabs follow it; existing groups keep their creation order, a new group comes last.
ALTER TABLE "graph_groups" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "graph_groups" SET "sort" = "id"::integer;--> statement-breakpoint
CREATE INDEX "graph_groups_subject_sort_idx" ON "graph_groups" USING btree ("subject_id","sort","id");
