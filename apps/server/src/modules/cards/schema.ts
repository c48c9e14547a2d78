import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EMPTY_ANALYSIS,
  type ChatConversation,
  type JiraLink,
  type VideoMeeting,
  type ExperimentAnalysis,
  type ProductScore,
  type SuccessCriterion,
  type EvidenceKind,
} from '@assay/domain';
import {
  at,
  createdAtColumn,
  idColumn,
  rankColumn,
  updatedAtColumn,
} from '../../platform/db/columns.ts';
import { organizationIdColumn } from '../organizations/schema.ts';
import { projects } from '../projects/schema.ts';

/** Every card: what all types share. Type-specific parts live in their own tables. */
export const cards = pgTable(
  'cards',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    draft: boolean('draft').notNull().default(true),
    template: boolean('template').notNull().default(false),
    templateName: text('template_name'),
    isEvidence: boolean('is_evidence').notNull().default(false),
    /** What this evidence records (say, do, pay) when the team set it; null: its type's default. */
    evidenceKind: text('evidence_kind').$type<EvidenceKind>(),
    viewed: boolean('viewed').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Custom field values by field id. */
    fields: jsonb('fields')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    origin: text('origin'),
    version: integer('version').notNull().default(1),
    publishedAt: at('published_at'),
    createdAt: createdAtColumn(),
    createdByProfileId: uuid('created_by_profile_id'),
    updatedAt: updatedAtColumn(),
    updatedByProfileId: uuid('updated_by_profile_id'),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('cards_project_type_idx')
      .on(t.projectId, t.type)
      .where(sql`${t.deletedAt} is null`),
    index('cards_project_published_idx')
      .on(t.projectId, t.publishedAt)
      .where(sql`${t.deletedAt} is null and ${t.draft} = false`),
    index('cards_organization_template_idx')
      .on(t.organizationId)
      .where(sql`${t.template} = true and ${t.deletedAt} is null`),
  ],
);
export type CardRow = typeof cards.$inferSelect;

/** A hypothesis (business hypothesis or product idea): its places on the canvas and boards. */
export const hypotheses = pgTable(
  'hypotheses',
  {
    cardId: uuid('card_id')
      .primaryKey()
      .references(() => cards.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    hypothesisType: text('hypothesis_type').notNull().default('business'),
    canvasSection: text('canvas_section').notNull().default('unassigned'),
    canvasRank: rankColumn('canvas_rank').notNull(),
    timelineSection: text('timeline_section'),
    timelineRank: rankColumn('timeline_rank'),
    productStatusSection: text('product_status_section'),
    productStatusRank: rankColumn('product_status_rank'),
    productThemeSection: text('product_theme_section'),
    productThemeRank: rankColumn('product_theme_rank'),
    businessStatus: text('business_status').notNull().default('inTesting'),
    risky: boolean('risky').notNull().default(false),
    /** Its place up the assumptions map, 0…1; null: from its section and risk flag (#24). */
    importance: real('importance'),
    /** The assumptions-map quadrant it was last seen in, so a crossing is noted once (#24). */
    quadrant: text('quadrant'),
    /** A cohort team's review: none, ready, approved or changesRequested (#24). */
    reviewState: text('review_state').notNull().default('none'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    reviewRequestedAt: at('review_requested_at'),
    result: text('result').notNull().default('none'),
    resultReason: text('result_reason'),
    resultUpdatedBy: uuid('result_updated_by'),
    resultUpdatedAt: at('result_updated_at'),
    summary: text('summary').notNull().default(''),
    productScore: jsonb('product_score').$type<ProductScore>().notNull().default({}),
    members: jsonb('members').$type<string[]>().notNull().default([]),
    /** A linked Figma design file: its link, name and thumbnail (part 2 §3 Hypothesis figma). */
    figma: jsonb('figma').$type<{
      url: string;
      name: string;
      thumbnailUrl: string | null;
    } | null>(),
    /** The Jira issue the idea was sent as (part 2 §3 Hypothesis jiraLink). */
    jiraLink: jsonb('jira_link').$type<JiraLink | null>(),
    /** Trello cards linked to the idea (part 2 §3 Hypothesis trelloIds). */
    trelloIds: jsonb('trello_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('hypotheses_project_type_idx').on(t.projectId, t.hypothesisType),
    index('hypotheses_canvas_rank_idx').on(t.projectId, t.canvasSection, t.canvasRank),
  ],
);
export type HypothesisRow = typeof hypotheses.$inferSelect;

/** Rich text of a card, one row per field (description, notes, key insights…). */
export const cardTexts = pgTable(
  'card_texts',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    text: text('text').notNull().default(''),
    rawText: text('raw_text').notNull().default(''),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    /** Written by the agent and not changed by a person since. */
    generated: boolean('generated').notNull().default(false),
    /** Came with its project from another organisation (migrateProject). */
    migrated: boolean('migrated').notNull().default(false),
    updatedAt: updatedAtColumn(),
    updatedByProfileId: uuid('updated_by_profile_id'),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.field] })],
);

/** Sections of the product boards (timeline, product status, product theme) per project. */
export const boardSections = pgTable(
  'board_sections',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sectionType: text('section_type').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#868e96'),
    rank: rankColumn('rank').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    protected: boolean('protected').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('board_sections_project_type_key_idx').on(t.projectId, t.sectionType, t.key)],
);
export type BoardSectionRow = typeof boardSections.$inferSelect;

/** Posts, interviews and other evidence: what they add to the common card. */
export const evidence = pgTable('evidence', {
  cardId: uuid('card_id')
    .primaryKey()
    .references(() => cards.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').notNull(),
  summary: text('summary').notNull().default(''),
  email: text('email'),
  hasEmail: boolean('has_email').notNull().default(false),
  /** When an interview took place. */
  date: at('date'),
  /** Meeting cards: the instructor, mentor or coach engaged. */
  engagement: jsonb('engagement').$type<{ profileId: string | null; type: string } | null>(),
  /** Customer-chat cards (type intercom): the imported conversation. */
  conversation: jsonb('conversation').$type<ChatConversation | null>(),
  /** Interviews: the video meeting they were held in (part 2 §3 Interview). */
  videoMeeting: jsonb('video_meeting').$type<VideoMeeting | null>(),
});
export type EvidenceRow = typeof evidence.$inferSelect;

/** The organisation's contacts: people interviewed, reused across interviews. */
export const interviewees = pgTable(
  'interviewees',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    companyLocation: text('company_location').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [index('interviewees_organization_name_idx').on(t.organizationId, t.name)],
);
export type IntervieweeRow = typeof interviewees.$inferSelect;

export const cardInterviewees = pgTable(
  'card_interviewees',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    intervieweeId: uuid('interviewee_id')
      .notNull()
      .references(() => interviewees.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.intervieweeId] }),
    index('card_interviewees_interviewee_idx').on(t.intervieweeId),
  ],
);

/** A rated link between two cards of a project (hypothesis, evidence, experiment). */
export const connections = pgTable(
  'connections',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id').notNull(),
    /** The pair is stored in id order so it is unique whichever side connects. */
    firstCardId: uuid('first_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    secondCardId: uuid('second_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** -2 … 2, or null (not rated). */
    rating: integer('rating'),
    /** The passage of the evidence the rating rests on (an accepted suggestion's quote, #49). */
    quote: text('quote'),
    ownerProfileId: uuid('owner_profile_id'),
    updatedByProfileId: uuid('updated_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('connections_pair_idx').on(t.firstCardId, t.secondCardId),
    index('connections_second_idx').on(t.secondCardId),
    index('connections_project_idx').on(t.projectId),
  ],
);
export type ConnectionRow = typeof connections.$inferSelect;

/** An experiment: what it adds to the common card (its texts live in card_texts). */
export const experiments = pgTable(
  'experiments',
  {
    cardId: uuid('card_id')
      .primaryKey()
      .references(() => cards.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    experimentType: text('experiment_type').notNull().default('evaluative'),
    phase: text('phase').notNull().default('plan'),
    /** Position in its phase column. */
    rank: rankColumn('rank').notNull(),
    phaseEnteredAt: at('phase_entered_at').notNull().defaultNow(),
    /** Milliseconds spent in each phase left so far. */
    durations: jsonb('durations').$type<Partial<Record<string, number>>>().notNull().default({}),
    completedAt: at('completed_at'),
    dueDate: at('due_date'),
    members: jsonb('members').$type<string[]>().notNull().default([]),
    success: boolean('success'),
    successCriteria: jsonb('success_criteria').$type<SuccessCriterion[]>().notNull().default([]),
    analyze: jsonb('analyze').$type<ExperimentAnalysis>().notNull().default(EMPTY_ANALYSIS),
    keyLearnings: text('key_learnings').notNull().default(''),
  },
  (t) => [index('experiments_project_phase_idx').on(t.projectId, t.phase, t.rank)],
);
export type ExperimentRow = typeof experiments.$inferSelect;

/** What a card looked like at one version (issue #24 history): the fields its history compares. */
export interface CardSnapshot {
  title: string;
  description: string;
  businessStatus: string | null;
  result: string | null;
  resultReason: string | null;
  section: string | null;
  risky: boolean | null;
  phase: string | null;
  deleted: boolean;
  /** Absent in versions kept before it was tracked. */
  published?: boolean;
}

/** A card's versions: who changed it, when, and what it then was (diffs are made on read). */
export const cardVersions = pgTable(
  'card_versions',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id').notNull(),
    /** The card event's action: create, update, text, move, publish, delete, restore… */
    action: text('action').notNull(),
    actorProfileId: uuid('actor_profile_id'),
    snapshot: jsonb('snapshot').$type<CardSnapshot>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.version] })],
);

/**
 * What the team learned, when (issue #24 timeline): a hypothesis validated or invalidated, an
 * experiment completed, a hypothesis crossing into another quadrant of the assumptions map.
 */
export const learningEvents = pgTable(
  'learning_events',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** validated, invalidated, experimentCompleted or quadrant */
    kind: text('kind').notNull(),
    /** For a quadrant: { from, to }; for a result: its reason. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    actorProfileId: uuid('actor_profile_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('learning_events_project_created_idx').on(t.projectId, t.createdAt)],
);
