-- No answer is readable before it is due (docs/question-bank.md "Public preview", docs/judging.md "Who sees an answer when"):
-- 1. A publication says whether visitors see the standard answer and explanation after trying the question
--    (default no: they get the verdict and the score only).
-- 2. A question that a switched-on paper names, or that a running training drew, is not public: the public read
--    and the public answer test check both on every call, each through a partial GIN index over a small jsonb
--    value (the paper's fixed question ids; a draw event's question ids), so the check costs two index probes.
ALTER TABLE "question_publications" ADD COLUMN "show_answer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "schemes_on_paper_questions_idx" ON "schemes" USING gin ((jsonb_path_query_array("phases", '$[*].points[*].selectors.questionIds[*]')) jsonb_path_ops) WHERE "status" = 'on' AND "type" = 'paper';--> statement-breakpoint
CREATE INDEX "training_events_drawn_idx" ON "training_events" USING gin (("event" -> 'questionIds') jsonb_path_ops) WHERE "event" ->> 'type' = 'draw';
