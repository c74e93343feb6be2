-- Question lists show each question's knowledge point (name, level), and knowledge points are shared by
-- every agency: any change to them moves the platform-wide row '*' that every bank version includes.
CREATE FUNCTION bank_version_by_knowledge_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_bank_versions(ARRAY['*']);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER knowledge_points_bank_version AFTER INSERT OR UPDATE OR DELETE ON knowledge_points FOR EACH STATEMENT EXECUTE FUNCTION bank_version_by_knowledge_point();
