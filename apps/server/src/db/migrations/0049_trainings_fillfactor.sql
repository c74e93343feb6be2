-- Room on each page of `trainings` for the next version of its rows. An answer rewrites its training's row, and
-- PostgreSQL leaves the indexes untouched (a HOT update) only when the new version fits on the row's own page: at
-- the default fill a third of the answers' updates found no room and wrote an entry into each of the table's eight
-- indexes. Pages filled from now on keep half their space free.
-- Measured in docs/performance.md "An answer's cost and the training's length".
ALTER TABLE "trainings" SET (fillfactor = 50);
