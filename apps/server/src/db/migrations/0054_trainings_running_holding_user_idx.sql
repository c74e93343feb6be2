-- A student's running trainings that may hold questions (a paper, a task's, a lesson's; docs/practice-engine.md
-- "Sealing"), found without reading the student's running practice: the answer's statement asks on every answer
-- whether another training of the student may hold (`othersMayHold`), and through `trainings_running_user_idx` it
-- read the heap page of every entry of the student — the running practice itself, and every version an update could
-- not keep in its page, until the next vacuum (docs/performance.md "The running trainings that may hold"). The
-- predicate is the rule's own (sealing.repository.ts `isRunning`, `mayHold`), written the same way so that the
-- planner can prove it.
CREATE INDEX "trainings_running_holding_user_idx" ON "trainings" USING btree ("user_id")
  WHERE "status" = 'running'
    AND (coalesce("scheme"->>'type', 'general') = 'paper' OR "task_id" IS NOT NULL OR "scheme" ? 'lessonId');
