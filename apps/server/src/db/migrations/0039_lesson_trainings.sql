-- The training of a lesson (docs/lessons.md "The engine in the lesson"): the questions the teacher pushes into a
-- lesson make one general training of the lesson's student, judged and recorded as any training. Its scheme_id is
-- minus the lesson's id (it has no scheme), so the one-running index keeps one running training per lesson and student
-- and no scheme's lists or statistics meet it; this unique index keeps one training per lesson and student for good.
ALTER TABLE "trainings" ADD COLUMN IF NOT EXISTS "lesson_id" bigint;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "trainings_lesson_user_idx" ON "trainings" USING btree ("lesson_id","user_id") WHERE "trainings"."lesson_id" IS NOT NULL;
