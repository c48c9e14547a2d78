/** Organisation exports (issue #29): one archive per request, kept until its link expires. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn } from '../organizations/schema.ts';

export const organizationExports = pgTable(
  'organization_exports',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    /** The owner who asked (their profile); mailed the link. */
    requestedBy: uuid('requested_by').notNull(),
    /** pending, ready or failed */
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdAt: createdAtColumn(),
    /** When a worker took it (one at a time; a worker gone for an hour leaves it to another). */
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    /** After this the link answers that it expired and the file is removed. */
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('organization_exports_organization_idx').on(t.organizationId, t.createdAt),
    // One export in the making per organisation, however many ask at once.
    uniqueIndex('organization_exports_pending_idx')
      .on(t.organizationId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
