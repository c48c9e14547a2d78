-- The section's last rank, with a plan kept from call to call that cannot depend on the table's
-- statistics: the function runs with sequential scans, bitmap scans and sorts off, so the only
-- plan PostgreSQL can price as possible is the last entry of the (project, section, rank) index,
-- read backwards. Migration 0051 had the same plan by planning the query on each call (EXECUTE),
-- ~0.1 ms a card create on PGlite; a plan cached while the table was nearly empty would otherwise
-- read every rank of the section on each create.
CREATE OR REPLACE FUNCTION assay_append_canvas_rank(project uuid, section text) RETURNS text
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET enable_bitmapscan = off
SET enable_sort = off
AS $$
DECLARE
  last text;
BEGIN
  PERFORM 1 FROM projects WHERE id = project FOR NO KEY UPDATE;
  SELECT canvas_rank INTO last FROM hypotheses
  WHERE project_id = project AND canvas_section = section
  ORDER BY canvas_rank DESC LIMIT 1;
  RETURN assay_rank_after(last);
END
$$;
