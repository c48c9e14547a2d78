/**
 * Partial updates of a JSON column done by the database in the UPDATE itself: two people changing
 * different keys at once both keep their change (a merge read in the app and written back loses
 * whichever write lands first).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `column || patch`: the patch's keys replace the column's, every other key stays. */
export function mergeJson(column: AnyColumn, patch: Record<string, unknown>): SQL {
  return sql`coalesce(${column}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`;
}

/**
 * `column` with one of its object keys merged with a patch (`{seen: {...}}` style): the other keys
 * and the key's other entries stay, whoever wrote them in between.
 */
export function mergeJsonKey(column: AnyColumn, key: string, patch: Record<string, unknown>): SQL {
  return sql`jsonb_set(coalesce(${column}, '{}'::jsonb), ${`{${key}}`}::text[], coalesce(${column} -> ${key}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`;
}
