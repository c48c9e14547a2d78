import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn, profiles } from '../organizations/schema.ts';

/** A notification to one member (part 2 §3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    actorProfileId: uuid('actor_profile_id'),
    /** mention, comment, assignment, phase or invitation */
    action: text('action').notNull(),
    /** inbox (addressed to the member: mentions, assignments) or notifications */
    section: text('section').notNull(),
    projectId: uuid('project_id'),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    /** What it is about, as it read when it happened. */
    title: text('title').notNull().default(''),
    read: boolean('read').notNull().default(false),
    isFavorite: boolean('is_favorite').notNull().default(false),
    /** Set once a daily digest has carried it. */
    digestedAt: text('digested_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_profile_created_idx').on(t.profileId, t.createdAt)],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** How often a member hears of each action, per organisation or per project. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** null: the organisation-wide preference */
    projectId: uuid('project_id'),
    /** immediately or daily */
    frequency: text('frequency').notNull().default('immediately'),
    /** Email as well as the inbox. */
    email: boolean('email').notNull().default(true),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // One organisation-wide row (no project) and one per project, per member.
    uniqueIndex('notification_preferences_scope_idx').on(
      t.profileId,
      sql`coalesce(${t.projectId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/**
 * When a member last got the weekly "what to test next" mail of a project (issue #24): at most
 * one a week, claimed by a single conditional upsert so parallel senders cannot both send.
 */
export const learningDigests = pgTable(
  'learning_digests',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.projectId] })],
);
