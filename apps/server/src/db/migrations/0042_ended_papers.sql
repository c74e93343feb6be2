-- A student's ended papers, read by the sealing rule on every draw and answer outside a paper together with the
-- running trainings (docs/practice-engine.md "Sealing"): an ended paper whose corrections wait still holds its
-- questions. Found without scanning the student's practice history.
CREATE INDEX "trainings_ended_paper_user_idx" ON "trainings" USING btree ("user_id")
  WHERE "status" <> 'running' AND coalesce("scheme"->>'type', 'general') = 'paper';
