/**
 * A write of the cards module as one SQL statement (#53): rows come back as row_to_json, and the
 * statement runs prepared, each form of its text under its own name.
 */
import { createHash } from 'node:crypto';
import { is, Placeholder, type SQL } from 'drizzle-orm';
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
  return services.database.executeSql(query.sql, query.params, nameOf(prefix, query.sql));
}

function nameOf(prefix: string, text: string) {
  let name = names.get(text);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

interface Compiled {
  text: string;
  name: string;
  /** Each parameter: the name of the value it takes, or its value when the form fixes it. */
  slots: ({ value: string } | { fixed: unknown })[];
}

/**
 * A prepared statement whose text depends only on its form (which optional parts it has): built
 * with drizzle's `sql` and compiled the first time each form runs in an app, its values as
 * `sql.placeholder(name)`, then run with each call's values alone. A card create spent ~8 % of
 * its CPU building and compiling the same text again (#53, bench/README).
 */
export function preparedOnce<Values extends Record<string, unknown>>(
  prefix: string,
  build: (services: AppServices, form: string) => SQL,
) {
  // Per app: what a form compiles to depends on the app's event handlers (processedAtSql).
  const compiled = new WeakMap<AppServices, Map<string, Compiled>>();
  return async (services: AppServices, form: string, values: Values) => {
    let forms = compiled.get(services);
    if (!forms) compiled.set(services, (forms = new Map()));
    let statement = forms.get(form);
    if (!statement) {
      const query = dialect.sqlToQuery(build(services, form));
      statement = {
        text: query.sql,
        name: nameOf(prefix, query.sql),
        slots: query.params.map((param) =>
          is(param, Placeholder) ? { value: param.name } : { fixed: param },
        ),
      };
      forms.set(form, statement);
    }
    const params = statement.slots.map((slot) => {
      if ('fixed' in slot) return slot.fixed;
      if (!(slot.value in values)) throw new Error(`${prefix}: no value for ${slot.value}`);
      return values[slot.value];
    });
    return services.database.executeSql(statement.text, params, statement.name);
  };
}
