DROP INDEX "question_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "questions_active_agency_kp_idx" ON "questions" USING btree ("agency_id","knowledge_code" text_pattern_ops,"type","updated_at","id") WHERE "questions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "questions_active_agency_updated_idx" ON "questions" USING btree ("agency_id","updated_at","id","knowledge_code","type") WHERE "questions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "question_tags_tag_idx" ON "question_tags" USING btree ("tag_id","question_id");