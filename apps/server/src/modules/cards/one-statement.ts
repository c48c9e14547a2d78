/**
 * A write of the cards module as one SQL statement (#53): rows come back as row_to_json, and the
 * statement runs prepared, each form of its text under its own name.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppServices } from '../../services.ts';

const DATE_KEYS = new Set([
  'createdAt',
  'updatedAt',
  'publishedAt',
  'deletedAt',
  'resultUpdatedAt',
  'processedAt',
  'reviewedAt',
  'reviewRequestedAt',
  'completedAt',
]);

/** Each column's camelCase name, worked out once (the columns are the tables'). */
const camelNames = new Map<string, string>();

/** A row from row_to_json: snake_case keys to camelCase, timestamps to dates. */
export function fromJson<T>(json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in json) {
    let name = camelNames.get(key);
    if (name === undefined) {
      name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      camelNames.set(key, name);
    }
    const value = json[key];
    out[name] = DATE_KEYS.has(name) && typeof value === 'string' ? new Date(value) : value;
  }
  return out as T;
}

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs the statement prepared: PostgreSQL parses and plans it once per connection instead of on
 * every create. Its text has a few forms (a rank given or not, a draft or not), each its own name.
 */
export async function executePrepared(services: AppServices, prefix: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
    names.set(query.sql, name);
  }
  return services.database.executeSql(query.sql, query.params, name);
}
