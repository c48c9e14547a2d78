import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { projects } from '../projects/schema.ts';
import { organizationIdColumn, profiles } from './schema.ts';

/** A member's favourites (projects, collections, cohorts; card favourites are ignored in the side navigation). */
export const favorites = pgTable(
  'favorites',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('favorites_profile_subject_idx').on(t.profileId, t.subjectType, t.subjectId)],
);

/** Named groups of projects (portfolio views). */
export const collections = pgTable(
  'collections',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdByProfileId: uuid('created_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('collections_organization_idx').on(t.organizationId)],
);

export type CollectionRow = typeof collections.$inferSelect;

export const collectionProjects = pgTable(
  'collection_projects',
  {
    id: idColumn(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('collection_projects_pair_idx').on(t.collectionId, t.projectId)],
);
