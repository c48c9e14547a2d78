import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PublicCardContent } from '@assay/domain';
import {
  at,
  createdAtColumn,
  idColumn,
  rankColumn,
  updatedAtColumn,
} from '../../platform/db/columns.ts';
import { cards } from '../cards/schema.ts';
import { organizationIdColumn } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';

/** A project's public board (part 2 §3 Project publicBoard); one per project. */
export const publicBoards = pgTable(
  'public_boards',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** /portal/{link}: unique across every organisation. */
    link: text('link').notNull(),
    /** hidden or public; a board is hidden while it is being made. */
    shareSetting: text('share_setting').notNull().default('hidden'),
    /** initializing until its sections and first category exist, then ready. */
    status: text('status').notNull().default('initializing'),
    imageMediaId: uuid('image_media_id'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('public_boards_project_idx').on(t.projectId),
    uniqueIndex('public_boards_link_idx').on(t.link),
  ],
);
export type PublicBoardRow = typeof publicBoards.$inferSelect;

export const publicCategories = pgTable(
  'public_categories',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => publicBoards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    rank: rankColumn('rank').notNull(),
  },
  (t) => [index('public_categories_board_idx').on(t.boardId, t.rank)],
);
export type PublicCategoryRow = typeof publicCategories.$inferSelect;

/** Roadmap sections (part 2 §3 publicRoadmap sections). */
export const publicSections = pgTable(
  'public_sections',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => publicBoards.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isProtected: boolean('is_protected').notNull().default(false),
    rank: rankColumn('rank').notNull(),
  },
  (t) => [
    uniqueIndex('public_sections_board_key_idx').on(t.boardId, t.key),
    // One default section per board.
    uniqueIndex('public_sections_board_default_idx')
      .on(t.boardId)
      .where(sql`${t.isDefault}`),
  ],
);
export type PublicSectionRow = typeof publicSections.$inferSelect;

/** A hypothesis published to the board: its draft, and its live copy once published. */
export const publicCards = pgTable(
  'public_cards',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => publicBoards.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    section: text('section').notNull(),
    rank: rankColumn('rank').notNull(),
    draft: jsonb('draft').$type<PublicCardContent>().notNull(),
    /** What visitors see; null until published and after unpublishing. */
    live: jsonb('live').$type<PublicCardContent>(),
    version: integer('version').notNull().default(1),
    publishedAt: at('published_at'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('public_cards_board_card_idx').on(t.boardId, t.cardId),
    index('public_cards_board_section_idx').on(t.boardId, t.section, t.rank),
  ],
);
export type PublicCardRow = typeof publicCards.$inferSelect;
