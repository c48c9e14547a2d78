import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_COHORT_SETTINGS, type CohortSettings } from '@assay/domain';
import { at, createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn, profiles } from '../organizations/schema.ts';

export interface CohortPayment {
  editorPay: boolean;
  manual: boolean;
  editorFeeInCents: number;
}
export interface CohortInfo {
  agency?: string;
  hub?: string;
  adminPartners?: string;
  university?: string;
}
export interface CohortBilling {
  accountCode?: string;
  cardOnFile?: boolean;
  invalidCard?: boolean;
  cardExpiresAt?: string | null;
  expirationDate?: string | null;
  manual?: boolean;
}
export interface CohortLimits {
  transcriptionHours?: number | null;
}
export interface CohortVideo {
  id: string;
  title: string;
  url: string;
}
export interface CohortResource {
  id: string;
  title: string;
  link: string;
}

/** A cohort (part 2 §3 Cohort): a classroom programme of teams on the academic license. */
export const cohorts = pgTable(
  'cohorts',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** 0 Sunday … 6 Saturday. */
    weekBeginsOn: integer('week_begins_on').notNull().default(1),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    endsAtDisplay: at('ends_at_display'),
    deactivatesAt: at('deactivates_at'),
    location: text('location').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Being created (invites, then teams and members) until published. */
    draft: boolean('draft').notNull().default(true),
    settings: jsonb('settings').$type<CohortSettings>().notNull().default(DEFAULT_COHORT_SETTINGS),
    payment: jsonb('payment')
      .$type<CohortPayment>()
      .notNull()
      .default({ editorPay: false, manual: false, editorFeeInCents: 0 }),
    info: jsonb('info').$type<CohortInfo>().notNull().default({}),
    resources: jsonb('resources').$type<CohortResource[]>().notNull().default([]),
    /** Course videos; who watched them is in cohort_video_views. */
    videos: jsonb('videos').$type<CohortVideo[]>().notNull().default([]),
    /** The cohort's own billing account at the card processor (cohort invoices and adjustments). */
    billing: jsonb('billing').$type<CohortBilling>().notNull().default({}),
    /** The canvas template new teams start from (the organisation's default when null). */
    defaultCanvasId: text('default_canvas_id'),
    /** What the cohort's teams may use: transcription hours across all of them. */
    limits: jsonb('limits').$type<CohortLimits>().notNull().default({}),
    createdByProfileId: uuid('created_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('cohorts_organization_slug_idx').on(t.organizationId, t.slug),
    index('cohorts_organization_idx').on(t.organizationId, t.createdAt),
  ],
);
export type CohortRow = typeof cohorts.$inferSelect;

/** A person's role in a cohort (admin, instructor, mentor, guest, observer). */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** When the member paid the cohort's editor fee (editor pay cohorts). */
    paidAt: at('paid_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('cohort_members_cohort_profile_idx').on(t.cohortId, t.profileId),
    index('cohort_members_profile_idx').on(t.profileId),
  ],
);
export type CohortMemberRow = typeof cohortMembers.$inferSelect;

/** A presentation of a cohort (part 2 §3 Presentation): the teams present, staff score and comment. */
export const presentations = pgTable(
  'presentations',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    guidelines: text('guidelines').notNull().default(''),
    instructorCritique: text('instructor_critique').notNull().default(''),
    /** One of the nine guideline sessions, if the presentation closes one. */
    session: text('session'),
    presentationDate: at('presentation_date'),
    createdByProfileId: uuid('created_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('presentations_cohort_idx').on(t.cohortId)],
);
export type PresentationRow = typeof presentations.$inferSelect;

/** One team's part in a presentation: its media (media collection presentations) and scores. */
export const teamPresentations = pgTable(
  'team_presentations',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    presentationId: uuid('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    /** The team's own title for what it presents (empty: the presentation's name). */
    name: text('name').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('team_presentations_presentation_project_idx').on(t.presentationId, t.projectId),
  ],
);
export type TeamPresentationRow = typeof teamPresentations.$inferSelect;

/** A score (1 to 5) given by an instructor or mentor to a team's presentation; one each. */
export const presentationScores = pgTable(
  'presentation_scores',
  {
    teamPresentationId: uuid('team_presentation_id')
      .notNull()
      .references(() => teamPresentations.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.teamPresentationId, t.profileId] })],
);

/** Who watched which course video of a cohort (part 2 §3 cohortVideoWatched). */
export const cohortVideoViews = pgTable(
  'cohort_video_views',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    watchedAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.videoId, t.profileId] })],
);

/**
 * Every team's map and metrics at the end of a cohort week (issue #24), taken once by the job on
 * the cohort's week boundary, for instructors to compare week N with week M.
 */
export const cohortSnapshots = pgTable(
  'cohort_snapshots',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    teamId: uuid('team_id').notNull(),
    teamName: text('team_name').notNull(),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull(),
    points: jsonb('points')
      .$type<{ id: string; title: string; quadrant: string; state: string }[]>()
      .notNull(),
    takenAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.week, t.teamId] })],
);
