-- What a request re-reads on every call (its session and user, the organisation, the member's
-- role, the project and the member's role in it) is cached by each app instance (#53). Whatever
-- changes one of those rows, from any instance or by hand, says so on the 'assay_identity'
-- channel when it commits: 'u:<user id>' for a session or a user, 'o:<organisation id>' for the
-- rest, each followed by '@<transaction id>'. A change of only the columns named as the trigger's arguments (a session's last sighting,
-- a project's card version, the time a row was updated) says nothing.
CREATE OR REPLACE FUNCTION assay_identity_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  now_is jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  changed jsonb := coalesce(now_is, was);
BEGIN
  IF was IS NOT NULL AND now_is IS NOT NULL AND (was - TG_ARGV) = (now_is - TG_ARGV) THEN
    RETURN NULL;
  END IF;
  -- '@' and the transaction: every listening connection of an instance hears it, once is enough.
  PERFORM pg_notify('assay_identity', CASE TG_TABLE_NAME
    WHEN 'sessions' THEN 'u:' || (changed->>'user_id')
    WHEN 'users' THEN 'u:' || (changed->>'id')
    WHEN 'organizations' THEN 'o:' || (changed->>'id')
    ELSE 'o:' || (changed->>'organization_id')
  END || '@' || txid_current()::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assay_identity AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed('last_seen_at');
--> statement-breakpoint
CREATE TRIGGER assay_identity AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed('updated_at', 'mfa_last_step');
--> statement-breakpoint
CREATE TRIGGER assay_identity AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed('updated_at');
--> statement-breakpoint
CREATE TRIGGER assay_identity AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed('updated_at');
--> statement-breakpoint
-- Every card write moves its project's card version: the trigger is not even called for an
-- update that names none of these columns (a test checks they are all of the table's but the card
-- version and the time it was updated).
CREATE TRIGGER assay_identity AFTER INSERT OR DELETE OR UPDATE OF id, organization_id, name,
  description, language, status, status_note, status_reason, settings, project_tags,
  created_by_profile_id, created_at, canvas, custom_fields, prioritization, kind, dashboard,
  market, investment, petal, generated, cohort_id, is_sample, email ON projects
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed('cards_version', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER assay_identity AFTER INSERT OR UPDATE OR DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION assay_identity_changed();
