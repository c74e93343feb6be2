-- A student's running trainings, read by the sealing rule on every draw and answer outside a paper
-- (docs/practice-engine.md "Sealing"): few rows per student, found without scanning their history.
CREATE INDEX "trainings_running_user_idx" ON "trainings" USING btree ("user_id") WHERE "status" = 'running';
