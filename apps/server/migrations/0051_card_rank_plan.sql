-- The section's last rank, read so that its plan does not depend on the table's statistics: the
-- last entry of the (project, section, rank) index, planned on each call (EXECUTE) for the
-- section's actual size. A plan cached while the table was nearly empty (a new install, or cards
-- created faster than autovacuum analyses) read every rank of the section on each create.
CREATE OR REPLACE FUNCTION assay_append_canvas_rank(project uuid, section text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last text;
BEGIN
  PERFORM 1 FROM projects WHERE id = project FOR NO KEY UPDATE;
  EXECUTE 'SELECT canvas_rank FROM hypotheses WHERE project_id = $1 AND canvas_section = $2
    ORDER BY canvas_rank DESC LIMIT 1' INTO last USING project, section;
  RETURN assay_rank_after(last);
END
$$;
