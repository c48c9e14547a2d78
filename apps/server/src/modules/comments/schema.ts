import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn, profiles } from '../organizations/schema.ts';

/** Comments on cards, projects and presentations (part 2 §3 Comment). */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id'),
    /** card, project or presentation */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    ownerProfileId: uuid('owner_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** A reply: the comment it answers. */
    connectedCommentId: uuid('connected_comment_id'),
    engagementType: text('engagement_type'),
    score: integer('score'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('comments_subject_idx')
      .on(t.subjectType, t.subjectId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** One like per profile per comment: liking twice changes nothing. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.profileId] })],
);
