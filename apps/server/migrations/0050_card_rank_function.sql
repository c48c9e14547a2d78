-- The rank after another, as fractional-indexing's generateKeyBetween(a, null) makes it (base 62
-- digits, integer heads A-Z and a-z, compared in the C collation): null gives 'a0'.
CREATE OR REPLACE FUNCTION assay_rank_after(a text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  head integer;
  size integer;
  run text;
  position integer;
  d integer;
BEGIN
  IF a IS NULL THEN
    RETURN 'a0';
  END IF;
  head := ascii(a);
  IF head BETWEEN 97 AND 122 THEN
    size := head - 97 + 2;
  ELSIF head BETWEEN 65 AND 90 THEN
    size := 90 - head + 2;
  ELSE
    RAISE EXCEPTION 'not a rank: %', a;
  END IF;
  IF length(a) < size THEN
    RAISE EXCEPTION 'not a rank: %', a;
  END IF;
  run := substr(a, 2, size - 1);
  FOR position IN REVERSE length(run)..1 LOOP
    d := strpos(digits, substr(run, position, 1));
    IF d = 0 THEN
      RAISE EXCEPTION 'not a rank: %', a;
    END IF;
    IF d < 62 THEN
      RETURN chr(head) || substr(run, 1, position - 1) || substr(digits, d + 1, 1)
        || repeat('0', length(run) - position);
    END IF;
  END LOOP;
  -- Every digit carried: the head moves up and the digit run grows or shrinks with it.
  IF head = 122 THEN
    RAISE EXCEPTION 'no rank after %', a;
  ELSIF head = 90 THEN
    RETURN 'a0';
  ELSIF head >= 97 THEN
    RETURN chr(head + 1) || repeat('0', length(run) + 1);
  ELSE
    RETURN chr(head + 1) || repeat('0', length(run) - 1);
  END IF;
END
$$;
--> statement-breakpoint
-- The next canvas rank of a section, appended at its end. The project's row is locked first (as
-- the card version's update would lock it), and the last rank is read after the lock in a
-- statement of its own: cards created at once in one section get distinct ranks in order.
CREATE OR REPLACE FUNCTION assay_append_canvas_rank(project uuid, section text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last text;
BEGIN
  PERFORM 1 FROM projects WHERE id = project FOR NO KEY UPDATE;
  SELECT max(canvas_rank) INTO last FROM hypotheses
    WHERE project_id = project AND canvas_section = section;
  RETURN assay_rank_after(last);
END
$$;
