/** Billing's own tables (#30): the processor's notifications, and requests for Enterprise. */
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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

/** Requests for the Enterprise plan (#30 item 5), kept for operators (npm run admin -- requests). */
export const salesRequests = pgTable('sales_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull(),
  profileId: uuid('profile_id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  seats: integer('seats'),
  message: text('message').notNull(),
  createdAt: createdAtColumn(),
  /** When an operator answered it. */
  answeredAt: at('answered_at'),
});
