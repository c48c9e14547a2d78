/**
 * Prepared statements for the hottest lookups (every request makes them): built once per
 * database, so neither the query builder nor PostgreSQL's parser works on them again.
 */
import type { Db, Executor } from './index.ts';
import { nameStatement } from './statement-names.ts';

const statements = new WeakMap<object, Map<string, unknown>>();

/** The statement `name` on this database, built by `build` the first time it is asked for. */
export function prepared<T>(executor: Executor, name: string, build: (db: Db) => T): T {
  let byName = statements.get(executor);
  if (!byName) {
    byName = new Map();
    statements.set(executor, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(executor as Db);
    byName.set(name, statement);
    // On PGlite the client runs a named text prepared, as node-postgres does by the name.
    const query = (statement as { getQuery?: () => { sql: string } }).getQuery?.();
    if (query) nameStatement(query.sql, name);
  }
  return statement;
}
