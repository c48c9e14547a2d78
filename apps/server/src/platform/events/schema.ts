import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from '../../modules/organizations/schema.ts';
import { at, createdAtColumn, idColumn } from '../db/columns.ts';

/**
 * Domain events, written in the same transaction as the change they describe. After commit they
 * feed the realtime bus and, through the job queue, the feed, notifications, access logs and
 * integrations.
 */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    /** resource.verb, e.g. cards.move */
    name: text('name').notNull(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id'),
    actorId: uuid('actor_id'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the change came from: ip and device of the request, the browser tab's id, the request's id. */
    context: jsonb('context')
      .$type<{ ip?: string; device?: string; clientId?: string; requestId?: string }>()
      .notNull()
      .default({}),
    createdAt: createdAtColumn(),
    processedAt: at('processed_at'),
  },
  (t) => [
    index('events_organization_created_idx').on(t.organizationId, t.createdAt),
    index('events_project_created_idx').on(t.projectId, t.createdAt),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEvent = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'processedAt'>;
