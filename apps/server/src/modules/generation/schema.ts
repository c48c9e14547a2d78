import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { cards } from '../cards/schema.ts';
import { organizationIdColumn } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';

/**
 * One AI generation (part 2 §3 Generation status): a project's generation (projectData,
 * marketData and petalDiagram together), a regeneration of one part, or a card completion.
 * The rows of the current period are the organisation's count against its allowance.
 */
export const generations = pgTable(
  'generations',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The card a completion belongs to (null for project generations). */
    cardId: uuid('card_id').references(() => cards.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** initialized, queued, processing, success or fail */
    status: text('status').notNull().default('initialized'),
    stage: integer('stage').notNull().default(0),
    totalStages: integer('total_stages').notNull().default(1),
    /** The text the generation started from (the description, the notes…). */
    prompt: text('prompt'),
    /** Extra input: the canvas section, the language… */
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    /** The project's sub-generations and their statuses (project generations). */
    parts: jsonb('parts').$type<Record<string, string>>().notNull().default({}),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    provider: text('provider'),
    fellBack: boolean('fell_back').notNull().default(false),
    /** A person changed what this generation wrote; a regeneration leaves it alone. */
    modifiedByUser: boolean('modified_by_user').notNull().default(false),
    requestedByProfileId: uuid('requested_by_profile_id'),
    queuedAt: at('queued_at'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('generations_organization_created_idx').on(t.organizationId, t.createdAt),
    index('generations_project_kind_idx').on(t.projectId, t.kind, t.createdAt),
    index('generations_card_idx')
      .on(t.cardId, t.kind)
      .where(sql`${t.cardId} is not null`),
    // One assistant question at a time per organisation (issue #47): the second insert conflicts.
    uniqueIndex('generations_assistant_running_idx')
      .on(t.organizationId)
      .where(sql`${t.kind} = 'assistant' and ${t.status} = 'processing'`),
  ],
);
export type GenerationRow = typeof generations.$inferSelect;

/**
 * A suggested connection between an evidence card and a hypothesis (lexical similarity), for a
 * person to accept or dismiss; never linked without them.
 */
export const connectionSuggestions = pgTable(
  'connection_suggestions',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id').notNull(),
    evidenceCardId: uuid('evidence_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    hypothesisCardId: uuid('hypothesis_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** The agent's rating, −2 … 2 (#49); null for the suggestions made before it rated. */
    rating: integer('rating'),
    /** The passage of the evidence it rests on, checked word for word, and why. */
    quote: text('quote'),
    reason: text('reason'),
    /** The evidence's version it was read from: a dismissal holds for that version (#49). */
    evidenceVersion: integer('evidence_version'),
    /** pending, accepted or dismissed */
    status: text('status').notNull().default('pending'),
    decidedByProfileId: uuid('decided_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('connection_suggestions_pair_idx').on(t.evidenceCardId, t.hypothesisCardId),
    index('connection_suggestions_hypothesis_idx').on(t.hypothesisCardId),
  ],
);
export type ConnectionSuggestionRow = typeof connectionSuggestions.$inferSelect;

/**
 * When the agent last read an evidence card for suggestions (#49): "Read new evidence" reads the
 * cards never read, or changed since.
 */
export const evidenceReadings = pgTable('evidence_readings', {
  cardId: uuid('card_id')
    .primaryKey()
    .references(() => cards.id, { onDelete: 'cascade' }),
  organizationId: organizationIdColumn(),
  readAt: at('read_at').notNull().defaultNow(),
});
