/** The card processor's webhook notifications (#30): each taken once, by its id. */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAtColumn } from '../../platform/db/columns.ts';

export const billingNotifications = pgTable('billing_notifications', {
  /** The notification's own id: a replay finds it here and changes nothing. */
  id: text('id').primaryKey(),
  objectType: text('object_type').notNull(),
  eventType: text('event_type').notNull(),
  /** The object's uuid or id (subscription, invoice). */
  objectId: text('object_id').notNull(),
  eventTime: at('event_time'),
  /** The organisation it was about, when one was found. */
  organizationId: text('organization_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: createdAtColumn(),
  processedAt: at('processed_at'),
});
