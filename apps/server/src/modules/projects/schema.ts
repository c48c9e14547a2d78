import { getTableColumns, sql } from 'drizzle-orm';
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
import {
  EMPTY_INVESTMENT,
  EMPTY_MARKET,
  EMPTY_PETAL,
  type PetalDiagram,
  type ProjectGenerated,
  type ProjectCanvas,
  type ProjectCustomField,
  type ProjectDashboardTexts,
  type ProjectInvestment,
  type ProjectMarket,
  type ProjectSettings,
} from '@assay/domain';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns.ts';
import { organizationIdColumn, profiles } from '../organizations/schema.ts';

export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    /** project, or locker: the organisation's evidence locker (one, hidden from project lists) */
    kind: text('kind').notNull().default('project'),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    /** active, backlog or archive */
    status: text('status').notNull().default('active'),
    statusNote: text('status_note'),
    statusReason: text('status_reason'),
    settings: jsonb('settings').$type<ProjectSettings>().notNull(),
    projectTags: jsonb('project_tags').$type<string[]>().notNull().default([]),
    /** The canvas layout: type, template, and per section a name, hidden flag and order. */
    canvas: jsonb('canvas').$type<ProjectCanvas>().notNull().default({}),
    customFields: jsonb('custom_fields').$type<ProjectCustomField[]>().notNull().default([]),
    prioritization: text('prioritization').notNull().default('ice'),
    /** Dashboard statements (who for, problem, solution, why not, why now; description is above). */
    dashboard: jsonb('dashboard').$type<ProjectDashboardTexts>().notNull().default({}),
    market: jsonb('market').$type<ProjectMarket>().notNull().default(EMPTY_MARKET),
    investment: jsonb('investment').$type<ProjectInvestment>().notNull().default(EMPTY_INVESTMENT),
    /** The petal diagram: categories of alternatives and competitors, with their companies. */
    petal: jsonb('petal').$type<PetalDiagram>().notNull().default(EMPTY_PETAL),
    /** What the agent last wrote (dashboard statements, market notes), to tell a person's edits apart. */
    generated: jsonb('generated').$type<ProjectGenerated>().notNull().default({}),
    /** The local part of the project's inbox address (part 2 §3 Project email). */
    email: text('email'),
    /** The cohort this project is a team of (academic license), if any. */
    cohortId: uuid('cohort_id'),
    /** A cohort's Sample Team: left out of lists and leaderboards, sorted last. */
    isSample: boolean('is_sample').notNull().default(false),
    /** Moves with every card change in the project, so boards can be cached safely. */
    cardsVersion: integer('cards_version').notNull().default(0),
    createdByProfileId: uuid('created_by_profile_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // One evidence locker per organisation.
    uniqueIndex('projects_organization_locker_idx')
      .on(t.organizationId)
      .where(sql`${t.kind} = 'locker'`),
    index('projects_organization_status_idx').on(t.organizationId, t.status),
    index('projects_organization_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('projects_email_idx')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    index('projects_cohort_idx')
      .on(t.cohortId)
      .where(sql`${t.cohortId} is not null`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;

/**
 * A project's write-ups: its dashboard statements, market, investment, petal diagram and what the
 * agent last wrote. An AI-drafted project's run to tens of KB; only the screens that show or
 * change them read them.
 */
const {
  dashboard: _dashboard,
  market: _market,
  investment: _investment,
  petal: _petal,
  generated: _generated,
  ...accessColumns
} = getTableColumns(projects);
export type ProjectWriteUpKey = 'dashboard' | 'market' | 'investment' | 'petal' | 'generated';
/**
 * A project as each request about it reads it (its access check, its canvas): everything but its
 * write-ups (#28: on a drafted project they were most of every such request's database read).
 */
export const projectAccessColumns = accessColumns;
export type ProjectAccessRow = Omit<ProjectRow, ProjectWriteUpKey>;

export const projectMembers = pgTable(
  'project_members',
  {
    id: idColumn(),
    organizationId: organizationIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** owner, admin, collaborator, viewer, observer, commenter, limitedContributor */
    role: text('role').notNull(),
    /** A commenter invited as a coach (cohort teams): shown as Coach. */
    isGuest: boolean('is_guest').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('project_members_project_profile_idx').on(t.projectId, t.profileId),
    index('project_members_profile_idx').on(t.profileId),
  ],
);
