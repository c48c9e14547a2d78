/**
 * The planner's statistics on PGlite (issue #28). PGlite has no autovacuum daemon, so the server
 * refreshes them now and then, as autovacuum would. It used to analyse the whole database each
 * minute: PGlite runs in the server's own thread, so every request waited for it, 70 ms on an
 * empty database (the system catalogues too) and 170 ms with 6,000 cards, more as the data grows.
 * Now only the tables changed by more than autovacuum's analyse threshold since they were last
 * analysed (50 rows and a tenth of the table) are analysed, one at a time, so requests run
 * between them; a minute with no writes analyses nothing.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Autovacuum's defaults: `autovacuum_analyze_threshold` and `autovacuum_analyze_scale_factor`. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Analyses the tables that changed enough since their last analysis; returns their names. */
export async function refreshStatistics(pglite: PGlite): Promise<string[]> {
  // Changes still counted in this backend only are written to the statistics first.
  await pglite.query('select pg_stat_force_next_flush()');
  const { rows } = await pglite.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_mod_since_analyze > $1 + $2 * greatest(c.reltuples, 0)
      order by s.n_mod_since_analyze desc`,
    [ANALYZE_THRESHOLD, ANALYZE_SCALE_FACTOR],
  );
  const analysed: string[] = [];
  for (const { name } of rows) {
    if (pglite.closed) break;
    await pglite.exec(`analyze ${name}`);
    analysed.push(name);
  }
  return analysed;
}

/** Refreshes the statistics every `everyMs`; a refresh still running is not started again. */
export function scheduleStatistics(pglite: PGlite, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || pglite.closed) return;
    running = true;
    refreshStatistics(pglite)
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
