-- An answer record's student checked by the same trigger as its agency instead of a foreign key
-- (docs/performance.md "The student's row locked by every answer"). The foreign key locked the student's row
-- (FOR KEY SHARE) for every answer: a row lock is a write of the row's header, logged to the WAL, and it cost the
-- answer's statement more than any of its other checks. One query per statement now looks for a record whose
-- agency or student does not exist, without locking either. What the lock protected against — a student deleted
-- while their answers are written — is closed from the deleting side as for agencies (migration 0053): deleting a
-- user (or changing a user's id) locks answer_records against writers first.
ALTER TABLE answer_records DROP CONSTRAINT answer_records_user_id_users_id_fk;
--> statement-breakpoint
DROP TRIGGER answer_records_agency_insert ON answer_records;
--> statement-breakpoint
DROP TRIGGER answer_records_agency_update ON answer_records;
--> statement-breakpoint
DROP FUNCTION answer_records_agency_exists();
--> statement-breakpoint
CREATE FUNCTION answer_records_owners_exist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n
              WHERE NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)
                 OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)) THEN
    IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)) THEN
      RAISE EXCEPTION 'insert or update on table "answer_records" violates the agency check'
        USING ERRCODE = 'foreign_key_violation', DETAIL = 'An answer record''s agency_id must name an agency.';
    END IF;
    RAISE EXCEPTION 'insert or update on table "answer_records" violates the student check'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'An answer record''s user_id must name a user.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER answer_records_owners_insert AFTER INSERT ON answer_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_records_owners_exist();
--> statement-breakpoint
CREATE TRIGGER answer_records_owners_update AFTER UPDATE ON answer_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answer_records_owners_exist();
--> statement-breakpoint
-- The foreign key's ON DELETE CASCADE, as for agencies: the lock first, before any user row goes.
CREATE TRIGGER users_answer_records_lock BEFORE DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION agencies_answer_records_lock();
--> statement-breakpoint
CREATE FUNCTION users_answer_records_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_records r USING old_rows o WHERE r.user_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_answer_records_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_answer_records_deleted();
--> statement-breakpoint
-- The foreign key's ON UPDATE NO ACTION: a user's id does not change while answer records name it.
CREATE FUNCTION users_answer_records_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE answer_records IN SHARE ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM answer_records WHERE user_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "users" violates the student check of "answer_records"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'Answer records still name the user.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_answer_records_update AFTER UPDATE OF id ON users FOR EACH ROW
  WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION users_answer_records_kept();
