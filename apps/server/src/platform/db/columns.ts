/** Column builders every table uses, so the same column is written one way. */
import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A random UUID primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** A timestamp with time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const createdAtColumn = () =>
  at('created_at')
    .notNull()
    .default(sql`now()`);
export const updatedAtColumn = () =>
  at('updated_at')
    .notNull()
    .default(sql`now()`);

/** Fractional ranks sort byte-wise, whatever the database's collation. */
export const rankColumn = customType<{ data: string }>({ dataType: () => 'text collate "C"' });
