-- An answer record's agency checked by triggers instead of a foreign key
-- (docs/performance.md "The agency's row locked by every answer"). A foreign key locks the row it points at (FOR KEY
-- SHARE) in every transaction that inserts, and the agency is one row that every batch of answers of the agency, and
-- every other insert naming it, locks: locks taken while others hold one make a MultiXact (a list of lockers), which
-- PostgreSQL writes to the WAL and its SLRU files and reads back on every later lock of the row. The check below reads
-- the agency without locking it. What the lock protected against — an agency deleted while its answers are written —
-- is closed from the deleting side: deleting an agency (or changing its id) locks answer_records against writers
-- first, which waits for the writes under way and holds back new ones until it ends.
ALTER TABLE answer_records DROP CONSTRAINT answer_records_agency_id_agencies_id_fk;
--> statement-breakpoint
CREATE FUNCTION answer_records_agency_exists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)) THEN
    RAISE EXCEPTION 'insert or update on table "answer_records" violates the agency check'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An answer record''s agency_id must name an agency.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER answer_records_agency_insert AFTER INSERT ON answer_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_records_agency_exists();
--> statement-breakpoint
-- An update is checked the same way, once a statement (the statistics' update trigger keeps the transition table
-- already).
CREATE TRIGGER answer_records_agency_update AFTER UPDATE ON answer_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_records_agency_exists();
--> statement-breakpoint
-- The foreign key's ON DELETE CASCADE. Before any agency row goes, the lock waits for every transaction writing answer
-- records (their rows are then seen and deleted below) and holds back new ones until this one ends (they then find
-- the agency gone); taken first, so that no writer holding answer_records waits for a row this deletion holds.
CREATE FUNCTION agencies_answer_records_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE answer_records IN SHARE ROW EXCLUSIVE MODE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_answer_records_lock BEFORE DELETE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION agencies_answer_records_lock();
--> statement-breakpoint
CREATE FUNCTION agencies_answer_records_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_records r USING old_rows o WHERE r.agency_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_answer_records_delete AFTER DELETE ON agencies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agencies_answer_records_deleted();
--> statement-breakpoint
-- The foreign key's ON UPDATE NO ACTION: an agency's id does not change while answer records name it (only a change
-- of the id takes the lock; the app never changes one).
CREATE FUNCTION agencies_answer_records_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE answer_records IN SHARE ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM answer_records WHERE agency_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "agencies" violates the agency check of "answer_records"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'Answer records still name the agency.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agencies_answer_records_update AFTER UPDATE OF id ON agencies FOR EACH ROW
  WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION agencies_answer_records_kept();
