-- bank_versions moves whenever what an agency's question lists could show changes (schema.ts bankVersions).
-- Statement-level triggers with transition tables: a bulk import bumps each agency once, not per row.
CREATE FUNCTION bump_bank_versions(agency_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO bank_versions (agency_id, version)
  SELECT DISTINCT a, 1 FROM unnest(agency_ids) AS a WHERE a IS NOT NULL
  ON CONFLICT (agency_id) DO UPDATE SET version = bank_versions.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION bank_version_by_agency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM old_rows));
  ELSE
    PERFORM bump_bank_versions(ARRAY(SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bank_version_by_question() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_bank_versions(ARRAY(SELECT q.agency_id FROM new_rows n JOIN questions q ON q.id = n.question_id));
  ELSE
    PERFORM bump_bank_versions(ARRAY(SELECT q.agency_id FROM old_rows o JOIN questions q ON q.id = o.question_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A repository's sharing or deletion changes what its subscribers see, too.
CREATE FUNCTION bank_version_by_repo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_bank_versions(ARRAY(
    SELECT agency_id FROM old_rows
    UNION SELECT s.agency_id FROM repo_subscriptions s WHERE s.repo_id IN (SELECT id FROM old_rows)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER questions_bank_version_ins AFTER INSERT ON questions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER questions_bank_version_upd AFTER UPDATE ON questions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER questions_bank_version_del AFTER DELETE ON questions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER tags_bank_version_ins AFTER INSERT ON tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER tags_bank_version_upd AFTER UPDATE ON tags REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER tags_bank_version_del AFTER DELETE ON tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER question_tags_bank_version_ins AFTER INSERT ON question_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_question();
--> statement-breakpoint
CREATE TRIGGER question_tags_bank_version_del AFTER DELETE ON question_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_question();
--> statement-breakpoint
CREATE TRIGGER repo_subscriptions_bank_version_ins AFTER INSERT ON repo_subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER repo_subscriptions_bank_version_del AFTER DELETE ON repo_subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_agency();
--> statement-breakpoint
CREATE TRIGGER question_repos_bank_version_upd AFTER UPDATE ON question_repos REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_repo();
--> statement-breakpoint
CREATE TRIGGER question_repos_bank_version_del AFTER DELETE ON question_repos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_repo();
